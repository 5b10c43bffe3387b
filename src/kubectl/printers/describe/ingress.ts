/**
 * `kubectl describe ingress` (describe.go describeIngressV1): class, default backend, TLS,
 * the Rules table with each backend's endpoints read from its Service's EndpointSlices; and
 * `kubectl describe ingressclass`.
 */
import { ApiError, type KubeObject } from '../../../sim/index.ts';
import { annotationItems, describeEvents, labelItems, multiline, registerDescriber, type DescribeContext } from './common.ts';
import { PrefixWriter } from './prefix-writer.ts';
import { endpointsFor } from './service.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;

/** `web:80 (10.244.1.15:80,...)`, `api:http (<error: services "api" not found>)`, or a resource backend. */
function backendText(ns: string, backend: Any, ctx: DescribeContext): string {
  if (backend?.service) {
    const b = backend.service;
    const label = `${b.name}:${b.port?.number ? b.port.number : (b.port?.name ?? '')}`;
    let svc: KubeObject;
    try {
      svc = ctx.api.get('services', ns, b.name);
    } catch (e) {
      if (e instanceof ApiError) return `${label} (<error: ${e.message}>)`;
      throw e;
    }
    // The Service port the backend names: by number, or by name.
    let portName = '';
    for (const sp of ((svc.spec as Any)?.ports ?? []) as Any[]) {
      if ((b.port?.number && b.port.number === sp.port) || (b.port?.name && b.port.name === sp.name)) portName = sp.name ?? '';
    }
    return `${label} (${endpointsFor(svc, { name: portName }, ctx)})`;
  }
  if (backend?.resource) {
    const r = backend.resource;
    return `APIGroup: ${r.apiGroup ?? '<none>'}, Kind: ${r.kind}, Name: ${r.name}`;
  }
  return '';
}

/** Describes one Ingress. */
export function describeIngress(ing: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec: Any = ing.spec ?? {};
  const ns = ing.metadata.namespace ?? 'default';
  w.write(0, `Name:\t${ing.metadata.name}\n`);
  multiline(w, 0, 'Labels', labelItems(ing.metadata.labels));
  w.write(0, `Namespace:\t${ns}\n`);
  const lb = ((ing.status as Any)?.loadBalancer?.ingress ?? []) as Any[];
  w.write(0, `Address:\t${lb.map((i) => i.ip || i.hostname).filter(Boolean).join(',')}\n`);
  w.write(0, `Ingress Class:\t${spec.ingressClassName ?? '<none>'}\n`);
  w.write(0, `Default backend:\t${spec.defaultBackend ? backendText(ns, spec.defaultBackend, ctx) : '<default>'}\n`);
  if (spec.tls?.length) {
    w.write(0, 'TLS:\n');
    for (const t of spec.tls as Any[]) {
      const hosts = (t.hosts ?? []).join(',');
      w.write(1, t.secretName ? `${t.secretName} terminates ${hosts}\n` : `SNI routes ${hosts}\n`);
    }
  }
  w.write(0, 'Rules:\n  Host\tPath\tBackends\n');
  w.write(1, '----\t----\t--------\n');
  let count = 0;
  for (const rule of (spec.rules ?? []) as Any[]) {
    if (!rule.http) continue;
    count++;
    w.write(1, `${rule.host || '*'}\t\n`);
    for (const p of (rule.http.paths ?? []) as Any[]) w.write(2, `\t${p.path ?? ''} \t${backendText(ns, p.backend, ctx)}\n`);
  }
  if (count === 0) w.write(1, `*\t*\t${backendText(ns, spec.defaultBackend, ctx)}\n`);
  multiline(w, 0, 'Annotations', annotationItems(ing.metadata.annotations));
  describeEvents(w, ing, ctx);
  return w.toString();
}

registerDescriber('ingresses.networking.k8s.io', describeIngress);

/** Describes one IngressClass (describeIngressClassV1): labels, annotations, controller, parameters. */
export function describeIngressClass(ic: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec: Any = ic.spec ?? {};
  w.write(0, `Name:\t${ic.metadata.name}\n`);
  multiline(w, 0, 'Labels', labelItems(ic.metadata.labels));
  multiline(w, 0, 'Annotations', annotationItems(ic.metadata.annotations));
  w.write(0, `Controller:\t${spec.controller ?? ''}\n`);
  if (spec.parameters) {
    w.write(0, 'Parameters:\n');
    if (spec.parameters.apiGroup) w.write(1, `APIGroup:\t${spec.parameters.apiGroup}\n`);
    w.write(1, `Kind:\t${spec.parameters.kind ?? ''}\n`);
    w.write(1, `Name:\t${spec.parameters.name ?? ''}\n`);
  }
  describeEvents(w, ic, ctx);
  return w.toString();
}

registerDescriber('ingressclasses.networking.k8s.io', describeIngressClass);
