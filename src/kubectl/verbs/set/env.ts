/**
 * `kubectl set env (TYPE NAME | TYPE/NAME) KEY=VAL ... KEY- [-c glob] [--list]
 * [--overwrite=false] [--from=configmap/NAME|secret/NAME [--prefix]]`.
 */
import { CliError } from '../../cli/errors.ts';
import type { Invocation, Verb } from '../../cli/verb.ts';
import { getObject } from '../../resource/fetch.ts';
import { resolveType } from '../../resource/resolve.ts';
import { globMatch, podSpecOf, resolveTargets } from '../../resource/workloads.ts';
import { finish, patchTargets, podSpec, splitPairs } from './patch.ts';
import { ENV_NAME_MSG, envNameProblems } from '../create/key-names.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: Any;
}


function parseEnv(specs: string[]): { env: EnvVar[]; remove: string[] } {
  const env: EnvVar[] = [];
  const remove: string[] = [];
  for (const s of specs) {
    const eq = s.indexOf('=');
    if (eq >= 0) {
      const name = s.slice(0, eq);
      if (envNameProblems(name).length) throw new CliError(`"${name}" is not a valid key name: ${ENV_NAME_MSG}`);
      env.push({ name, value: s.slice(eq + 1) });
    } else if (s.endsWith('-')) remove.push(s.slice(0, -1));
    else throw new CliError(`unknown environment variable: ${s}`);
  }
  return { env, remove };
}

/** Env vars referencing every key of `--from=configmap/x` or `secret/x` (names upper-cased, sanitised). */
function fromSource(inv: Invocation): EnvVar[] {
  const from = inv.flags.str('from');
  if (!from) return [];
  const slash = from.indexOf('/');
  const type = resolveType(slash < 0 ? from : from.slice(0, slash));
  const obj = getObject(inv, type, from.slice(slash + 1));
  const keys = Object.keys((obj.data ?? {}) as object).sort();
  const only = inv.flags.list('keys');
  const prefix = inv.flags.str('prefix');
  const refKind = type.kind === 'Secret' ? 'secretKeyRef' : 'configMapKeyRef';
  if (type.kind !== 'Secret' && type.kind !== 'ConfigMap') throw new CliError(`unsupported resource specified in --from`);
  return keys
    .filter((k) => !only.length || only.includes(k))
    .map((k) => ({ name: prefix + k.replace(/[^A-Za-z0-9_]/g, '_').toUpperCase(), valueFrom: { [refKind]: { key: k, name: obj.metadata.name } } }));
}

function updateEnv(existing: EnvVar[], env: EnvVar[], remove: string[]): EnvVar[] {
  const out: EnvVar[] = [];
  const covered = new Set(remove);
  for (const e of existing) {
    if (covered.has(e.name)) continue;
    const newer = env.find((n) => n.name === e.name);
    if (newer) {
      covered.add(e.name);
      out.push(newer);
    } else out.push(e);
  }
  for (const e of env) {
    if (covered.has(e.name)) continue;
    covered.add(e.name);
    out.push(e);
  }
  return out;
}

function refString(vf: Any): string {
  if (vf.fieldRef) return `field path ${vf.fieldRef.fieldPath}`;
  if (vf.resourceFieldRef) return `resource ${vf.resourceFieldRef.resource}`;
  if (vf.configMapKeyRef) return `configmap ${vf.configMapKeyRef.name}, key ${vf.configMapKeyRef.key}`;
  if (vf.secretKeyRef) return `secret ${vf.secretKeyRef.name}, key ${vf.secretKeyRef.key}`;
  return 'invalid valueFrom';
}

function selected(spec: Any, selector: string): Any[] {
  return [...(spec.containers ?? []), ...(spec.initContainers ?? [])].filter((c: Any) => globMatch(selector, c.name));
}

export const envCommand: Verb = {
  name: 'env',
  short: 'Update environment variables on a pod template',
  run: async (inv) => {
    if (!inv.args.length && !inv.flags.list('filename').length) {
      throw new CliError('one or more resources must be specified as <resource> <name> or <resource>/<name>');
    }
    const { resources, pairs } = splitPairs(inv.args, 'env');
    const { env, remove } = parseEnv([...inv.flags.all('env'), ...pairs]);
    const selector = inv.flags.str('containers') || '*';
    if (inv.flags.bool('list')) {
      for (const { obj } of resolveTargets(inv, resources)) {
        const spec: Any = podSpecOf(obj) ?? {};
        for (const c of selected(spec, selector)) {
          inv.out(`# ${obj.kind} ${obj.metadata.name}, container ${c.name}\n`);
          for (const e of (c.env ?? []) as EnvVar[]) {
            inv.out(e.valueFrom ? `# ${e.name} from ${refString(e.valueFrom)}\n` : `${e.name}=${e.value ?? ''}\n`);
          }
        }
      }
      return 0;
    }
    const all = [...env, ...fromSource(inv)];
    const overwrite = inv.flags.bool('overwrite');
    const errors = patchTargets(
      inv,
      resources,
      (obj, errs) => {
        const containers = selected(podSpec(obj), selector);
        if (!containers.length) {
          inv.err(`warning: ${obj.kind}/${obj.metadata.name} does not have any containers matching "${selector}"\n`);
          return;
        }
        for (const c of containers) {
          const existing: EnvVar[] = c.env ?? [];
          if (!overwrite) {
            const clash = all.find((e) => existing.some((x) => x.name === e.name && x.value !== e.value));
            if (clash) {
              const cur = existing.find((x) => x.name === clash.name)!;
              errs.push(`'${cur.name}' already has a value (${cur.value ?? ''}), and --overwrite is false`);
              return;
            }
          }
          const next = updateEnv(existing, all, remove);
          if (next.length) c.env = next;
          else delete c.env;
        }
      },
      'env updated',
    );
    return finish(inv, errors);
  },
};
