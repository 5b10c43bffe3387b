/**
 * `kubectl run NAME --image=IMAGE`: builds the Pod kubectl's generator builds (labels
 * `run=NAME` unless `--labels`, `--port`, `--env`, args after `--`, `--command`,
 * `--restart`, `--overrides`) and creates it, or prints it for `--dry-run=client -o yaml`.
 */
import type { KubeObject } from '../../../sim/index.ts';
import { CliError, usageError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';
import { resolveType } from '../../resource/resolve.ts';
import { checkWriteOutput, dryRunOf, printWarnings, printWritten, validationOf } from '../../resource/write.ts';
import { mergeOverrides } from './overrides.ts';
import { attachToPod } from './attach.ts';
import { buildRunService } from './expose-service.ts';

function keyValues(items: string[], what: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of items) {
    const i = item.indexOf('=');
    if (i <= 0) throw new CliError(`invalid ${what}: ${JSON.stringify(item)}`);
    out[item.slice(0, i)] = item.slice(i + 1);
  }
  return out;
}

/** The Pod `kubectl run` generates (before the API server's defaulting). */
export function buildPod(inv: Invocation, name: string): KubeObject {
  const f = inv.flags;
  // run.go's getRestartPolicy: OnFailure by default when stdin is attached.
  const restart = (f.has('restart') && f.str('restart')) || (f.bool('stdin') ? 'OnFailure' : 'Always');
  if (!['Always', 'OnFailure', 'Never'].includes(restart)) throw usageError('run', `invalid restart policy: ${restart}`);
  const container: Record<string, unknown> = { name, image: f.str('image') };
  const rest = inv.args.slice(1);
  if (rest.length) container[f.bool('command') ? 'command' : 'args'] = rest;
  const env = f.all('env');
  if (env.length) {
    container.env = env.map((e) => {
      const i = e.indexOf('=');
      if (i <= 0) throw new CliError(`invalid env: ${e}`);
      return { name: e.slice(0, i), value: e.slice(i + 1) };
    });
  }
  if (f.has('image-pull-policy') && f.str('image-pull-policy')) container.imagePullPolicy = f.str('image-pull-policy');
  if (f.has('port') && f.str('port') !== '' && f.str('port') !== '-1') {
    const port = Number(f.str('port'));
    if (!Number.isInteger(port)) throw new CliError(`strconv.Atoi: parsing "${f.str('port')}": invalid syntax`);
    container.ports = [{ containerPort: port }];
  }
  container.resources = {};
  if (f.bool('stdin')) {
    container.stdin = true;
    container.stdinOnce = !f.bool('leave-stdin-open');
  }
  if (f.bool('tty')) container.tty = true;
  const labels = f.str('labels') ? keyValues(f.str('labels').split(','), 'label') : { run: name };
  const metadata: KubeObject['metadata'] = { creationTimestamp: null as unknown as string, labels, name };
  const annotations = f.all('annotations');
  if (annotations.length) metadata.annotations = keyValues(annotations, 'annotation');
  if (inv.namespaceExplicit) metadata.namespace = inv.namespace;
  const pod: KubeObject = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata,
    spec: { containers: [container], dnsPolicy: 'ClusterFirst', restartPolicy: restart },
    status: {},
  };
  const overrides = f.str('overrides');
  return overrides ? mergeOverrides(pod, overrides) : pod;
}

const ATTACHED_DRY_RUN = "--dry-run=[server|client] can't be used with attached containers options (--attach, --stdin, or --tty)";

/** Creates `obj` (or only checks it, server-side) the way run.go's createGeneratedObject does. */
function create(inv: Invocation, plural: string, obj: KubeObject, dry: 'none' | 'server'): KubeObject {
  const input = { ...obj, metadata: { ...obj.metadata, namespace: inv.namespace } };
  delete (input.metadata as Record<string, unknown>).creationTimestamp;
  delete input.status;
  const res = inv.client.create(plural, input, { dryRun: dry === 'server', fieldValidation: validationOf(inv) });
  printWarnings(inv, res.warnings);
  return res.object;
}

async function run(inv: Invocation): Promise<number> {
  const f = inv.flags;
  const name = inv.args[0];
  if (!name || inv.dashAt === 0) throw usageError('run', 'NAME is required for run');
  if (!f.str('image')) throw new CliError('required flag(s) "image" not set');
  // The checks of run.go's Run, in its order.
  if (f.bool('tty') && !f.bool('stdin')) throw usageError('run', '-i/--stdin is required for containers with -t/--tty=true');
  if (f.bool('expose') && !f.str('port')) throw usageError('run', '--port must be set when exposing a service');
  checkWriteOutput(inv);
  const dry = dryRunOf(inv);
  const pull = f.str('image-pull-policy');
  if (pull && !['Always', 'IfNotPresent', 'Never'].includes(pull)) throw usageError('run', `invalid image pull policy: ${pull}`);
  // -i attaches unless --attach is given explicitly (--attach=false).
  const attach = f.has('attach') ? f.bool('attach') : f.bool('stdin');
  if (f.bool('rm') && !attach) throw usageError('run', '--rm should only be used for attached containers');
  if (attach && dry !== 'none') throw usageError('run', ATTACHED_DRY_RUN);
  const pod = buildPod(inv, name);
  const pods = resolveType('pods');
  const created = dry === 'client' ? pod : create(inv, 'pods', pod, dry);
  const extra: KubeObject[] = [];
  if (f.bool('expose')) {
    // generateService prints the Service at once (then `---` for YAML); the Pod comes last.
    const svc = buildRunService(inv, name);
    const made = dry === 'client' ? svc : create(inv, 'services', svc, dry);
    extra.push(made);
    printWritten(inv, resolveType('services'), made, 'created', dry);
    if (f.str('output') === 'yaml') inv.out('---\n');
  }
  if (attach) return attachToPod(inv, created, extra);
  printWritten(inv, pods, created, 'created', dry);
  return 0;
}

registerVerb({ name: 'run', short: 'Run a particular image on the cluster', run });
