/**
 * `kubectl rollout pause | resume | restart`: each patches the object (spec.paused, or the
 * template annotation kubectl.kubernetes.io/restartedAt) and prints `paused` / `resumed` /
 * `restarted`; refusals are collected and reported together at the end, as kubectl does.
 */
import { clone, type KubeObject } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import type { Invocation, Verb } from '../../cli/verb.ts';
import { canonical, type Target } from '../../resource/workloads.ts';
import { keyOf, kindPrefix } from '../../resource/resolve.ts';
import { resourceString, rolloutTargets } from './targets.ts';

/** Mutates `obj` in place or throws the reason kubectl gives. */
type Mutation = (obj: KubeObject, now: number) => void;

const RESTARTED_AT = 'kubectl.kubernetes.io/restartedAt';

function isApps(t: Target, kinds: string[]): boolean {
  return t.type.group === 'apps' && kinds.includes(t.type.kind);
}

const pause: Mutation = (obj) => {
  if (obj.kind !== 'Deployment') throw new Error('pausing is not supported');
  if (obj.spec?.paused) throw new Error('is already paused');
  obj.spec.paused = true;
};

const resume: Mutation = (obj) => {
  if (obj.kind !== 'Deployment') throw new Error('resuming is not supported');
  if (!obj.spec?.paused) throw new Error('is not paused');
  delete obj.spec.paused;
};

const restart: Mutation = (obj, now) => {
  if (!['Deployment', 'DaemonSet', 'StatefulSet'].includes(String(obj.kind))) throw new Error('restarting is not supported');
  if (obj.kind === 'Deployment' && obj.spec?.paused) throw new Error("can't restart paused deployment (run rollout resume first)");
  const t = obj.spec.template;
  t.metadata ??= {};
  t.metadata.annotations = { ...(t.metadata.annotations ?? {}), [RESTARTED_AT]: new Date(now).toISOString().replace(/\.\d{3}Z$/, 'Z') };
};

async function patchEach(inv: Invocation, mutate: Mutation, done: string, restartErrors: boolean): Promise<number> {
  const errors: string[] = [];
  for (const t of rolloutTargets(inv)) {
    const name = t.obj.metadata.name!;
    const copy = clone(t.obj);
    try {
      if (!isApps(t, ['Deployment', 'DaemonSet', 'StatefulSet']) && !restartErrors) {
        throw new Error(done === 'paused' ? 'pausing is not supported' : 'resuming is not supported');
      }
      mutate(copy, inv.client.now());
    } catch (e) {
      const msg = (e as Error).message;
      errors.push(
        restartErrors
          ? `failed to create patch for ${name}: if restart has already been triggered within the past second, please wait before attempting to trigger another: ${msg}`
          : `error: ${resourceString(t.type)} "${name}" ${msg}`,
      );
      continue;
    }
    if (canonical(copy) === canonical(t.obj)) {
      errors.push(`failed to create patch for ${name}: if restart has already been triggered within the past second, please wait before attempting to trigger another`);
      continue;
    }
    delete copy.metadata.resourceVersion;
    inv.client.update(keyOf(t.type), copy);
    inv.out(`${kindPrefix(t.type)}/${name} ${done}\n`);
  }
  if (!errors.length) return 0;
  const text = errors.length === 1 ? errors[0]! : `[${errors.join(', ')}]`;
  throw new CliError(text.startsWith('error: ') ? text : `error: ${text}`, { plain: true });
}

export const pauseCommand: Verb = { name: 'pause', short: 'Mark the provided resource as paused', run: (inv) => patchEach(inv, pause, 'paused', false) };
export const resumeCommand: Verb = { name: 'resume', short: 'Resume a paused resource', run: (inv) => patchEach(inv, resume, 'resumed', false) };
export const restartCommand: Verb = { name: 'restart', short: 'Restart a resource', run: (inv) => patchEach(inv, restart, 'restarted', true) };
