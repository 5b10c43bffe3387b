/**
 * `kubectl cluster-info dump` (clusterinfo_dump.go): the nodes, then for each namespace
 * (kube-system and the current one by default, `--namespaces`, or `-A`) its events,
 * replication controllers, services, daemon sets, deployments, replica sets and pods as lists
 * (JSON by default, `-o yaml`), then every container's logs between `==== START logs ...` and
 * `==== END logs ...` lines, ending with `Cluster info dumped to standard output`. With
 * `--output-directory` each part goes to its own file (`nodes.json`,
 * `NAMESPACE/pods.json`, `NAMESPACE/POD/logs.txt`).
 *
 * The lists are the API server's (typed lists: items without kind and apiVersion, fields in
 * the order `get --raw` gives them), printed by kubectl's JSON printer (four-space indent).
 */
import { ApiError, type KubeObject } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import type { Invocation, Verb } from '../../cli/verb.ts';
import { toStructJson } from '../../printers/json.ts';
import { WRITE_FORMATS } from '../../printers/output.ts';
import { toYaml } from '../../printers/yaml.ts';
import { rawBody } from '../get/raw.ts';

/** The parts of each namespace, in dump order: file name and list path. */
const PARTS: [string, string][] = [
  ['events', '/api/v1/namespaces/NS/events'],
  ['replication-controllers', '/api/v1/namespaces/NS/replicationcontrollers'],
  ['services', '/api/v1/namespaces/NS/services'],
  ['daemonsets', '/apis/apps/v1/namespaces/NS/daemonsets'],
  ['deployments', '/apis/apps/v1/namespaces/NS/deployments'],
  ['replicasets', '/apis/apps/v1/namespaces/NS/replicasets'],
  ['pods', '/api/v1/namespaces/NS/pods'],
];

/** A list as the typed client returns it, without managed fields. */
function list(inv: Invocation, path: string): Record<string, unknown> {
  const l = JSON.parse(rawBody(inv, path)) as { items: KubeObject[] };
  for (const item of l.items) delete item.metadata.managedFields;
  return l as unknown as Record<string, unknown>;
}

/** One container's logs between kubectl's markers. */
function containerLogs(inv: Invocation, pod: KubeObject, container: string): string {
  const where = `container ${container} of pod ${pod.metadata.namespace}/${pod.metadata.name}`;
  let body: string;
  try {
    body = inv.client.logs(pod.metadata.namespace!, pod.metadata.name!, { container });
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    body = `Request log error: ${e.message}\n`;
  }
  return `==== START logs for ${where} ====\n${body}==== END logs for ${where} ====\n`;
}

export const dump: Verb = {
  name: 'dump',
  short: 'Dump relevant information for debugging and diagnosis',
  run: async (inv) => {
    const format = inv.flags.str('output') || 'json';
    if (format !== 'json' && format !== 'yaml') {
      throw new CliError(`unable to match a printer suitable for the output format "${format}", allowed formats are: ${WRITE_FORMATS}`);
    }
    const print = (v: Record<string, unknown>) => (format === 'json' ? toStructJson(v) : toYaml(v));
    const ext = format === 'json' ? '.json' : '.yaml';
    const dir = inv.flags.str('output-directory');
    const fs = inv.ctx.fs;
    const root = dir ? (dir.startsWith('/') ? dir : `${inv.ctx.cwd.replace(/\/$/, '')}/${dir}`).replace(/\/$/, '') : '';
    // Each file is created (truncated) on its first write of this run; a pod's containers share one.
    const written = new Set<string>();
    const write = (name: string, fileExt: string, text: string) => {
      if (!root) return inv.out(text);
      const path = `${root}/${name}${fileExt}`;
      fs.mkdir?.(path.slice(0, path.lastIndexOf('/')));
      fs.write(path, (written.has(path) ? (fs.read(path) ?? '') : '') + text);
      written.add(path);
    };
    write('nodes', ext, print(list(inv, '/api/v1/nodes')));
    const namespaces = inv.flags.bool('all-namespaces')
      ? inv.client.list('namespaces').items.map((n) => n.metadata.name!)
      : inv.flags.list('namespaces').length
        ? inv.flags.list('namespaces')
        : ['kube-system', inv.namespace];
    for (const ns of namespaces) {
      let pods: KubeObject[] = [];
      for (const [name, path] of PARTS) {
        const l = list(inv, path.replace('NS', ns));
        if (name === 'pods') pods = l.items as KubeObject[];
        write(`${ns}/${name}`, ext, print(l));
      }
      for (const pod of pods) {
        const containers = [...((pod.spec?.initContainers ?? []) as { name: string }[]), ...((pod.spec?.containers ?? []) as { name: string }[])];
        for (const c of containers) write(`${ns}/${pod.metadata.name}/logs`, '.txt', containerLogs(inv, { ...pod, metadata: { ...pod.metadata, namespace: ns } }, c.name));
      }
    }
    if (dir !== '-') inv.out(`Cluster info dumped to ${dir || 'standard output'}\n`);
    return 0;
  },
};
