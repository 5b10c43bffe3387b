/**
 * Records Events the way client-go's recorder does: one Event object per (object, reason,
 * message, source), its count and lastTimestamp bumped when the same thing happens again.
 * Event names are `<object name>.<nanosecond timestamp in hex>` like the real ones.
 */
import type { KubeObject } from '../api/types.ts';
import { isoTime } from '../api/types.ts';
import type { Clock } from '../clock/clock.ts';
import type { Random } from '../clock/random.ts';
import type { Store } from '../store/store.ts';

export type EventType = 'Normal' | 'Warning';

export interface EventSource {
  /** `kubelet`, `default-scheduler`, `replicaset-controller`, ... */
  component: string;
  host?: string;
}

export class EventRecorder {
  /** (object uid, reason, message, component) -> event name, for aggregation. */
  private seen = new Map<string, string>();
  /** Distinguishes events recorded in the same millisecond. */
  private seq = 0;

  private store: Store;
  private clock: Clock;
  private random: Random;

  constructor(store: Store, clock: Clock, random: Random) {
    this.store = store;
    this.clock = clock;
    this.random = random;
  }

  /**
   * Records an event about `obj`. `fieldPath` is the sub-object (`spec.containers{nginx}`)
   * kubelet events carry.
   */
  record(obj: KubeObject, type: EventType, reason: string, message: string, source: EventSource, fieldPath?: string): void {
    const ns = obj.metadata.namespace ?? 'default';
    const key = `${obj.metadata.uid}\u0000${reason}\u0000${message}\u0000${source.component}\u0000${fieldPath ?? ''}`;
    const now = isoTime(this.clock.now());
    const existingName = this.seen.get(key);
    const existing = existingName ? this.store.get('events', ns, existingName) : undefined;
    if (existing) {
      this.store.put('events', {
        ...existing,
        count: ((existing.count as number) ?? 1) + 1,
        lastTimestamp: now,
      });
      return;
    }
    // Real event names end in the recording time in nanoseconds (hex), so they list in time order.
    const nanos = BigInt(this.clock.now()) * 1_000_000n + BigInt(++this.seq % 1_000_000);
    const name = `${obj.metadata.name}.${nanos.toString(16)}`;
    this.seen.set(key, name);
    this.store.put('events', {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name, namespace: ns, uid: this.random.uuid(), creationTimestamp: now },
      involvedObject: {
        apiVersion: obj.apiVersion,
        kind: obj.kind,
        name: obj.metadata.name,
        namespace: obj.metadata.namespace,
        uid: obj.metadata.uid,
        resourceVersion: obj.metadata.resourceVersion,
        ...(fieldPath ? { fieldPath } : {}),
      },
      reason,
      message,
      source: { component: source.component, ...(source.host ? { host: source.host } : {}) },
      firstTimestamp: now,
      lastTimestamp: now,
      count: 1,
      type,
      eventTime: null,
      reportingComponent: source.component,
      reportingInstance: source.host ?? '',
    });
  }
}
