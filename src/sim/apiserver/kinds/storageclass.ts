/**
 * StorageClass admission (storage.k8s.io/v1): defaults reclaimPolicy Delete and
 * volumeBindingMode Immediate; provisioner required; parameters, provisioner and
 * reclaimPolicy may not change.
 */
import type { StatusCause } from '../../api/errors.ts';
import type { KubeObject } from '../../api/types.ts';
import { forbiddenField, notSupported, required, validateObjectMeta } from '../validation.ts';
import { objectMetaUnknownFields } from './pod-spec.ts';
import { sameJSON } from './workload-common.ts';
import type { ApiRegistries } from '../registries.ts';

const KNOWN = new Set('apiVersion kind metadata provisioner parameters reclaimPolicy mountOptions allowVolumeExpansion volumeBindingMode allowedTopologies'.split(' '));

function validate(obj: KubeObject, old?: KubeObject): StatusCause[] {
  const causes = validateObjectMeta(obj.metadata, { nameRule: 'subdomain' });
  if (!obj.provisioner) causes.push(required('provisioner'));
  if (!['Delete', 'Retain'].includes(obj.reclaimPolicy as string)) causes.push(notSupported('reclaimPolicy', obj.reclaimPolicy, ['Delete', 'Retain']));
  if (!['Immediate', 'WaitForFirstConsumer'].includes(obj.volumeBindingMode as string)) {
    causes.push(notSupported('volumeBindingMode', obj.volumeBindingMode, ['Immediate', 'WaitForFirstConsumer']));
  }
  if (old) {
    if (!sameJSON(old.parameters, obj.parameters)) causes.push(forbiddenField('parameters', 'updates to parameters are forbidden.'));
    if (old.provisioner !== obj.provisioner) causes.push(forbiddenField('provisioner', 'updates to provisioner are forbidden.'));
    if (old.reclaimPolicy !== obj.reclaimPolicy) causes.push(forbiddenField('reclaimPolicy', 'updates to reclaimPolicy are forbidden.'));
  }
  return causes;
}

/** Installs its admission (defaults, strict decoding, validation) into an API server. */
export function installStorageclassAdmission(api: ApiRegistries): void {
  api.admission.register('storageclasses.storage.k8s.io', {
    unknownFields: (obj) => [
      ...Object.keys(obj).filter((k) => !KNOWN.has(k)),
      ...objectMetaUnknownFields(obj.metadata, 'metadata'),
    ],
    default: (obj) => {
      obj.reclaimPolicy ??= 'Delete';
      obj.volumeBindingMode ??= 'Immediate';
    },
    validate: (obj, _ctx, old) => validate(obj, old),
    specChanged: (old, obj) => !sameJSON({ ...old, metadata: undefined }, { ...obj, metadata: undefined }),
  });
}
