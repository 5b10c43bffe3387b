/**
 * Records Events the way client-go's recorder does: one Event object per (object, reason,
 * message, source), its count and lastTimestamp bumped when the same thing happens again.
 * Like client-go's EventAggregator, once an object has had 10 different messages for the same
 * (source, type, reason) within 10 minutes, further ones go into a single event whose message
 * reads `(combined from similar events): <latest message>`.
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

/** client-go's defaultAggregateMaxEvents and defaultAggregateIntervalInSeconds. */
const AGGREGATE_MAX_EVENTS = 10;
const AGGREGATE_INTERVAL_MS = 600_000;
const COMBINED_PREFIX = '(combined from similar events): ';
/** client-go's maxLruCacheEntries: how many recent events the correlator remembers. */
const LRU_ENTRIES = 4096;

/** Reads `key`, marking it most recently used (a Map keeps insertion order). */
function lruGet<V>(m: Map<string, V>, key: string): V | undefined {
  const v = m.get(key);
  if (v !== undefined) {
    m.delete(key);
    m.set(key, v);
  }
  return v;
}

/** Writes `key` as most recently used, forgetting the least recently used beyond the limit. */
function lruSet<V>(m: Map<string, V>, key: string, v: V): void {
  m.delete(key);
  m.set(key, v);
  if (m.size > LRU_ENTRIES) m.delete(m.keys().next().value!);
}

interface AggregateRecord {
  /** Distinct messages seen for one (object, type, reason, source), oldest first. */
  messages: Set<string>;
  last: number;
}

export class EventRecorder {
  /**
   * (object uid, reason, message, component) -> event name, for aggregation. Both maps are
   * bounded LRU caches like client-go's correlator, so a long or huge session (a 10,000-Pod
   * rollout) does not keep a key per event ever recorded.
   */
  private seen = new Map<string, string>();
  /** Distinguishes events recorded in the same millisecond. */
  private seq = 0;
  /** (object uid, type, reason, source) -> the messages recently recorded for it. */
  private aggregates = new Map<string, AggregateRecord>();

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
    const nowMs = this.clock.now();
    const aggregateKey = `${obj.metadata.uid}\u0000${type}\u0000${reason}\u0000${source.component}\u0000${source.host ?? ''}`;
    let key = `${obj.metadata.uid}\u0000${reason}\u0000${message}\u0000${source.component}\u0000${fieldPath ?? ''}`;
    let record = lruGet(this.aggregates, aggregateKey);
    if (!record || nowMs - record.last > AGGREGATE_INTERVAL_MS) record = { messages: new Set(), last: nowMs };
    record.messages.add(message);
    record.last = nowMs;
    lruSet(this.aggregates, aggregateKey, record);
    if (record.messages.size >= AGGREGATE_MAX_EVENTS) {
      // As client-go: keep the set below the limit, and let the combined event (one per
      // aggregate key) absorb this occurrence.
      record.messages.delete(record.messages.values().next().value!);
      key = `combined\u0000${aggregateKey}`;
      message = COMBINED_PREFIX + message;
    }
    const now = isoTime(nowMs);
    const existingName = lruGet(this.seen, key);
    const existing = existingName ? this.store.get('events', ns, existingName) : undefined;
    if (existing) {
      this.store.put('events', {
        ...existing,
        message,
        count: ((existing.count as number) ?? 1) + 1,
        lastTimestamp: now,
      });
      return;
    }
    // Real event names end in the recording time in nanoseconds (hex), so they list in time order.
    const nanos = BigInt(this.clock.now()) * 1_000_000n + BigInt(++this.seq % 1_000_000);
    const name = `${obj.metadata.name}.${nanos.toString(16)}`;
    lruSet(this.seen, key, name);
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
