/** `kubectl describe service` (describe.go describeService; endpoints from EndpointSlices). */
import type { KubeObject } from '../../../sim/index.ts';
import { annotationItems, describeEvents, labelItems, multiline, registerDescriber, type DescribeContext } from './common.ts';
import { PrefixWriter } from './prefix-writer.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;

/** The ready endpoints behind one Service port, `ip:port` joined by commas (at most 3, then `+ N more...`). */
export function endpointsFor(svc: KubeObject, port: Any, ctx: DescribeContext): string {
  const ns = svc.metadata.namespace;
  const slices = ctx.api
    .list('endpointslices.discovery.k8s.io', { namespace: ns })
    .items.filter((s) => s.metadata.labels?.['kubernetes.io/service-name'] === svc.metadata.name);
  const addrs: string[] = [];
  if (slices.length) {
    for (const s of slices) {
      const sp = ((s.ports as Any[]) ?? []).find((p) => (p.name ?? '') === (port.name ?? '')) ?? (s.ports as Any[])?.[0];
      if (!sp) continue;
      for (const e of (s.endpoints as Any[]) ?? []) {
        if (e.conditions?.ready === false) continue;
        for (const a of e.addresses ?? []) addrs.push(`${a}:${sp.port}`);
      }
    }
  } else {
    const ep = ctx.api.tryGet('endpoints', ns, svc.metadata.name!);
    for (const sub of (ep?.subsets as Any[]) ?? []) {
      const p = (sub.ports ?? []).find((x: Any) => (x.name ?? '') === (port.name ?? '')) ?? sub.ports?.[0];
      for (const a of sub.addresses ?? []) addrs.push(`${a.ip}:${p?.port ?? ''}`);
    }
  }
  return addrs.length > 3 ? `${addrs.slice(0, 3).join(',')} + ${addrs.length - 3} more...` : addrs.join(',');
}

/** Describes one Service. */
export function describeService(svc: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec: Any = svc.spec ?? {};
  w.write(0, `Name:\t${svc.metadata.name}\n`);
  w.write(0, `Namespace:\t${svc.metadata.namespace}\n`);
  multiline(w, 0, 'Labels', labelItems(svc.metadata.labels));
  multiline(w, 0, 'Annotations', annotationItems(svc.metadata.annotations));
  const sel = labelItems(spec.selector).join(',');
  w.write(0, `Selector:\t${sel || '<none>'}\n`);
  w.write(0, `Type:\t${spec.type ?? 'ClusterIP'}\n`);
  if (spec.ipFamilyPolicy) w.write(0, `IP Family Policy:\t${spec.ipFamilyPolicy}\n`);
  if (spec.ipFamilies?.length) w.write(0, `IP Families:\t${spec.ipFamilies.join(',')}\n`);
  if (spec.type !== 'ExternalName') {
    w.write(0, `IP:\t${spec.clusterIP ?? ''}\n`);
    if (spec.clusterIPs?.length) w.write(0, `IPs:\t${spec.clusterIPs.join(',')}\n`);
  }
  if (spec.externalIPs?.length) w.write(0, `External IPs:\t${spec.externalIPs.join(',')}\n`);
  const ingress = (svc.status?.loadBalancer?.ingress ?? []) as Any[];
  if (ingress.length) w.write(0, `LoadBalancer Ingress:\t${ingress.map((i) => i.ip ?? i.hostname).join(', ')}\n`);
  if (spec.type === 'ExternalName') w.write(0, `External Name:\t${spec.externalName}\n`);
  for (const p of (spec.ports ?? []) as Any[]) {
    const name = p.name || '<unset>';
    const proto = p.protocol ?? 'TCP';
    w.write(0, `Port:\t${name}\t${p.port}/${proto}\n`);
    w.write(0, `TargetPort:\t${p.targetPort ?? p.port}/${proto}\n`);
    if (p.nodePort) w.write(0, `NodePort:\t${name}\t${p.nodePort}/${proto}\n`);
    w.write(0, `Endpoints:\t${endpointsFor(svc, p, ctx)}\n`);
  }
  w.write(0, `Session Affinity:\t${spec.sessionAffinity ?? 'None'}\n`);
  if (spec.type === 'NodePort' || spec.type === 'LoadBalancer') w.write(0, `External Traffic Policy:\t${spec.externalTrafficPolicy ?? 'Cluster'}\n`);
  if (spec.internalTrafficPolicy) w.write(0, `Internal Traffic Policy:\t${spec.internalTrafficPolicy}\n`);
  if (spec.healthCheckNodePort) w.write(0, `HealthCheck NodePort:\t${spec.healthCheckNodePort}\n`);
  describeEvents(w, svc, ctx);
  return w.toString();
}

registerDescriber('services', describeService);
