/**
 * The registries a kind module installs into: one API server's admission (per-kind defaults,
 * strict decoding and validation, cross-kind plugins), its Table conversions and its webhook
 * servers. `ApiServer` is one; each cluster's is its own.
 */
import type { AdmissionRegistry } from './admission.ts';
import type { DeferredKinds } from './deferred-kinds.ts';
import type { TableRegistry } from './tables/table.ts';
import type { WebhookServers } from './webhooks.ts';

/** What a kind or add-on installs into an API server. */
export interface ApiRegistries {
  readonly admission: AdmissionRegistry;
  readonly tables: TableRegistry;
  readonly webhooks: WebhookServers;
  /** Kinds whose admission and tables load on first use (deferred-kinds.ts). */
  readonly deferred: DeferredKinds;
}
