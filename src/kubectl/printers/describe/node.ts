/**
 * `kubectl describe node` (describe.go describeNode): identity, taints, lease, conditions,
 * addresses, capacity, system info, the pods on the node with their requests, allocated
 * resources as a share of allocatable, and events.
 */
import { addQuantity, formatQuantity, milliValue, parseQuantity, type KubeObject, type Quantity } from '../../../sim/index.ts';
import { annotationItems, describeEvents, labelItems, multiline, registerDescriber, rfc1123z, since, type DescribeContext } from './common.ts';
import { PrefixWriter } from './prefix-writer.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;

function roles(labels: Record<string, string> | undefined): string {
  const r = Object.keys(labels ?? {})
    .filter((k) => k.startsWith('node-role.kubernetes.io/'))
    .map((k) => k.slice('node-role.kubernetes.io/'.length))
    .filter((x) => x)
    .sort();
  return r.length ? r.join(',') : '<none>';
}

function sum(pods: KubeObject[], field: 'requests' | 'limits', res: string): Quantity {
  // Start from the first value (not zero) so the sum keeps its format: `50Mi`, not `52428800`.
  let total: Quantity | undefined;
  for (const p of pods) {
    for (const c of (p.spec?.containers ?? []) as Any[]) {
      const v = c.resources?.[field]?.[res];
      if (v !== undefined) total = total ? addQuantity(total, parseQuantity(v)) : parseQuantity(v);
    }
  }
  return total ?? parseQuantity(0);
}

function pct(q: Quantity, alloc: string | undefined): number {
  if (!alloc) return 0;
  const a = milliValue(parseQuantity(alloc));
  return a === 0 ? 0 : Math.floor((milliValue(q) * 100) / a);
}

function cell(q: Quantity, alloc: string | undefined): string {
  return `${formatQuantity(q)} (${pct(q, alloc)}%)`;
}

/** Kubernetes' IsExtendedResourceName: a qualified name outside the kubernetes.io namespace. */
function isExtendedResource(name: string): boolean {
  if (!name.includes('/') || name.startsWith('requests.')) return false;
  const prefix = name.slice(0, name.indexOf('/'));
  return prefix !== 'kubernetes.io' && !prefix.endsWith('.kubernetes.io');
}

