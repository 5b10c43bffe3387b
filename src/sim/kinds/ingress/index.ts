/**
 * Ingress and IngressClass, with the webhook configurations an Ingress controller registers:
 * their admission (apiserver/kinds/ingress.ts) and `kubectl get` tables
 * (apiserver/tables/networking.ts) load when a caller first prepares one of them (kubectl
 * before `create ingress`, applying a file with one). Lessons without an Ingress never fetch
 * them; what routes a request through one is the ingress-nginx add-on's.
 */
import { codePart } from '../../deferred/code-part.ts';
import { deferredKind } from '../../deferred/deferred-kind.ts';
import type { Installer } from '../../installer.ts';

const CODE = codePart('ingress-kinds', () => import('./code.ts'));

/** Ingresses, IngressClasses and webhook configurations (admission and tables). */
export const INGRESSES: Installer = deferredKind({
  name: 'ingresses.networking.k8s.io',
  resources: [
    'ingresses.networking.k8s.io',
    'ingressclasses.networking.k8s.io',
    'validatingwebhookconfigurations.admissionregistration.k8s.io',
    'mutatingwebhookconfigurations.admissionregistration.k8s.io',
  ],
  part: CODE,
  install: (m, api) => m.installIngressKinds(api),
});
