/**
 * Running counts of each ReplicaSet's Pods, kept up to date from the change feed so that a
 * reconcile costs O(1) in the number of Pods instead of O(n). Without it, 10,000 Pods becoming
 * ready one by one would mean 10,000 reconciles each walking 10,000 Pods.
 *
 * Shape, per ReplicaSet uid: the facts of each Pod it controls (active, ready, matching its
 * selector, carrying every template label) and their sums over active Pods. A Pod's facts are
 * computed against its ReplicaSet when the Pod changes; when the ReplicaSet's template labels
 * change, its Pods are re-evaluated once (selectors are immutable, templates rarely change
 * labels). Availability under minReadySeconds depends on time, so it is counted on demand.
 */
import { matches, selectorFromSpec, type LabelSelector } from '../../api/labels.ts';
import type { KubeObject } from '../../api/types.ts';
import type { Cluster } from '../../cluster.ts';
import { canonicalJson } from '../shared/pod-template-hash.ts';
import { controllerRefOf } from '../shared/controller-ref.ts';
import { isPodActive, isPodReady, podReadySince } from '../shared/pod-conditions.ts';

const RS = 'replicasets.apps';

interface PodFacts {
  ownerUid: string;
  active: boolean;
  ready: boolean;
  readySince: number | undefined;
  matches: boolean;
  fullyLabeled: boolean;
}

/** Sums over a ReplicaSet's active Pods. `claimed*` count those matching its selector. */
export interface PodCounts {
  claimed: number;
  claimedReady: number;
  claimedFullyLabeled: number;
  /** Active Pods it controls that no longer match its selector (to be released). */
  notMatching: number;
}

interface OwnerTally extends PodCounts {
  pods: Map<string, PodFacts>;
  /** The template labels and selector the facts were computed with. */
  basis: string;
}

interface Basis {
  selector: LabelSelector | undefined;
  labels: Record<string, string>;
  key: string;
}

function basisOf(rs: KubeObject | undefined): Basis {
  const labels = (rs?.spec?.template?.metadata?.labels ?? {}) as Record<string, string>;
  let selector: LabelSelector | undefined;
  try {
    selector = rs ? selectorFromSpec(rs.spec?.selector) : undefined;
  } catch {
    selector = undefined;
  }
  return { selector, labels, key: rs ? `${rs.metadata.uid}|${canonicalJson(labels)}|${canonicalJson(rs.spec?.selector ?? null)}` : '' };
}

function factsOf(pod: KubeObject, ownerUid: string, b: Basis): PodFacts {
  const labels = pod.metadata.labels ?? {};
  let fully = true;
  for (const [k, v] of Object.entries(b.labels)) if (labels[k] !== v) fully = false;
  return {
    ownerUid,
    active: isPodActive(pod),
    ready: isPodReady(pod),
    readySince: podReadySince(pod),
    matches: b.selector ? matches(b.selector, labels) : false,
    fullyLabeled: fully,
  };
}

export class PodTally {
  private owners = new Map<string, OwnerTally>();
  /** `ns/name` of a Pod -> its facts (for Pods with a ReplicaSet controller). */
  private byPod = new Map<string, PodFacts>();
  private cluster: Cluster;
  /** ReplicaSet uid -> its basis at a resourceVersion (Pod events would recompute it each time). */
  private bases = new Map<string, { rv: string | undefined; basis: Basis }>();

  constructor(cluster: Cluster) {
    this.cluster = cluster;
    for (const p of cluster.store.list('pods')) this.observePod(p, false);
    cluster.store.subscribe((e) => {
      if (e.resource === 'pods') this.observePod(e.object, e.type === 'DELETED');
      else if (e.resource === RS && e.type === 'DELETED') {
        this.owners.delete(e.object.metadata.uid!);
        this.bases.delete(e.object.metadata.uid!);
      }
    });
  }

  /** Counts for `rs`, re-evaluating its Pods first if its template labels changed. */
  counts(rs: KubeObject): PodCounts {
    const t = this.owner(rs.metadata.uid!);
    const b = this.basis(rs);
    if (t.basis !== b.key) this.rebase(t, rs, b);
    return { claimed: t.claimed, claimedReady: t.claimedReady, claimedFullyLabeled: t.claimedFullyLabeled, notMatching: t.notMatching };
  }

  /** Ready claimed Pods of `rs` (when they became ready), for minReadySeconds arithmetic. */
  readyTimes(rs: KubeObject): (number | undefined)[] {
    const out: (number | undefined)[] = [];
    for (const f of this.owner(rs.metadata.uid!).pods.values()) if (f.active && f.matches && f.ready) out.push(f.readySince);
    return out;
  }

  private basis(rs: KubeObject): Basis {
    const uid = rs.metadata.uid!;
    const hit = this.bases.get(uid);
    if (hit && hit.rv === rs.metadata.resourceVersion) return hit.basis;
    const basis = basisOf(rs);
    this.bases.set(uid, { rv: rs.metadata.resourceVersion, basis });
    return basis;
  }

  private owner(uid: string): OwnerTally {
    let t = this.owners.get(uid);
    if (!t) {
      t = { pods: new Map(), basis: '', claimed: 0, claimedReady: 0, claimedFullyLabeled: 0, notMatching: 0 };
      this.owners.set(uid, t);
    }
    return t;
  }

  private add(t: OwnerTally, f: PodFacts, sign: 1 | -1): void {
    if (!f.active) return;
    if (!f.matches) {
      t.notMatching += sign;
      return;
    }
    t.claimed += sign;
    if (f.ready) t.claimedReady += sign;
    if (f.fullyLabeled) t.claimedFullyLabeled += sign;
  }

  private rebase(t: OwnerTally, rs: KubeObject, b: Basis): void {
    const ns = rs.metadata.namespace ?? '';
    t.basis = b.key;
    t.claimed = t.claimedReady = t.claimedFullyLabeled = t.notMatching = 0;
    for (const [name, old] of t.pods) {
      const pod = this.cluster.store.get('pods', ns, name);
      if (!pod) continue;
      const f = factsOf(pod, old.ownerUid, b);
      t.pods.set(name, f);
      this.byPod.set(`${ns}/${name}`, f);
      this.add(t, f, 1);
    }
  }

  private observePod(pod: KubeObject, deleted: boolean): void {
    const ns = pod.metadata.namespace ?? '';
    const key = `${ns}/${pod.metadata.name}`;
    const prev = this.byPod.get(key);
    if (prev) {
      const t = this.owners.get(prev.ownerUid);
      if (t) {
        this.add(t, prev, -1);
        t.pods.delete(pod.metadata.name!);
      }
      this.byPod.delete(key);
    }
    if (deleted) return;
    const ref = controllerRefOf(pod);
    if (!ref || ref.kind !== 'ReplicaSet') return;
    const t = this.owner(ref.uid);
    const rs = this.cluster.store.get(RS, ns, ref.name);
    const current = rs && rs.metadata.uid === ref.uid ? rs : undefined;
    const b = current ? this.basis(current) : basisOf(undefined);
    if (current && t.basis !== b.key) this.rebase(t, current, b);
    const f = factsOf(pod, ref.uid, b);
    t.pods.set(pod.metadata.name!, f);
    this.byPod.set(key, f);
    this.add(t, f, 1);
  }
}
