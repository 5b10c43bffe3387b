/**
 * ControllerRevision admission (apps/v1): the StatefulSet and DaemonSet controllers' template
 * history. `revision` must be non-negative and `data` never changes.
 */
import type { KubeObject } from '../../api/types.ts';
import { invalidValue, validateObjectMeta } from '../validation.ts';
import { objectMetaUnknownFields } from './pod-spec.ts';
import { nonNegative, sameJSON } from './workload-common.ts';
import type { ApiRegistries } from '../registries.ts';

/** Installs its admission (defaults, strict decoding, validation) into an API server. */
export function installControllerrevisionAdmission(api: ApiRegistries): void {
  api.admission.register('controllerrevisions.apps', {
    unknownFields: (obj: KubeObject) => [
      ...Object.keys(obj).filter((k) => !['apiVersion', 'kind', 'metadata', 'data', 'revision'].includes(k)),
      ...objectMetaUnknownFields(obj.metadata, 'metadata'),
    ],
    validate: (obj, _ctx, old) => {
      const causes = validateObjectMeta(obj.metadata, { nameRule: 'subdomain' });
      causes.push(...nonNegative(obj.revision ?? 0, 'revision'));
      if (old && !sameJSON(old.data, obj.data)) causes.push(invalidValue('data', 'runtime.RawExtension{...}', 'field is immutable'));
      return causes;
    },
    specChanged: () => false,
  });
}
