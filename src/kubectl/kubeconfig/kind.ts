/** What kind's kubeconfig gives the kubectl session before any other kubeconfig exists. */
import type { KubeconfigState } from '../cli/verb.ts';

/** The API server's address in kind's kubeconfig. */
export const KIND_SERVER = 'https://127.0.0.1:6443';

/** The session state kind's kubeconfig gives: context kind-kind, namespace default. */
export function kindState(): KubeconfigState {
  return { context: 'kind-kind', cluster: 'kind-kind', user: 'kubernetes-admin', namespace: 'default', server: KIND_SERVER };
}
