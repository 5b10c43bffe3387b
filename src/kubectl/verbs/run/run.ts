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
  const restart = f.str('restart') || 'Always';
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

async function run(inv: Invocation): Promise<number> {
  const name = inv.args[0];
  if (!name || inv.dashAt === 0) throw usageError('run', 'NAME is required for run');
  if (!inv.flags.str('image')) throw new CliError('required flag(s) "image" not set');
  checkWriteOutput(inv);
  const dry = dryRunOf(inv);
  const attach = inv.flags.bool('stdin') || inv.flags.bool('attach');
  if (inv.flags.bool('rm') && !attach) throw new CliError('--rm should only be used for attached containers');
  const pod = buildPod(inv, name);
  const type = resolveType('pods');
  if (dry === 'client') {
    printWritten(inv, type, pod, 'created', dry);
    return 0;
  }
  const input = { ...pod, metadata: { ...pod.metadata, namespace: inv.namespace } };
  delete (input.metadata as Record<string, unknown>).creationTimestamp;
  delete input.status;
  const res = inv.cluster.api.create('pods', input, { dryRun: dry === 'server', fieldValidation: validationOf(inv) });
  printWarnings(inv, res.warnings);
  if (attach && dry === 'none') return attachToPod(inv, res.object, inv.args.slice(1));
  printWritten(inv, type, res.object, 'created', dry);
  return 0;
}

registerVerb({ name: 'run', short: 'Run a particular image on the cluster', run });
