/**
 * `kubectl top pod|node`: resource usage from the metrics API (metrics.k8s.io/v1beta1).
 * Without metrics-server there is no such API and kubectl says `Metrics API not available`;
 * while its APIService has no ready backend the aggregator answers ServiceUnavailable; Pods
 * (or nodes) not yet scraped twice have no metrics (`metrics not available yet`).
 */
import { nodeAllocatable, type KubeClient } from '../../../sim/index.ts';
import { CliError, usageError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation, Verb } from '../../cli/verb.ts';
import { HELP, loadHelpTexts } from '../../help/texts.ts';
import { formatTable } from '../../printers/table-writer.ts';
import { selectorFilter } from '../../resource/fetch.ts';

const MI = 1024 * 1024;
const cpu = (milli: number) => `${milli}m`;
const mem = (bytes: number) => `${Math.floor(bytes / MI)}Mi`;

/** The aggregator's answer when the APIService exists but its backend is not ready. */
function unavailable(resource: string): CliError {
  return new CliError(`Error from server (ServiceUnavailable): the server is currently unable to handle the request (get ${resource}.metrics.k8s.io)`, {
    plain: true,
  });
}

function checkApi(client: KubeClient, resource: string): void {
  const state = client.metrics.state();
  if (state === 'absent') throw new CliError('Metrics API not available');
  if (state === 'unavailable') throw unavailable(resource);
}

function sortBy(inv: Invocation): 'cpu' | 'memory' | '' {
  const s = inv.flags.str('sort-by');
  if (s !== '' && s !== 'cpu' && s !== 'memory') throw new CliError('--sort-by accepts only cpu or memory');
  return s as 'cpu' | 'memory' | '';
}

function print(inv: Invocation, header: string[], rows: string[][]): void {
  inv.out(formatTable(inv.flags.bool('no-headers') ? rows : [header, ...rows]));
}

async function topPod(inv: Invocation): Promise<number> {
  if (inv.args.length > 1) throw new CliError('unexpected args: ' + JSON.stringify(inv.args.slice(1)).replace(/"/g, '').replace(/,/g, ' '));
  const order = sortBy(inv);
  checkApi(inv.client, 'pods');
  const all = inv.flags.bool('all-namespaces');
  const ns = all ? undefined : inv.namespace;
  const name = inv.args[0];
  const filter = selectorFilter(inv);
  const pods = inv.client.list('pods', { namespace: ns }).items.filter((p) => !filter || filter(p));
  const wanted = new Set(pods.filter((p) => !name || p.metadata.name === name).map((p) => `${p.metadata.namespace}/${p.metadata.name}`));
  let items = inv.client.metrics.pods(ns).filter((m) => wanted.has(`${m.namespace}/${m.name}`));
  if (name && !items.length) {
    if (wanted.size) throw new CliError('metrics not available yet');
    throw new CliError(`Error from server (NotFound): podmetrics.metrics.k8s.io "${inv.namespace}/${name}" not found`, { plain: true });
  }
  if (!items.length) {
    if (wanted.size) throw new CliError('metrics not available yet');
    inv.err(all ? 'No resources found\n' : `No resources found in ${inv.namespace} namespace.\n`);
    return 0;
  }
  const total = (m: (typeof items)[number], k: 'cpuMilli' | 'memoryBytes') => m.containers.reduce((a, c) => a + c[k], 0);
  if (order) items = [...items].sort((a, b) => total(b, order === 'cpu' ? 'cpuMilli' : 'memoryBytes') - total(a, order === 'cpu' ? 'cpuMilli' : 'memoryBytes'));
  const containers = inv.flags.bool('containers');
  const header = [...(all ? ['NAMESPACE'] : []), ...(containers ? ['POD'] : []), 'NAME', 'CPU(cores)', 'MEMORY(bytes)'];
  const rows: string[][] = [];
  for (const m of items) {
    const lead = all ? [m.namespace] : [];
    if (containers) for (const c of m.containers) rows.push([...lead, m.name, c.name, cpu(c.cpuMilli), mem(c.memoryBytes)]);
    else rows.push([...lead, m.name, cpu(total(m, 'cpuMilli')), mem(total(m, 'memoryBytes'))]);
  }
  if (inv.flags.bool('sum')) {
    const sumCpu = items.reduce((a, m) => a + total(m, 'cpuMilli'), 0);
    const sumMem = items.reduce((a, m) => a + total(m, 'memoryBytes'), 0);
    const blank = header.slice(0, -2).map(() => '');
    rows.push([...blank, '________', '________'], [...blank, cpu(sumCpu), mem(sumMem)]);
  }
  print(inv, header, rows);
  return 0;
}

async function topNode(inv: Invocation): Promise<number> {
  if (inv.args.length > 1) throw new CliError('unexpected args: ' + JSON.stringify(inv.args.slice(1)).replace(/"/g, '').replace(/,/g, ' '));
  const order = sortBy(inv);
  checkApi(inv.client, 'nodes');
  const name = inv.args[0];
  const filter = selectorFilter(inv);
  let nodes = inv.client.list('nodes').items.filter((n) => (!filter || filter(n)) && (!name || n.metadata.name === name));
  if (name && !nodes.length) throw new CliError(`Error from server (NotFound): nodemetrics.metrics.k8s.io "${name}" not found`, { plain: true });
  const metrics = new Map(inv.client.metrics.nodes().map((m) => [m.name, m]));
  if (!nodes.some((n) => metrics.has(n.metadata.name!))) throw new CliError('metrics not available yet');
  if (order)
    nodes = [...nodes].sort((a, b) => {
      const k = order === 'cpu' ? 'cpuMilli' : 'memoryBytes';
      return (metrics.get(b.metadata.name!)?.[k] ?? -1) - (metrics.get(a.metadata.name!)?.[k] ?? -1);
    });
  const capacity = inv.flags.bool('show-capacity');
  const rows = nodes.map((n) => {
    const m = metrics.get(n.metadata.name!);
    if (!m) return [n.metadata.name!, '<unknown>', '<unknown>', '<unknown>', '<unknown>'];
    const avail = nodeAllocatable(capacity ? { ...n, status: { ...n.status, allocatable: n.status?.capacity } } : n);
    const pct = (used: number, of: number) => `${of > 0 ? Math.trunc((used / of) * 100) : 0}%`;
    return [n.metadata.name!, cpu(m.cpuMilli), pct(m.cpuMilli, avail.cpuMilli), mem(m.memoryBytes), pct(m.memoryBytes, avail.memoryBytes)];
  });
  print(inv, ['NAME', 'CPU(cores)', 'CPU(%)', 'MEMORY(bytes)', 'MEMORY(%)'], rows);
  return 0;
}

const subcommands: Verb[] = [
  { name: 'pod', aliases: ['pods', 'po'], short: 'Display resource (CPU/memory) usage of pods', run: topPod },
  { name: 'node', aliases: ['nodes', 'no'], short: 'Display resource (CPU/memory) usage of nodes', run: topNode },
];

async function run(inv: Invocation): Promise<number> {
  if (inv.args.length === 0) {
    // Bare `top` prints its help, which the dispatcher does not load for it; without this the
    // first run would print nothing.
    await inv.ctx.loadCode(loadHelpTexts());
    inv.out(HELP['top'] ?? '');
    return 0;
  }
  throw usageError('top', `unknown command "${inv.args.join(' ')}"`);
}

registerVerb({ name: 'top', short: 'Display resource (CPU/memory) usage', subcommands, run });
