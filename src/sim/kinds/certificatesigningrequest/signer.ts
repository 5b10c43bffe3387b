/**
 * The controller manager's signer for `kubernetes.io/kube-apiserver-client`
 * (csrsigning-kube-apiserver-client): an approved request gets a certificate from the cluster's
 * CA whose subject is the request's, or a Failed condition (SignerValidationFailure) when its
 * usages are not a client certificate's.
 */
import { base64Decode, base64Encode } from '../../api/base64.ts';
import { isoTime } from '../../api/types.ts';
import { parseRequestPem, signRequest } from '../../auth/pki.ts';
import type { Cluster } from '../../cluster.ts';
import { keyOf, splitKey, type Controller } from '../../runtime/controller.ts';
import type { Condition } from './kind.ts';
import { CSRS, KUBE_APISERVER_CLIENT } from './names.ts';

/** Who asked (the usages the kube-apiserver-client signer accepts), or the signer's refusal. */
function clientUsagesError(usages: string[]): string | undefined {
  let clientAuth = false;
  for (const u of usages) {
    if (u === 'digital signature' || u === 'key encipherment') continue;
    if (u === 'client auth') clientAuth = true;
    else return `invalid usage for client certificate: ${u}`;
  }
  return clientAuth ? undefined : 'missing required usage for client certificate: client auth';
}

/** kind's `--cluster-signing-duration` (the default, a year). */
const MAX_TTL_MS = 8760 * 3_600_000;

/** csrsigning-kube-apiserver-client: signs approved requests of its signer. */
export function signingController(cluster: Cluster): Controller {
  const api = cluster.api;
  const all = () => api.list(CSRS).map(keyOf);
  return {
    name: 'csrsigning-kube-apiserver-client',
    watches: [{ resource: CSRS, keys: (e) => [keyOf(e.object)] }],
    initialKeys: all,
    reconcile(key) {
      const csr = api.tryGet(CSRS, undefined, splitKey(key).name);
      if (!csr || csr.metadata.deletionTimestamp) return;
      const conditions = (csr.status?.conditions ?? []) as Condition[];
      const approved = conditions.some((c) => c.type === 'Approved' && c.status === 'True') && !conditions.some((c) => c.type === 'Denied');
      if (!approved || conditions.some((c) => c.type === 'Failed' && c.status === 'True') || csr.status?.certificate) return;
      if (csr.spec?.signerName !== KUBE_APISERVER_CLIENT) return;
      const parsed = parseRequestPem(base64Decode(String(csr.spec?.request ?? '')));
      if ('error' in parsed) return;
      const usages = (csr.spec?.usages ?? []) as string[];
      const now = cluster.clock.now();
      const refusal = clientUsagesError(usages);
      if (refusal) {
        const stamp = isoTime(now);
        api.updateStatus(CSRS, undefined, csr.metadata.name!, {
          ...csr.status,
          conditions: [
            ...conditions,
            { type: 'Failed', status: 'True', reason: 'SignerValidationFailure', message: refusal, lastUpdateTime: stamp, lastTransitionTime: stamp },
          ],
        });
        return;
      }
      const requested = typeof csr.spec?.expirationSeconds === 'number' ? csr.spec.expirationSeconds * 1000 : MAX_TTL_MS;
      const ttl = Math.min(MAX_TTL_MS, Math.max(600_000, requested));
      const certificate = signRequest(parsed.request, usages, ttl, now, `${csr.metadata.uid} ${now}`);
      api.updateStatus(CSRS, undefined, csr.metadata.name!, { ...csr.status, certificate: base64Encode(certificate) });
    },
  };
}
