/**
 * What of an object the DaemonSet controller acts on, remembered per object. Watch events
 * carry no old object, so telling a change that matters from one that does not takes memory:
 * node heartbeats rewrite a Node every few seconds without touching its labels, taints or
 * schedulability, and the kubelet rewrites a Pod's container statuses, which no DaemonSet sync
 * reads. Kept apart from the controller because the trigger that loads the controller on first
 * use (register.ts) asks the same question before the controller is there.
 */
import type { KubeObject } from '../../api/types.ts';

/** The part of an object a decision depends on, as a comparable string. */
export type ShapeOf = (o: KubeObject) => string;

/** A Node as a DaemonSet sees it: labels, taints, unschedulable. */
export const nodeShape: ShapeOf = (n) => JSON.stringify([n.metadata.labels, n.spec?.taints, n.spec?.unschedulable]);

/**
 * A daemon Pod as the controller's sync reads it: all of its metadata and spec (node, labels,
 * deletion), and of its status only the phase and the Ready condition.
 */
export const daemonPodShape: ShapeOf = (p) => {
  const { resourceVersion: _rv, managedFields: _mf, ...meta } = p.metadata;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const ready = ((p.status?.conditions ?? []) as any[]).find((c) => c.type === 'Ready');
  return JSON.stringify([meta, p.spec, p.status?.phase, ready]);
};

const keyOf = (o: KubeObject): string => `${o.metadata.namespace ?? ''}/${o.metadata.name}`;

/** Each object's last seen shape. */
export class Shapes {
  private readonly seen = new Map<string, string>();
  private readonly shapeOf: ShapeOf;

  /** A memory of `shapeOf`, seeded with `objects` as they are now. */
  constructor(shapeOf: ShapeOf, objects: readonly KubeObject[] = []) {
    this.shapeOf = shapeOf;
    for (const o of objects) this.seen.set(keyOf(o), shapeOf(o));
  }

  /** Whether `o` differs from what was last recorded for it (true for one not seen yet); records nothing. */
  differs(o: KubeObject): boolean {
    return this.seen.get(keyOf(o)) !== this.shapeOf(o);
  }

  /** Records `o`'s shape; true when it changed (or `o` is new). */
  record(o: KubeObject): boolean {
    const changed = this.differs(o);
    this.seen.set(keyOf(o), this.shapeOf(o));
    return changed;
  }

  /** Forgets a deleted object. */
  forget(o: KubeObject): void {
    this.seen.delete(keyOf(o));
  }
}
