/**
 * Per-kind admission: defaulting, validation and strict decoding, installed into each API
 * server's own registry by the kind modules (`apiserver/kinds/*.ts`, `kinds/<kind>/kind.ts`).
 * The API server runs them on every create and update, in this order: strict decoding (unknown
 * fields) -> defaulting -> validation; then the cross-kind plugins.
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

/**
 * One API server's admission: what each kind defaults and validates, and the cross-kind plugins
 * in the order they were added. Each cluster has its own, so what one cluster installs no other
 * cluster sees.
 */
export class AdmissionRegistry {
  private readonly kinds = new Map<string, KindAdmission>();
  private readonly plugins: AdmissionPlugin[] = [];

  /** Registers admission for a resource key (`pods`, `deployments.apps`). Later calls merge. */
  register(resource: string, a: KindAdmission): void {
    this.kinds.set(resource, { ...this.kinds.get(resource), ...a });
  }

  /** The admission of a resource key; empty when the kind has none. */
  for(resource: string): KindAdmission {
    return this.kinds.get(resource) ?? {};
  }

  /** Adds (or replaces, by name) a cross-kind admission plugin. */
  addPlugin(p: AdmissionPlugin): void {
    const i = this.plugins.findIndex((x) => x.name === p.name);
    if (i >= 0) this.plugins[i] = p;
    else this.plugins.push(p);
  }

  /** Runs every plugin's `mutate` step. */
  mutate(req: PluginRequest, ctx: AdmissionContext): void {
    for (const p of this.plugins) p.mutate?.(req, ctx);
  }

  /** Runs every plugin's `admit` step; the first rejection throws. */
  admit(req: PluginRequest, ctx: AdmissionContext): void {
    for (const p of this.plugins) p.admit?.(req, ctx);
  }
}
