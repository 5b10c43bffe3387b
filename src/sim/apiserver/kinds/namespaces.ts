/**
 * Namespace admission: the `kubernetes.io/metadata.name` label the server always sets, the
 * `kubernetes` finalizer, phase Active, and the RFC 1123 label rule for names.
 */
import { validateObjectMeta } from '../validation.ts';
import { objectMetaUnknownFields } from './pod-spec.ts';
import type { ApiRegistries } from '../registries.ts';

/** The label the API server puts on every namespace, value = its name. */
export const NAMESPACE_NAME_LABEL = 'kubernetes.io/metadata.name';

/** Installs its admission (defaults, strict decoding, validation) into an API server. */
export function installNamespacesAdmission(api: ApiRegistries): void {
  api.admission.register('namespaces', {
    unknownFields: (obj) => [
      ...Object.keys(obj).filter((k) => !['apiVersion', 'kind', 'metadata', 'spec', 'status'].includes(k)),
      ...objectMetaUnknownFields(obj.metadata, 'metadata'),
      ...Object.keys(obj.spec ?? {}).filter((k) => k !== 'finalizers').map((k) => `spec.${k}`),
    ],
    default(obj, _ctx, old) {
      obj.metadata.labels = { ...(obj.metadata.labels ?? {}), [NAMESPACE_NAME_LABEL]: obj.metadata.name! };
      if (!old) {
        const finalizers: string[] = Array.isArray(obj.spec?.finalizers) ? obj.spec.finalizers : [];
        if (!finalizers.includes('kubernetes')) finalizers.push('kubernetes');
        obj.spec = { ...(obj.spec ?? {}), finalizers };
        obj.status = { phase: 'Active' };
      } else if (old.spec) {
        obj.spec = { ...old.spec };
      }
    },
    validate: (obj) => validateObjectMeta(obj.metadata, { nameRule: 'label' }),
  });
}
