/**
 * CertificateSigningRequests (certificates.k8s.io/v1), loaded with the first one: the kind's
 * validation and strategy and its `approval` subresource (kind.ts), and the controller
 * manager's signer for `kubernetes.io/kube-apiserver-client` (signer.ts), which signs with the
 * cluster's CA. Until a CSR exists the signer has nothing to do, and none can exist before the
 * code is there (creating one prepares the kind); the signer's turn is kept from the start. The
 * Table conversion stays with the API server's kinds (apiserver/tables/policy.ts).
 */
import { ApiError } from '../../api/errors.ts';
import type { KubeObject } from '../../api/types.ts';
import type { Cluster } from '../../cluster.ts';
import { codePart } from '../../deferred/code-part.ts';
import { deferredController } from '../../deferred/deferred-controller.ts';
import type { Installer } from '../../installer.ts';
import { CSRS } from './names.ts';

export { CSRS, KUBE_APISERVER_CLIENT } from './names.ts';

const CODE = codePart('csrsigning-controller', () => import('./code.ts'));

/**
 * PUT `.../NAME/approval` (kind.ts). Its caller prepares the kind first, as for any write of
 * it; without that, the API server's internal error for a kind that has not loaded.
 */
export function updateApproval(cluster: Cluster, input: KubeObject): KubeObject {
  cluster.api.deferred.assertReady(CSRS, 'approval');
  const m = cluster.code.loaded(CODE);
  if (!m) throw new ApiError('InternalError', `Internal error occurred: the simulator's code for ${CSRS} has not loaded yet (approval before prepare)`);
  return m.updateApproval(cluster.api, input);
}

/** CertificateSigningRequests: validation, the approval subresource's rules and the client signer. */
export const CSR_INSTALLER: Installer = deferredController({
  name: 'csrsigning-controller',
  part: CODE,
  kinds: { resources: [CSRS], install: (m, api) => m.installCsrAdmission(api) },
  triggers: [CSRS],
  controller: (m, cluster) => m.signingController(cluster),
});
