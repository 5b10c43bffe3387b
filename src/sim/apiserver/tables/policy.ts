/**
 * Tables of the scheduling and certificates kinds (printers.go; the PodDisruptionBudget's is in
 * kinds/poddisruptionbudget/table.ts): PriorityClass (NAME, VALUE, GLOBAL-DEFAULT, AGE, PREEMPTIONPOLICY) and
 * CertificateSigningRequest (NAME, AGE, SIGNERNAME, REQUESTOR, REQUESTEDDURATION, CONDITION).
 */
import type { KubeObject } from '../../api/types.ts';
import { humanDuration } from '../../api/duration.ts';
import { age } from './table.ts';
import type { ApiRegistries } from '../registries.ts';

/** The CONDITION cell (extractCSRStatus): Denied over Approved over Pending, then Failed and Issued. */
export function csrCondition(csr: KubeObject): string {
  const types = new Set<string>(((csr.status?.conditions ?? []) as { type?: string }[]).map((c) => c.type ?? ''));
  let s = types.has('Denied') ? 'Denied' : types.has('Approved') ? 'Approved' : 'Pending';
  if (types.has('Failed')) s += ',Failed';
  if (csr.status?.certificate) s += ',Issued';
  return s;
}

/** Installs its `kubectl get` tables into an API server. */
export function installPolicyTables(api: ApiRegistries): void {
  api.tables.register('priorityclasses.scheduling.k8s.io', {
    columns: [
      { name: 'Name', priority: 0 },
      { name: 'Value', priority: 0 },
      { name: 'Global-Default', priority: 0 },
      { name: 'Age', priority: 0 },
      { name: 'PreemptionPolicy', priority: 0 },
    ],
    row: (o, now) => [o.metadata.name ?? '', String(o.value ?? 0), String(o.globalDefault === true), age(o, now), String(o.preemptionPolicy ?? '')],
  });

  api.tables.register('certificatesigningrequests.certificates.k8s.io', {
    columns: [
      { name: 'Name', priority: 0 },
      { name: 'Age', priority: 0 },
      { name: 'SignerName', priority: 0 },
      { name: 'Requestor', priority: 0 },
      { name: 'RequestedDuration', priority: 0 },
      { name: 'Condition', priority: 0 },
    ],
    row: (o, now) => [
      o.metadata.name ?? '',
      age(o, now),
      o.spec?.signerName || '<none>',
      o.spec?.username ?? '',
      typeof o.spec?.expirationSeconds === 'number' ? humanDuration(o.spec.expirationSeconds * 1000) : '<none>',
      csrCondition(o),
    ],
  });
}
