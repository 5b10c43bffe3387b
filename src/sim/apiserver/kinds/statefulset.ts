/**
 * StatefulSet admission (pkg/apis/apps/v1 defaults, pkg/apis/apps/validation): defaults,
 * strict decoding, validation including the update rule that only replicas, ordinals,
 * template, updateStrategy, persistentVolumeClaimRetentionPolicy and minReadySeconds change.
 */
import type { StatusCause } from '../../api/errors.ts';
import type { KubeObject } from '../../api/types.ts';
import { forbiddenField, notSupported, validateObjectMeta } from '../validation.ts';
import { PVC_SPEC } from './pvc.ts';
import {
  LABEL_SELECTOR,
  defaultTemplate,
  nonNegative,
  objectUnknownFields,
  schema,
  selectorCauses,
  templateDecodeError,
  type Obj,
} from './workload-common.ts';
import type { ApiRegistries } from '../registries.ts';

const STATEFULSET_SPEC = schema(
  'replicas selector template volumeClaimTemplates serviceName podManagementPolicy updateStrategy revisionHistoryLimit minReadySeconds persistentVolumeClaimRetentionPolicy ordinals',
  {
    selector: LABEL_SELECTOR,
    updateStrategy: schema('type rollingUpdate', { rollingUpdate: schema('partition maxUnavailable') }),
    persistentVolumeClaimRetentionPolicy: schema('whenDeleted whenScaled'),
    ordinals: schema('start'),
    volumeClaimTemplates: schema('apiVersion kind metadata spec status', { spec: PVC_SPEC, status: schema('phase accessModes capacity conditions allocatedResources allocatedResourceStatuses currentVolumeAttributesClassName modifyVolumeStatus') }, { metas: 'metadata' }),
  },
  { templates: 'template' },
);

/** Fills in the 1.32 StatefulSet defaults on a mutable copy. */
export function defaultStatefulSet(obj: KubeObject): void {
  const spec: Obj = (obj.spec ??= {});
  spec.replicas ??= 1;
  spec.podManagementPolicy ??= 'OrderedReady';
  spec.updateStrategy ??= {};
  spec.updateStrategy.type ??= 'RollingUpdate';
  if (spec.updateStrategy.type === 'RollingUpdate') {
    spec.updateStrategy.rollingUpdate ??= {};
    spec.updateStrategy.rollingUpdate.partition ??= 0;
  }
  spec.revisionHistoryLimit ??= 10;
  spec.persistentVolumeClaimRetentionPolicy ??= {};
  spec.persistentVolumeClaimRetentionPolicy.whenDeleted ??= 'Retain';
  spec.persistentVolumeClaimRetentionPolicy.whenScaled ??= 'Retain';
  defaultTemplate(spec.template);
  for (const t of Array.isArray(spec.volumeClaimTemplates) ? spec.volumeClaimTemplates : []) {
    if (!t || typeof t !== 'object') continue;
    if (!t.metadata || !('creationTimestamp' in t.metadata)) t.metadata = { creationTimestamp: null, ...(t.metadata ?? {}) };
    t.apiVersion ??= 'v1';
    t.kind ??= 'PersistentVolumeClaim';
    t.spec ??= {};
    t.spec.volumeMode ??= 'Filesystem';
    t.status ??= { phase: 'Pending' };
  }
}

const MUTABLE = ['replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy', 'minReadySeconds'];

function validate(obj: KubeObject, old?: KubeObject): StatusCause[] {
  const spec: Obj = obj.spec ?? {};
  // StatefulSet names become pod hostnames, so they follow the DNS label rule.
  const causes = validateObjectMeta(obj.metadata, { nameRule: 'label' });
  if (!['OrderedReady', 'Parallel'].includes(spec.podManagementPolicy)) {
    causes.push(notSupported('spec.podManagementPolicy', spec.podManagementPolicy, ['OrderedReady', 'Parallel']));
  }
  const st = spec.updateStrategy?.type;
  if (!['RollingUpdate', 'OnDelete'].includes(st)) causes.push(notSupported('spec.updateStrategy.type', st, ['OnDelete', 'RollingUpdate']));
  if (st === 'OnDelete' && spec.updateStrategy?.rollingUpdate) {
    // The value is the internal Go struct, printed with %#v (a set maxUnavailable is a pointer: its address shows).
    const ru = spec.updateStrategy.rollingUpdate;
    const unavailable = ru.maxUnavailable === undefined || ru.maxUnavailable === null ? '(*intstr.IntOrString)(nil)' : '(*intstr.IntOrString)(0xc0009a6f40)';
    causes.push({
      reason: 'FieldValueInvalid',
      field: 'spec.updateStrategy.rollingUpdate',
      message: `spec.updateStrategy.rollingUpdate: Invalid value: apps.RollingUpdateStatefulSetStrategy{Partition:${Number(ru.partition ?? 0)}, MaxUnavailable:${unavailable}}: only allowed for updateStrategy 'RollingUpdate'`,
    });
  }
  causes.push(...nonNegative(spec.updateStrategy?.rollingUpdate?.partition, 'spec.updateStrategy.rollingUpdate.partition'));
  causes.push(...nonNegative(spec.replicas, 'spec.replicas'));
  causes.push(...nonNegative(spec.minReadySeconds, 'spec.minReadySeconds'));
  causes.push(...nonNegative(spec.ordinals?.start, 'spec.ordinals.start'));
  causes.push(...selectorCauses(spec, 'spec', 'empty selector is invalid for statefulset'));
  // The real validator checks only the template's labels and annotations here (volume mounts
  // may name claim templates); a bad pod spec surfaces as FailedCreate events instead.
  causes.push(...validateObjectMeta(spec.template?.metadata ?? {}, { nameRule: 'none', path: 'spec.template' }));
  const rp = spec.template?.spec?.restartPolicy;
  if (rp !== undefined && rp !== 'Always') causes.push(notSupported('spec.template.spec.restartPolicy', rp, ['Always']));
  if (spec.template?.spec?.activeDeadlineSeconds !== undefined) {
    causes.push(forbiddenField('spec.template.spec.activeDeadlineSeconds', 'activeDeadlineSeconds in StatefulSet is not Supported'));
  }
  if (old) {
    const strip = (s: Obj | undefined) => {
      const c: Obj = { ...(s ?? {}) };
      for (const k of MUTABLE) delete c[k];
      return JSON.stringify(c);
    };
    if (strip(old.spec) !== strip(spec)) {
      causes.push(
        forbiddenField(
          'spec',
          "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden",
        ),
      );
    }
  }
  return causes;
}

/** Installs its admission (defaults, strict decoding, validation) into an API server. */
export function installStatefulsetAdmission(api: ApiRegistries): void {
  api.admission.register('statefulsets.apps', {
    unknownFields: (obj) => objectUnknownFields(obj, STATEFULSET_SPEC),
    decodeError: (obj) => templateDecodeError(obj.spec?.template),
    default: (obj) => defaultStatefulSet(obj),
    validate: (obj, _ctx, old) => validate(obj, old),
  });
}
