/**
 * The persistent volume controller with the pieces kind runs beside it: binding claims to
 * volumes, the local-path provisioner behind kind's `standard` class (WaitForFirstConsumer:
 * a volume `pvc-<claim uid>` on the node of the first pod scheduled with the claim), the
 * reclaim policy of released volumes, and the pvc-/pv-protection finalizers.
 *
 * Keys are `pvc:<ns>/<name>` and `pv:<name>`.
 */
import type { Cluster } from '../../cluster.ts';
import { isoTime, type KubeObject } from '../../api/types.ts';
import { PVC_PROTECTION_FINALIZER } from '../../apiserver/kinds/pvc.ts';
import { PV_PROTECTION_FINALIZER } from '../../apiserver/kinds/pv.ts';
import { splitKey, type Controller, type ReconcileResult } from '../../runtime/controller.ts';
import { isTerminal } from '../statefulset/pods.ts';
import {
  BETA_STORAGE_PROVISIONER_ANNOTATION,
  BIND_COMPLETED_ANNOTATION,
  BOUND_BY_CONTROLLER_ANNOTATION,
  LOCAL_PATH_PROVISIONER,
  SELECTED_NODE_ANNOTATION,
  STORAGE_PROVISIONER_ANNOTATION,
  bestMatch,
  claimRefTo,
  localPathVolume,
  podClaims,
} from './binding.ts';

export const PV_CONTROLLER = 'persistentvolume-controller';
const SC = 'storageclasses.storage.k8s.io';
/** The controller's periodic claim sync (--pvclaimbinder-sync-period). */
export const CLAIM_RESYNC_MS = 15_000;

