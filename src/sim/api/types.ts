/**
 * The object model shared by the API server, controllers, kubelet and kubectl.
 * `KubeObject` is generic over spec and status; the kinds' shapes are generated from the 1.32
 * OpenAPI into src/sim/kinds/generated-types.ts.
 */
import { setOwn } from './own-keys.ts';

export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

export interface ObjectMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
  finalizers?: string[];
  [extra: string]: unknown;
}

/**
 * A Kubernetes object, spec and status typed by `Spec` and `Status` (src/sim/kinds/generated-types.ts
 * has them for every kind: `Pod` is `KubeObject<PodSpec, PodStatus>`); left out, they are `any`,
 * for code that handles any kind. Stored objects are deeply frozen: clone before changing one.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface KubeObject<Spec = any, Status = any> {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
  spec?: Spec;
  status?: Status;
  [extra: string]: unknown;
}

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED';

export interface WatchEvent {
  type: WatchEventType;
  object: KubeObject;
  /** The resource key (`pods`, `deployments.apps`) the object belongs to. */
  resource: string;
}

/** RFC 3339 timestamp with second precision, as the API server writes metadata times. */
export function isoTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Deep copy of plain JSON-shaped data (the only shape API objects have). */
export function clone<T>(v: T): T {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(clone) as unknown as T;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v as object)) setOwn(out, k, clone((v as Record<string, unknown>)[k]));
  return out as T;
}

/** Freezes JSON-shaped data in place, deeply, and returns it. */
export function deepFreeze<T>(v: T): T {
  if (v !== null && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const k of Object.keys(v as object)) deepFreeze((v as Record<string, unknown>)[k]);
  }
  return v;
}
