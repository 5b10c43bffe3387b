/**
 * Per-kind admission: defaulting, validation and strict decoding, registered by kind modules
 * (`apiserver/kinds/*.ts`). The API server runs them on every create and update, in this order:
 * strict decoding (unknown fields) -> defaulting -> validation.
 */
import type { StatusCause } from '../api/errors.ts';
import type { KubeObject } from '../api/types.ts';
import type { Clock } from '../clock/clock.ts';
import type { Random } from '../clock/random.ts';
import type { Store } from '../store/store.ts';

export interface AdmissionContext {
  clock: Clock;
  random: Random;
  store: Store;
}

export interface KindAdmission {
  /**
   * Returns the dotted paths of fields the kind's schema does not know (`spec.replica`,
   * `spec.containers[0].port`), for strict decoding. Optional.
   */
  unknownFields?(obj: KubeObject): string[];
  /**
   * Rejects values that cannot be decoded at all (bad quantities, non-string ConfigMap data),
   * returning the decode error text (after `<Kind> in version "v1" cannot be handled as a <Kind>: `).
   */
  decodeError?(obj: KubeObject): string | undefined;
  /** Fills in defaults in place on a mutable copy, as the 1.32 API server does. */
  default?(obj: KubeObject, ctx: AdmissionContext, old?: KubeObject): void;
  /** Validation causes, in the order the real API server reports them. Empty = valid. */
  validate?(obj: KubeObject, ctx: AdmissionContext, old?: KubeObject): StatusCause[];
  /**
   * Whether a change from `old` to `obj` counts as a spec change (bumps metadata.generation).
   * Default: JSON of `spec` differs.
   */
  specChanged?(old: KubeObject, obj: KubeObject): boolean;
}

const registry = new Map<string, KindAdmission>();

/** Registers admission for a resource key (`pods`, `deployments.apps`). Later calls merge. */
export function registerAdmission(resource: string, a: KindAdmission): void {
  registry.set(resource, { ...registry.get(resource), ...a });
}

export function admissionFor(resource: string): KindAdmission {
  return registry.get(resource) ?? {};
}

/** The request an admission plugin sees: the store key, the object after defaulting, the old one on updates. */
export interface PluginRequest {
  resource: string;
  operation: 'CREATE' | 'UPDATE';
  object: KubeObject;
  oldObject?: KubeObject;
  dryRun: boolean;
}

/**
 * A cross-kind admission plugin (LimitRanger, ResourceQuota): `mutate` runs after the kind's
 * defaulting and may change the object; `admit` runs after validation and rejects by throwing
 * an `ApiError` (Forbidden). Plugins run in registration order.
 */
export interface AdmissionPlugin {
  name: string;
  mutate?(req: PluginRequest, ctx: AdmissionContext): void;
  admit?(req: PluginRequest, ctx: AdmissionContext): void;
}

const plugins: AdmissionPlugin[] = [];

/** Adds (or replaces, by name) a cross-kind admission plugin. */
export function registerAdmissionPlugin(p: AdmissionPlugin): void {
  const i = plugins.findIndex((x) => x.name === p.name);
  if (i >= 0) plugins[i] = p;
  else plugins.push(p);
}

/** Runs every plugin's `mutate` step. */
export function mutateByPlugins(req: PluginRequest, ctx: AdmissionContext): void {
  for (const p of plugins) p.mutate?.(req, ctx);
}

/** Runs every plugin's `admit` step; the first rejection throws. */
export function admitByPlugins(req: PluginRequest, ctx: AdmissionContext): void {
  for (const p of plugins) p.admit?.(req, ctx);
}