/** The controller. */
export function volumeController(cluster: Cluster): Controller {
  const { api } = cluster;
  /** Claim uid -> last time a waiting event was recorded, so repeats follow the resync period. */
  const lastWaitEvent = new Map<string, number>();

  const event = (obj: KubeObject, type: 'Normal' | 'Warning', reason: string, message: string, component = PV_CONTROLLER) =>
    cluster.events.record(obj, type, reason, message, { component });

  function waitingEvent(claim: KubeObject, type: 'Normal' | 'Warning', reason: string, message: string): void {
    const now = cluster.now();
    const uid = claim.metadata.uid!;
    const last = lastWaitEvent.get(uid);
    if (last !== undefined && now - last < CLAIM_RESYNC_MS) return;
    lastWaitEvent.set(uid, now);
    event(claim, type, reason, message);
  }

  function provisionerName(): string {
    const pod = api
      .list('pods', { namespace: 'local-path-storage' })
      .find((p) => p.metadata.name?.startsWith('local-path-provisioner-'));
    const name = pod?.metadata.name ?? 'local-path-provisioner-7dc846544d-4kxlc';
    const uid = pod?.metadata.uid ?? '9c1a4b54-46bd-4d47-9d8e-3d1b0e5f3a21';
    return `${LOCAL_PATH_PROVISIONER}_${name}_${uid}`;
  }

  /** Pods in the claim's namespace that mount it. */
  function usersOf(claim: KubeObject): KubeObject[] {
    return api.list('pods', {
      namespace: claim.metadata.namespace,
      filter: (p) => podClaims(p).includes(claim.metadata.name!),
    });
  }

  function bind(claim: KubeObject, pv: KubeObject, byController: boolean): void {
    const boundPv = api.modifyStatus('persistentvolumes', undefined, pv.metadata.name!, (o) => {
      if (!o.spec.claimRef) {
        o.spec.claimRef = claimRefTo(claim);
        o.metadata.annotations = { ...(o.metadata.annotations ?? {}), [BOUND_BY_CONTROLLER_ANNOTATION]: 'yes' };
      }
      o.status = { ...(o.status ?? {}), phase: 'Bound', lastPhaseTransitionTime: isoTime(cluster.now()) };
    });
    api.modifyStatus('persistentvolumeclaims', claim.metadata.namespace, claim.metadata.name!, (o) => {
      o.spec.volumeName = pv.metadata.name;
      o.metadata.annotations = {
        ...(o.metadata.annotations ?? {}),
        [BIND_COMPLETED_ANNOTATION]: 'yes',
        ...(byController ? { [BOUND_BY_CONTROLLER_ANNOTATION]: 'yes' } : {}),
      };
      o.status = { accessModes: [...(boundPv.spec.accessModes ?? [])], capacity: { ...(boundPv.spec.capacity ?? {}) }, phase: 'Bound' };
    });
  }

  function syncClaim(claim: KubeObject): ReconcileResult | void {
    const ns = claim.metadata.namespace;
    const name = claim.metadata.name!;
    if (claim.metadata.deletionTimestamp) {
      const inUse = usersOf(claim).some((p) => !isTerminal(p));
      if (!inUse && claim.metadata.finalizers?.includes(PVC_PROTECTION_FINALIZER)) {
        api.modifyStatus('persistentvolumeclaims', ns, name, (o) => {
          o.metadata.finalizers = (o.metadata.finalizers ?? []).filter((f) => f !== PVC_PROTECTION_FINALIZER);
        });
      }
      return;
    }
    if (claim.spec?.volumeName && claim.metadata.annotations?.[BIND_COMPLETED_ANNOTATION]) {
      const pv = api.tryGet('persistentvolumes', undefined, claim.spec.volumeName);
      if (!pv && claim.status?.phase !== 'Lost') {
        api.updateStatus('persistentvolumeclaims', ns, name, { ...claim.status, phase: 'Lost' });
        event(claim, 'Warning', 'ClaimLost', 'Bound claim has lost its PersistentVolume. Data on the volume is lost!');
      }
      return;
    }
    const className: string = claim.spec?.storageClassName ?? '';
    const sc = className ? api.tryGet(SC, undefined, className) : undefined;
    const delay = sc?.volumeBindingMode === 'WaitForFirstConsumer';
    let node = claim.metadata.annotations?.[SELECTED_NODE_ANNOTATION];
    if (delay && !node) {
      // The scheduler picked a node for a pod using the claim: record it as its volume binder does.
      node = usersOf(claim).find((p) => p.spec?.nodeName && !isTerminal(p))?.spec?.nodeName;
      if (node) {
        claim = api.modifyStatus('persistentvolumeclaims', ns, name, (o) => {
          o.metadata.annotations = { ...(o.metadata.annotations ?? {}), [SELECTED_NODE_ANNOTATION]: node! };
        });
      }
    }
    if (delay && node && !lastWaitEvent.has(claim.metadata.uid!)) {
      // The claim existed (briefly) before its consumer was scheduled, as the real controller's
      // first sync sees it.
      waitingEvent(claim, 'Normal', 'WaitForFirstConsumer', 'waiting for first consumer to be created before binding');
    }
    const pv = !delay || node ? bestMatch(api.list('persistentvolumes'), claim) : undefined;
    if (pv) {
      bind(claim, pv, true);
      lastWaitEvent.delete(claim.metadata.uid!);
      return;
    }
    if (delay && !node) {
      const waiting = usersOf(claim).filter((p) => !p.spec?.nodeName).map((p) => p.metadata.name!);
      if (waiting.length === 0 || !lastWaitEvent.has(claim.metadata.uid!)) waitingEvent(claim, 'Normal', 'WaitForFirstConsumer', 'waiting for first consumer to be created before binding');
      else if (waiting.length === 1) waitingEvent(claim, 'Normal', 'WaitForPodScheduled', `waiting for pod ${waiting[0]} to be scheduled`);
      else waitingEvent(claim, 'Normal', 'WaitForPodScheduled', `waiting for pods ${waiting.join(',')} to be scheduled`);
      return { requeueAfter: CLAIM_RESYNC_MS };
    }
    if (!className) {
      waitingEvent(claim, 'Normal', 'FailedBinding', 'no persistent volumes available for this claim and no storage class is set');
      return { requeueAfter: CLAIM_RESYNC_MS };
    }
    if (!sc) {
      waitingEvent(claim, 'Warning', 'ProvisioningFailed', `storageclass.storage.k8s.io ${JSON.stringify(className)} not found`);
      return { requeueAfter: CLAIM_RESYNC_MS };
    }
    return provision(claim, sc, node);
  }

  function provision(claim: KubeObject, sc: KubeObject, node: string | undefined): ReconcileResult | void {
    const provisioner = String(sc.provisioner ?? '');
    if (claim.metadata.annotations?.[STORAGE_PROVISIONER_ANNOTATION] !== provisioner) {
      claim = api.modifyStatus('persistentvolumeclaims', claim.metadata.namespace, claim.metadata.name!, (o) => {
        o.metadata.annotations = {
          ...(o.metadata.annotations ?? {}),
          [BETA_STORAGE_PROVISIONER_ANNOTATION]: provisioner,
          [STORAGE_PROVISIONER_ANNOTATION]: provisioner,
        };
      });
    }
    const waiting = `Waiting for a volume to be created either by the external provisioner '${provisioner}' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.`;
    if (provisioner !== LOCAL_PATH_PROVISIONER || !node) {
      waitingEvent(claim, 'Normal', 'ExternalProvisioning', waiting);
      return { requeueAfter: CLAIM_RESYNC_MS };
    }
    event(claim, 'Normal', 'ExternalProvisioning', waiting);
    const source = provisionerName();
    event(claim, 'Normal', 'Provisioning', `External provisioner is provisioning volume for claim "${claim.metadata.namespace}/${claim.metadata.name}"`, source);
    const pv = localPathVolume(claim, sc, node);
    let created: KubeObject;
    try {
      created = api.create('persistentvolumes', pv).object;
    } catch {
      created = api.tryGet('persistentvolumes', undefined, pv.metadata.name!) ?? pv;
    }
    event(claim, 'Normal', 'ProvisioningSucceeded', `Successfully provisioned volume ${pv.metadata.name}`, source);
    lastWaitEvent.delete(claim.metadata.uid!);
    bind(claim, created, true);
  }

  function syncVolume(pv: KubeObject): void {
    const name = pv.metadata.name!;
    const ref = pv.spec?.claimRef;
    const claim = ref ? api.tryGet('persistentvolumeclaims', ref.namespace, ref.name) : undefined;
    const claimGone = !!ref && (!claim || (ref.uid && claim.metadata.uid !== ref.uid));
    if (pv.metadata.deletionTimestamp) {
      if (pv.status?.phase !== 'Bound' || claimGone) {
        if (pv.metadata.finalizers?.includes(PV_PROTECTION_FINALIZER)) {
          api.modifyStatus('persistentvolumes', undefined, name, (o) => {
            o.metadata.finalizers = (o.metadata.finalizers ?? []).filter((f) => f !== PV_PROTECTION_FINALIZER);
          });
        }
      }
      return;
    }
    let phase: string;
    if (!ref) phase = 'Available';
    else if (claimGone) phase = 'Released';
    else if (claim?.spec?.volumeName === name) phase = 'Bound';
    else phase = pv.status?.phase === 'Pending' ? 'Available' : (pv.status?.phase ?? 'Available');
    if (pv.status?.phase !== phase) {
      api.updateStatus('persistentvolumes', undefined, name, { ...(pv.status ?? {}), phase, lastPhaseTransitionTime: isoTime(cluster.now()) });
    }
    if (phase === 'Released' && pv.spec?.persistentVolumeReclaimPolicy === 'Delete') {
      try {
        api.delete('persistentvolumes', undefined, name);
      } catch {
        // Already gone.
      }
    }
  }

  const claimKey = (ns: string | undefined, name: string) => `pvc:${ns ?? 'default'}/${name}`;
  return {
    name: PV_CONTROLLER,
    watches: [
      {
        resource: 'persistentvolumeclaims',
        keys: (e) => {
          const keys = e.type === 'DELETED' ? [] : [claimKey(e.object.metadata.namespace, e.object.metadata.name!)];
          if (e.type === 'DELETED') lastWaitEvent.delete(e.object.metadata.uid!);
          if (e.object.spec?.volumeName) keys.push(`pv:${e.object.spec.volumeName}`);
          return keys;
        },
      },
      {
        resource: 'persistentvolumes',
        keys: (e) => {
          const keys = e.type === 'DELETED' ? [] : [`pv:${e.object.metadata.name}`];
          const ref = e.object.spec?.claimRef;
          if (ref) keys.push(claimKey(ref.namespace, ref.name));
          else if (e.type !== 'DELETED') for (const c of api.list('persistentvolumeclaims')) if (c.status?.phase === 'Pending') keys.push(claimKey(c.metadata.namespace, c.metadata.name!));
          return keys;
        },
      },
      { resource: 'pods', keys: (e) => podClaims(e.object).map((c) => claimKey(e.object.metadata.namespace, c)) },
      {
        resource: SC,
        keys: () => api.list('persistentvolumeclaims').filter((c) => c.status?.phase === 'Pending').map((c) => claimKey(c.metadata.namespace, c.metadata.name!)),
      },
    ],
    initialKeys: () => [
      ...api.list('persistentvolumeclaims').map((c) => claimKey(c.metadata.namespace, c.metadata.name!)),
      ...api.list('persistentvolumes').map((p) => `pv:${p.metadata.name}`),
    ],
    reconcile(key) {
      if (key.startsWith('pv:')) {
        const pv = api.tryGet('persistentvolumes', undefined, key.slice(3));
        if (pv) syncVolume(pv);
        return;
      }
      const { namespace, name } = splitKey(key.slice(4));
      const claim = api.tryGet('persistentvolumeclaims', namespace, name);
      if (claim) return syncClaim(claim);
    },
  };
}