/** Describes one Node. */
export function describeNode(node: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const md = node.metadata;
  const spec: Any = node.spec ?? {};
  const st: Any = node.status ?? {};
  w.write(0, `Name:\t${md.name}\n`);
  w.write(0, `Roles:\t${roles(md.labels)}\n`);
  multiline(w, 0, 'Labels', labelItems(md.labels));
  multiline(w, 0, 'Annotations', annotationItems(md.annotations));
  w.write(0, `CreationTimestamp:\t${rfc1123z(md.creationTimestamp)}\n`);
  const taints = ((spec.taints ?? []) as Any[]).map((t) => `${t.key}${t.value ? '=' + t.value : ''}:${t.effect}`);
  multiline(w, 0, 'Taints', taints);
  w.write(0, `Unschedulable:\t${spec.unschedulable ? 'true' : 'false'}\n`);
  const lease = ctx.api.tryGet('leases.coordination.k8s.io', 'kube-node-lease', md.name!);
  w.write(0, 'Lease:\n');
  w.write(1, `HolderIdentity:\t${lease?.spec?.holderIdentity ?? '<unset>'}\n`);
  w.write(1, `AcquireTime:\t${lease?.spec?.acquireTime ? rfc1123z(lease.spec.acquireTime) : '<unset>'}\n`);
  w.write(1, `RenewTime:\t${lease?.spec?.renewTime ? rfc1123z(lease.spec.renewTime) : '<unset>'}\n`);
  const conditions = (st.conditions ?? []) as Any[];
  if (conditions.length) {
    w.write(0, 'Conditions:\n  Type\tStatus\tLastHeartbeatTime\tLastTransitionTime\tReason\tMessage\n');
    w.write(1, '----\t------\t-----------------\t------------------\t------\t-------\n');
    for (const c of conditions) {
      // kubectl writes each cell but the last with a trailing space ("%v \t%v \t..."), so the
      // condition rows make every column one wider than the header alone would.
      w.write(1, `${c.type} \t${c.status} \t${rfc1123z(c.lastHeartbeatTime)} \t${rfc1123z(c.lastTransitionTime)} \t${c.reason ?? ''} \t${c.message ?? ''}\n`);
    }
  }
  w.write(0, 'Addresses:\n');
  for (const a of (st.addresses ?? []) as Any[]) w.write(1, `${a.type}:\t${a.address}\n`);
  for (const [title, map] of [['Capacity', st.capacity], ['Allocatable', st.allocatable]] as const) {
    if (!map) continue;
    w.write(0, `${title}:\n`);
    for (const k of Object.keys(map).sort()) w.write(1, `${k}:\t${map[k]}\n`);
  }
  const ni: Any = st.nodeInfo ?? {};
  w.write(0, 'System Info:\n');
  const info: [string, string][] = [
    ['Machine ID', ni.machineID], ['System UUID', ni.systemUUID], ['Boot ID', ni.bootID], ['Kernel Version', ni.kernelVersion],
    ['OS Image', ni.osImage], ['Operating System', ni.operatingSystem], ['Architecture', ni.architecture],
    ['Container Runtime Version', ni.containerRuntimeVersion], ['Kubelet Version', ni.kubeletVersion], ['Kube-Proxy Version', ni.kubeProxyVersion],
  ];
  for (const [k, v] of info) w.write(1, `${k}:\t${v ?? ''}\n`);
  if (spec.podCIDR) w.write(0, `PodCIDR:\t${spec.podCIDR}\n`);
  if (spec.podCIDRs?.length) w.write(0, `PodCIDRs:\t${spec.podCIDRs.join(',')}\n`);
  if (spec.providerID) w.write(0, `ProviderID:\t${spec.providerID}\n`);
  // As kubectl asks: spec.nodeName=NODE,status.phase!=Succeeded,status.phase!=Failed.
  const pods = ctx.api.list('pods', { fieldSelector: `spec.nodeName=${md.name},status.phase!=Succeeded,status.phase!=Failed` }).items;
  const alloc: Any = st.allocatable ?? {};
  w.write(0, `Non-terminated Pods:\t(${pods.length} in total)\n`);
  w.write(1, 'Namespace\tName\tCPU Requests\tCPU Limits\tMemory Requests\tMemory Limits\tAge\n');
  w.write(1, '---------\t----\t------------\t----------\t---------------\t-------------\t---\n');
  for (const p of pods) {
    const one = [p];
    w.write(1, `${p.metadata.namespace}\t${p.metadata.name}\t${cell(sum(one, 'requests', 'cpu'), alloc.cpu)}\t${cell(sum(one, 'limits', 'cpu'), alloc.cpu)}\t${cell(sum(one, 'requests', 'memory'), alloc.memory)}\t${cell(sum(one, 'limits', 'memory'), alloc.memory)}\t${since(p.metadata.creationTimestamp, ctx.now)}\n`);
  }
  w.write(0, 'Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n');
  w.write(1, 'Resource\tRequests\tLimits\n');
  w.write(1, '--------\t--------\t------\n');
  const resources = ['cpu', 'memory', 'ephemeral-storage', ...Object.keys(st.capacity ?? {}).filter((k) => k.startsWith('hugepages-')).sort()];
  for (const r of resources) w.write(1, `${r}\t${cell(sum(pods, 'requests', r), alloc[r])}\t${cell(sum(pods, 'limits', r), alloc[r])}\n`);
  // Extended resources (nvidia.com/gpu ...) follow, sorted, as plain totals without a percentage.
  for (const r of Object.keys(alloc).filter(isExtendedResource).sort()) {
    w.write(1, `${r}\t${formatQuantity(sum(pods, 'requests', r))}\t${formatQuantity(sum(pods, 'limits', r))}\n`);
  }
  describeEvents(w, node, ctx);
  return w.toString();
}

registerDescriber('nodes', describeNode);
