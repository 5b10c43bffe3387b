/**
 * The Service `kubectl run --expose --port=P` creates beside its Pod (the ServiceV2 generator
 * run.go's generateService calls): named after the Pod, selecting `run=NAME` or the
 * `--labels`, which also label it; one TCP port P with targetPort P.
 */
import type { KubeObject } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import type { Invocation } from '../../cli/verb.ts';

function labelMap(s: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of s.split(',')) {
    const i = item.indexOf('=');
    if (i <= 0) throw new CliError(`invalid label spec: ${item}`);
    out[item.slice(0, i)] = item.slice(i + 1);
  }
  return out;
}

/** The Service kubectl generates for `run NAME --expose --port=P` (before defaulting). */
export function buildRunService(inv: Invocation, name: string): KubeObject {
  const portText = inv.flags.str('port');
  if (!/^\d+$/.test(portText)) throw new CliError(`strconv.Atoi: parsing "${portText}": invalid syntax`);
  const port = Number(portText);
  const given = inv.flags.str('labels');
  const metadata: KubeObject['metadata'] = { creationTimestamp: null as unknown as string, ...(given ? { labels: labelMap(given) } : {}), name };
  if (inv.namespaceExplicit) metadata.namespace = inv.namespace;
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata,
    spec: { ports: [{ port, protocol: 'TCP', targetPort: port }], selector: given ? labelMap(given) : { run: name } },
    status: { loadBalancer: {} },
  };
}
