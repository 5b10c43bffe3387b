/**
 * Admission for the remaining core kinds: Nodes, Events, Endpoints. They are mostly written
 * by the cluster itself; users meet them through `kubectl create -f` and label/taint edits.
 */
import { required, validateObjectMeta } from '../validation.ts';
import type { ApiRegistries } from '../registries.ts';

/** Installs its admission (defaults, strict decoding, validation) into an API server. */
export function installClusterCoreAdmission(api: ApiRegistries): void {
  api.admission.register('nodes', {
    default(obj) {
      obj.spec ??= {};
    },
    validate: (obj) => validateObjectMeta(obj.metadata, { nameRule: 'subdomain' }),
  });

  api.admission.register('events', {
    validate(obj) {
      const causes = validateObjectMeta(obj.metadata, { nameRule: 'subdomain' });
      const io = obj.involvedObject as Record<string, unknown> | undefined;
      if (!io || !io.name) causes.push(required('involvedObject.name'));
      return causes;
    },
  });

  api.admission.register('endpoints', {
    validate: (obj) => validateObjectMeta(obj.metadata, { nameRule: 'subdomain' }),
    specChanged: (old, obj) => JSON.stringify(old.subsets) !== JSON.stringify(obj.subsets),
  });
}
