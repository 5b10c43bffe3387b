/**
 * PersistentVolumeClaim admission: v1 defaults (volumeMode Filesystem, phase Pending), the
 * DefaultStorageClass admission plugin (an unset storageClassName gets the default class),
 * the StorageObjectInUseProtection plugin (finalizer kubernetes.io/pvc-protection), and
 * validation of access modes, storage request and the immutable spec.
 */
import type { StatusCause } from '../../api/errors.ts';
import type { KubeObject } from '../../api/types.ts';
import type { Store } from '../../store/store.ts';
import { forbiddenField, notSupported, required, validateObjectMeta } from '../validation.ts';
import { LABEL_SELECTOR, objectUnknownFields, schema, type Obj } from './workload-common.ts';
import type { ApiRegistries } from '../registries.ts';

/** The PVC spec schema (also used by StatefulSet volumeClaimTemplates). */
export const PVC_SPEC = schema(
  'accessModes selector resources volumeName storageClassName volumeMode dataSource dataSourceRef volumeAttributesClassName',
  {
    selector: LABEL_SELECTOR,
    resources: schema('limits requests'),
    dataSource: schema('apiGroup kind name'),
    dataSourceRef: schema('apiGroup kind name namespace'),
  },
);

export const PVC_PROTECTION_FINALIZER = 'kubernetes.io/pvc-protection';
export const DEFAULT_CLASS_ANNOTATION = 'storageclass.kubernetes.io/is-default-class';
const BETA_DEFAULT_CLASS_ANNOTATION = 'storageclass.beta.kubernetes.io/is-default-class';
export const ACCESS_MODES = ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod'];

/** Whether a StorageClass is marked as the cluster default. */
export function isDefaultClass(sc: KubeObject): boolean {
  const a = sc.metadata.annotations ?? {};
  return a[DEFAULT_CLASS_ANNOTATION] === 'true' || a[BETA_DEFAULT_CLASS_ANNOTATION] === 'true';
}

/** The default StorageClass (newest wins when several are marked, as the plugin picks). */
export function defaultStorageClass(store: Store): KubeObject | undefined {
  const defaults = store.list('storageclasses.storage.k8s.io').filter(isDefaultClass);
  defaults.sort((a, b) => (b.metadata.creationTimestamp ?? '').localeCompare(a.metadata.creationTimestamp ?? '') || a.metadata.name!.localeCompare(b.metadata.name!));
  return defaults[0];
}

function validate(obj: KubeObject, old?: KubeObject): StatusCause[] {
  const spec: Obj = obj.spec ?? {};
  const causes = validateObjectMeta(obj.metadata, { nameRule: 'subdomain' });
  const modes: unknown[] = Array.isArray(spec.accessModes) ? spec.accessModes : [];
  if (modes.length === 0) causes.push(required('spec.accessModes', 'at least 1 access mode is required'));
  for (const m of modes) if (!ACCESS_MODES.includes(m as string)) causes.push(notSupported('spec.accessModes', m, ACCESS_MODES));
  if (modes.includes('ReadWriteOncePod') && modes.length > 1) {
    causes.push(forbiddenField('spec.accessModes', 'may not use ReadWriteOncePod with other access modes'));
  }
  if (spec.resources?.requests?.storage === undefined) causes.push(required('spec.resources[storage]'));
  if (old) {
    const strip = (s: Obj | undefined) => {
      const c: Obj = { ...(s ?? {}), resources: undefined, volumeAttributesClassName: undefined };
      if (!old.spec?.volumeName) delete c.volumeName;
      return JSON.stringify(c);
    };
    const sameVolume = !old.spec?.volumeName || old.spec.volumeName === spec.volumeName;
    if (strip(old.spec) !== strip(spec) || !sameVolume) {
      causes.push(forbiddenField('spec', 'spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims'));
    }
  }
  return causes;
}

/** Installs its admission (defaults, strict decoding, validation) into an API server. */
export function installPvcAdmission(api: ApiRegistries): void {
  api.admission.register('persistentvolumeclaims', {
    unknownFields: (obj) => objectUnknownFields(obj, PVC_SPEC),
    default: (obj, ctx, old) => {
      const spec: Obj = (obj.spec ??= {});
      spec.volumeMode ??= 'Filesystem';
      if (!old) {
        if (spec.storageClassName === undefined || spec.storageClassName === null) {
          const sc = defaultStorageClass(ctx.store);
          if (sc) spec.storageClassName = sc.metadata.name;
          else delete spec.storageClassName;
        }
        const fin = obj.metadata.finalizers ?? [];
        if (!fin.includes(PVC_PROTECTION_FINALIZER)) obj.metadata.finalizers = [...fin, PVC_PROTECTION_FINALIZER];
        obj.status = { phase: 'Pending' };
      }
    },
    validate: (obj, _ctx, old) => validate(obj, old),
  });
}
