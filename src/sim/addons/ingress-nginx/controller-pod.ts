/** Which Pods are ingress-nginx controllers: those running its controller image (what wakes the add-on's code). */
import type { KubeObject } from '../../api/types.ts';

/** The controller image's repository (any tag or digest). */
export const CONTROLLER_IMAGE = 'registry.k8s.io/ingress-nginx/controller';

/** Whether a Pod runs the controller image. */
export function isControllerPod(pod: KubeObject): boolean {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return ((pod.spec?.containers ?? []) as any[]).some((c) => String(c.image ?? '').startsWith(`${CONTROLLER_IMAGE}:`) || String(c.image ?? '').startsWith(`${CONTROLLER_IMAGE}@`));
}
