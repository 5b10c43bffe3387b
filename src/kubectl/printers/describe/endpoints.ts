/** `kubectl describe endpoints` and `describe endpointslice` (describe.go describeEndpoints, describeEndpointSliceV1). */
import type { KubeObject } from '../../../sim/index.ts';
import { annotationItems, describeEvents, labelItems, multiline, registerDescriber, type DescribeContext } from './common.ts';
import { PrefixWriter } from './prefix-writer.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = Record<string, any>;

function header(w: PrefixWriter, obj: KubeObject): void {
  w.write(0, `Name:\t${obj.metadata.name}\n`);
  w.write(0, `Namespace:\t${obj.metadata.namespace}\n`);
  multiline(w, 0, 'Labels', labelItems(obj.metadata.labels));
  multiline(w, 0, 'Annotations', annotationItems(obj.metadata.annotations));
}

/** Endpoints: each subset's ready and not-ready addresses and its ports. */
export function describeEndpoints(ep: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  header(w, ep);
  w.write(0, 'Subsets:\n');
  for (const s of (ep.subsets as Any[] | undefined) ?? []) {
    const ips = (list?: Any[]) => (list ?? []).map((a) => a.ip).join(',') || '<none>';
    w.write(1, `Addresses:\t${ips(s.addresses)}\n`);
    w.write(1, `NotReadyAddresses:\t${ips(s.notReadyAddresses)}\n`);
    if ((s.ports ?? []).length) {
      w.write(1, 'Ports:\n');
      w.write(2, 'Name\tPort\tProtocol\n');
      w.write(2, '----\t----\t--------\n');
      for (const p of s.ports as Any[]) w.write(2, `${p.name || '<unset>'}\t${p.port}\t${p.protocol ?? 'TCP'}\n`);
    }
    w.write(0, '\n');
  }
  describeEvents(w, ep, ctx);
  return w.toString();
}

/** EndpointSlice: address type, ports, then each endpoint with its conditions and Pod. */
export function describeEndpointSlice(eps: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  header(w, eps);
  w.write(0, `AddressType:\t${eps.addressType ?? 'IPv4'}\n`);
  const ports = (eps.ports as Any[] | undefined) ?? [];
  if (!ports.length) w.write(0, 'Ports: <unset>\n');
  else {
    w.write(0, 'Ports:\n');
    w.write(1, 'Name\tPort\tProtocol\n');
    w.write(1, '----\t----\t--------\n');
    for (const p of ports) w.write(1, `${p.name || '<unset>'}\t${p.port ?? '<unset>'}\t${p.protocol ?? 'TCP'}\n`);
  }
  const endpoints = (eps.endpoints as Any[] | undefined) ?? [];
  if (!endpoints.length) w.write(0, 'Endpoints: <none>\n');
  else {
    w.write(0, 'Endpoints:\n');
    for (const e of endpoints) {
      w.write(1, `- Addresses:\t${((e.addresses as string[]) ?? []).join(', ') || '<none>'}\n`);
      w.write(2, 'Conditions:\n');
      w.write(3, `Ready:\t${e.conditions?.ready === undefined ? '<unset>' : String(e.conditions.ready)}\n`);
      w.write(2, `Hostname:\t${e.hostname ?? '<unset>'}\n`);
      if (e.targetRef) w.write(2, `TargetRef:\t${e.targetRef.kind}/${e.targetRef.name}\n`);
      w.write(2, `NodeName:\t${e.nodeName ?? '<unset>'}\n`);
      w.write(2, `Zone:\t${e.zone ?? '<unset>'}\n`);
    }
  }
  describeEvents(w, eps, ctx);
  return w.toString();
}

registerDescriber('endpoints', describeEndpoints);
registerDescriber('endpointslices.discovery.k8s.io', describeEndpointSlice);
