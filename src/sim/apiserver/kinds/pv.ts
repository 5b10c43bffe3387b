/**
 * PersistentVolume admission: v1 defaults (reclaim policy Retain, volumeMode Filesystem,
 * phase Pending), the kubernetes.io/pv-protection finalizer, and validation of capacity,
 * access modes and the volume source.
 */
import type { StatusCause } from '../../api/errors.ts';
import type { KubeObject } from '../../api/types.ts';
import { notSupported, required, validateObjectMeta } from '../validation.ts';
import { ACCESS_MODES } from './pvc.ts';
import { objectUnknownFields, schema, type Obj } from './workload-common.ts';
import type { ApiRegistries } from '../registries.ts';

const SOURCES =
  'hostPath local nfs csi iscsi fc rbd cephfs cinder flexVolume flocker gcePersistentDisk awsElasticBlockStore azureDisk azureFile vsphereVolume quobyte glusterfs photonPersistentDisk portworxVolume scaleIO storageos';

const NODE_SELECTOR_TERM = schema('matchExpressions matchFields', {
  matchExpressions: schema('key operator values'),
  matchFields: schema('key operator values'),
});

const PV_SPEC = schema(
  `capacity accessModes claimRef persistentVolumeReclaimPolicy storageClassName mountOptions volumeMode nodeAffinity volumeAttributesClassName ${SOURCES}`,
  {
    claimRef: schema('apiVersion kind name namespace uid resourceVersion fieldPath'),
    nodeAffinity: schema('required', { required: schema('nodeSelectorTerms', { nodeSelectorTerms: NODE_SELECTOR_TERM }) }),
    hostPath: schema('path type'),
    local: schema('path fsType'),
    nfs: schema('server path readOnly'),
  },
);

export const PV_PROTECTION_FINALIZER = 'kubernetes.io/pv-protection';
const SOURCE_KEYS = SOURCES.split(' ');

function validate(obj: KubeObject): StatusCause[] {
  const spec: Obj = obj.spec ?? {};
  const causes = validateObjectMeta(obj.metadata, { nameRule: 'subdomain' });
  const modes: unknown[] = Array.isArray(spec.accessModes) ? spec.accessModes : [];
  if (modes.length === 0) causes.push(required('spec.accessModes'));
  for (const m of modes) if (!ACCESS_MODES.includes(m as string)) causes.push(notSupported('spec.accessModes', m, ACCESS_MODES));
  if (!spec.capacity || Object.keys(spec.capacity).length === 0) causes.push(required('spec.capacity'));
  else if (spec.capacity.storage === undefined) causes.push(required('spec.capacity.storage'));
  const rp = spec.persistentVolumeReclaimPolicy;
  if (!['Delete', 'Recycle', 'Retain'].includes(rp)) causes.push(notSupported('spec.persistentVolumeReclaimPolicy', rp, ['Delete', 'Recycle', 'Retain']));
  if (!SOURCE_KEYS.some((k) => spec[k])) causes.push(required('spec', 'must specify a volume type'));
  if (spec.hostPath && !spec.hostPath.path) causes.push(required('spec.hostPath.path'));
  return causes;
}

/** Installs its admission (defaults, strict decoding, validation) into an API server. */
export function installPvAdmission(api: ApiRegistries): void {
  api.admission.register('persistentvolumes', {
    unknownFields: (obj) => objectUnknownFields(obj, PV_SPEC),
    default: (obj, _ctx, old) => {
      const spec: Obj = (obj.spec ??= {});
      spec.persistentVolumeReclaimPolicy ??= 'Retain';
      spec.volumeMode ??= 'Filesystem';
      if (!old) {
        const fin = obj.metadata.finalizers ?? [];
        if (!fin.includes(PV_PROTECTION_FINALIZER)) obj.metadata.finalizers = [...fin, PV_PROTECTION_FINALIZER];
        obj.status = { phase: 'Pending' };
      }
    },
    validate: (obj) => validate(obj),
  });
}
