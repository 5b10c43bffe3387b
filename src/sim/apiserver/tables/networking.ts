/**
 * The networking tables (printers.go): Ingress (NAME, CLASS, HOSTS, ADDRESS, PORTS, AGE) and
 * IngressClass (NAME, CONTROLLER, PARAMETERS, AGE), plus the webhook configurations (NAME,
 * WEBHOOKS, AGE).
 * HOSTS lists at most three rule hosts (`*` when none); PORTS is `80, 443` once any TLS
 * section exists.
 */
import type { KubeObject } from '../../api/types.ts';
import { age, type TableConverter } from './table.ts';
import type { ApiRegistries } from '../registries.ts';

/** This module's conversions, installed by `installNetworkingTables`. */
const CONVERTERS = new Map<string, TableConverter>();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

/** The HOSTS cell (formatHosts). */
export function formatIngressHosts(rules: Obj[] | undefined): string {
  const list: string[] = [];
  const max = 3;
  let more = false;
  for (const rule of rules ?? []) {
    if (list.length === max) more = true;
    if (!more && rule.host) list.push(String(rule.host));
  }
  if (!list.length) return '*';
  return more ? `${list.join(',')} + ${(rules ?? []).length - max} more...` : list.join(',');
}

/** The ADDRESS cell: load-balancer IPs and hostnames, comma-separated. */
export function formatIngressAddress(o: KubeObject): string {
  const entries: Obj[] = o.status?.loadBalancer?.ingress ?? [];
  return entries.flatMap((e) => [e.ip, e.hostname].filter((x) => typeof x === 'string' && x)).join(',');
}

CONVERTERS.set('ingresses.networking.k8s.io', {
  columns: ['Name', 'Class', 'Hosts', 'Address', 'Ports', 'Age'].map((name) => ({ name, priority: 0 as const })),
  row: (o, now) => [
    o.metadata.name ?? '',
    typeof o.spec?.ingressClassName === 'string' ? o.spec.ingressClassName : '<none>',
    formatIngressHosts(o.spec?.rules),
    formatIngressAddress(o),
    (o.spec?.tls as unknown[] | undefined)?.length ? '80, 443' : '80',
    age(o, now),
  ],
});

/** The PARAMETERS cell of an IngressClass (printIngressClass): `Kind[.group]/name` or `<none>`. */
export function formatIngressClassParameters(o: KubeObject): string {
  const p: Obj | undefined = o.spec?.parameters;
  if (!p) return '<none>';
  return `${p.kind ?? ''}${p.apiGroup ? `.${p.apiGroup}` : ''}/${p.name ?? ''}`;
}

CONVERTERS.set('ingressclasses.networking.k8s.io', {
  columns: ['Name', 'Controller', 'Parameters', 'Age'].map((name) => ({ name, priority: 0 as const })),
  row: (o, now) => [o.metadata.name ?? '', String(o.spec?.controller ?? ''), formatIngressClassParameters(o), age(o, now)],
});

// printValidatingWebhook / printMutatingWebhook: NAME, WEBHOOKS, AGE.
for (const key of ['validatingwebhookconfigurations.admissionregistration.k8s.io', 'mutatingwebhookconfigurations.admissionregistration.k8s.io']) {
  CONVERTERS.set(key, {
    columns: ['Name', 'Webhooks', 'Age'].map((name) => ({ name, priority: 0 as const })),
    row: (o, now) => [o.metadata.name ?? '', String(((o.webhooks as unknown[] | undefined) ?? []).length), age(o, now)],
  });
}

/** Installs these kinds' `kubectl get` tables into an API server. */
export function installNetworkingTables(api: ApiRegistries): void {
  for (const [resource, c] of CONVERTERS) api.tables.register(resource, c);
}
