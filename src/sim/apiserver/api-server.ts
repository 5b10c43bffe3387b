/**
 * The simulated API server: the only way anything (kubectl, controllers, kubelet, scheduler)
 * reads or writes the cluster. It adds what the real one adds on top of storage: identity
 * (uid, creationTimestamp, generateName), admission (strict decoding, defaulting, validation),
 * generation bumps on spec changes, and deletion semantics (graceful Pod deletion, finalizers,
 * propagation policy recorded for the garbage collector).
 *
 * Calls are synchronous and throw `ApiError`; the objects they return are frozen.
 */
import { ApiError, alreadyExists, badRequest, forbidden, invalid, notFound } from '../api/errors.ts';
import { typeByKey, type ResourceType } from '../api/resources.ts';
import { clone, isoTime, type KubeObject, type WatchEvent } from '../api/types.ts';
import type { Clock } from '../clock/clock.ts';
import type { Random } from '../clock/random.ts';
import type { Store } from '../store/store.ts';
import { AdmissionRegistry, type AdmissionContext } from './admission.ts';
import { TableRegistry } from './tables/table.ts';
import { callValidatingWebhooks, WebhookServers } from './webhooks.ts';
import { DeferredKinds } from './deferred-kinds.ts';
import { nodeSpecDecodeError, objectMetaDecodeError } from './object-meta-decode.ts';
import { POD_BUDGET, podBudgetExceeded } from './pod-budget.ts';

export type FieldValidation = 'Strict' | 'Warn' | 'Ignore';
export type PropagationPolicy = 'Background' | 'Foreground' | 'Orphan';

export interface WriteOptions {
  dryRun?: boolean;
  /** Default Strict, as kubectl 1.32 sends. */
  fieldValidation?: FieldValidation;
}

export interface WriteResult {
  object: KubeObject;
  /** Warnings the server returns (`unknown field "spec.x"` with Warn). */
  warnings: string[];
}

export interface ListOptions {
  /** undefined = all namespaces (or a cluster-scoped kind). */
  namespace?: string;
  /** Applied after the namespace filter; kubectl builds it from -l / --field-selector. */
  filter?: (obj: KubeObject) => boolean;
}

export interface DeleteOptions {
  /** Pod grace period override; 0 with force deletes at once. */
  gracePeriodSeconds?: number;
  propagationPolicy?: PropagationPolicy;
  dryRun?: boolean;
}

/** Finalizers the garbage collector honours for foreground and orphan deletion. */
export const FOREGROUND_FINALIZER = 'foregroundDeletion';
export const ORPHAN_FINALIZER = 'orphan';

/** Groups whose objects carry metadata.generation (workload-style strategies). */
const GENERATION_GROUPS = new Set(['apps', 'batch', 'networking.k8s.io', 'policy', 'autoscaling']);

export class ApiServer {
  private ctx: AdmissionContext;
  /** This server's kinds: defaulting, validation, strict decoding, and the cross-kind plugins. */
  readonly admission = new AdmissionRegistry();
  /** This server's Table conversions (`kubectl get` columns). */
  readonly tables = new TableRegistry();
  /** What this cluster's admission webhook Services answer. */
  readonly webhooks = new WebhookServers();
  /** Kinds of this server whose admission and tables load on first use. */
  readonly deferred: DeferredKinds = new DeferredKinds(this);

  readonly store: Store;
  readonly clock: Clock;
  readonly random: Random;
  /** Pods the cluster may hold at once (see pod-budget.ts); tests may lower it. */
  podBudget = POD_BUDGET;
  /** What runs before any request for a resource (objects the server keeps in reserve until asked for). */
  private readonly requestHooks = new Map<string, () => void>();

  constructor(store: Store, clock: Clock, random: Random) {
    this.store = store;
    this.clock = clock;
    this.random = random;
    this.ctx = { clock, random, store };
  }

  /**
   * Runs `hook` before every read or write of `resources` that reaches this server, so that
   * objects a cluster keeps in reserve (the bootstrap RBAC policy) are in the store by the time a
   * request looks at them.
   */
  beforeRequests(resources: readonly string[], hook: () => void): void {
    for (const r of resources) this.requestHooks.set(r, hook);
  }

  private touch(resource: string): void {
    this.requestHooks.get(resource)?.();
  }

  /** The registry entry for a store key, or a 404 for unknown resources. */
  type(resource: string): ResourceType {
    const t = typeByKey(resource);
    if (!t) throw new ApiError('NotFound', `the server could not find the requested resource (${resource})`);
    return t;
  }

  get(resource: string, namespace: string | undefined, name: string): KubeObject {
    const t = this.type(resource);
    this.touch(resource);
    const obj = this.store.get(resource, t.namespaced ? (namespace ?? 'default') : '', name);
    if (!obj) throw notFound(resource, name);
    return obj;
  }

  /** Returns the object or undefined, without throwing. */
  tryGet(resource: string, namespace: string | undefined, name: string): KubeObject | undefined {
    const t = this.type(resource);
    this.touch(resource);
    return this.store.get(resource, t.namespaced ? (namespace ?? 'default') : '', name);
  }

  list(resource: string, opts: ListOptions = {}): KubeObject[] {
    const t = this.type(resource);
    this.touch(resource);
    const all = this.store.list(resource, t.namespaced ? opts.namespace : undefined);
    return opts.filter ? all.filter(opts.filter) : all;
  }

  create(resource: string, input: KubeObject, opts: WriteOptions = {}): WriteResult {
    const t = this.type(resource);
    this.touch(resource);
    this.deferred.assertReady(resource, 'create');
    const obj = clone(input);
    obj.metadata = obj.metadata ?? {};
    const md = obj.metadata;
    if (t.namespaced) md.namespace = md.namespace || 'default';
    else delete md.namespace;
    const requestedName = md.name || md.generateName || '';
    if (!md.name && md.generateName) md.name = md.generateName.slice(0, 58) + this.random.suffix(5);
    if (!md.name) {
      throw invalid(t.kind, t.group, '', [
        { reason: 'FieldValueRequired', field: 'metadata.name', message: 'metadata.name: Required value: name or generateName is required' },
      ]);
    }
    if (t.namespaced) this.checkNamespaceWritable(md.namespace!, resource, md.name);
    const warnings = this.decode(t, obj, opts.fieldValidation ?? 'Strict');
    const adm = this.admission.for(resource);
    adm.default?.(obj, this.ctx);
    const req = { resource, operation: 'CREATE' as const, object: obj, dryRun: !!opts.dryRun };
    this.admission.mutate(req, this.ctx);
    const causes = adm.validate?.(obj, this.ctx) ?? [];
    if (causes.length) throw invalid(t.kind, t.group, md.name, causes);
    if (resource === 'pods' && this.store.count('pods') >= this.podBudget) throw podBudgetExceeded(requestedName, this.podBudget);
    callValidatingWebhooks(this.webhooks, resource, { operation: 'CREATE', resource, object: obj }, this.ctx);
    if (this.store.get(resource, md.namespace ?? '', md.name)) throw alreadyExists(resource, md.name);
    this.admission.admit(req, this.ctx);
    md.uid = this.random.uuid();
    md.creationTimestamp = isoTime(this.clock.now());
    if (GENERATION_GROUPS.has(t.group)) md.generation = 1;
    delete md.resourceVersion;
    delete md.deletionTimestamp;
    if (opts.dryRun) return { object: obj, warnings };
    return { object: this.store.put(resource, obj), warnings };
  }

  /**
   * Replaces an object's spec and metadata (status is kept from the stored object). Bumps
   * generation when the spec changed. A stale resourceVersion is a Conflict.
   */
  update(resource: string, input: KubeObject, opts: WriteOptions = {}): WriteResult {
    const t = this.type(resource);
    const old = this.get(resource, input.metadata.namespace, input.metadata.name!);
    this.deferred.assertReady(resource, 'update');
    if (input.metadata.resourceVersion && input.metadata.resourceVersion !== old.metadata.resourceVersion) {
      throw new ApiError(
        'Conflict',
        `Operation cannot be fulfilled on ${resource} "${old.metadata.name}": the object has been modified; please apply your changes to the latest version and try again`,
      );
    }
    const obj = clone(input);
    obj.metadata = {
      ...obj.metadata,
      name: old.metadata.name,
      namespace: old.metadata.namespace,
      uid: old.metadata.uid,
      creationTimestamp: old.metadata.creationTimestamp,
      deletionTimestamp: old.metadata.deletionTimestamp,
      deletionGracePeriodSeconds: old.metadata.deletionGracePeriodSeconds,
      generation: old.metadata.generation,
    };
    for (const k of ['deletionTimestamp', 'deletionGracePeriodSeconds', 'generation', 'namespace'] as const) {
      if (obj.metadata[k] === undefined) delete obj.metadata[k];
    }
    if (old.status !== undefined) obj.status = clone(old.status);
    const warnings = this.decode(t, obj, opts.fieldValidation ?? 'Strict');
    const adm = this.admission.for(resource);
    adm.default?.(obj, this.ctx, old);
    const req = { resource, operation: 'UPDATE' as const, object: obj, oldObject: old, dryRun: !!opts.dryRun };
    this.admission.mutate(req, this.ctx);
    const causes = adm.validate?.(obj, this.ctx, old) ?? [];
    if (causes.length) throw invalid(t.kind, t.group, old.metadata.name!, causes);
    callValidatingWebhooks(this.webhooks, resource, { operation: 'UPDATE', resource, object: obj, oldObject: old }, this.ctx);
    this.admission.admit(req, this.ctx);
    const changed = adm.specChanged ? adm.specChanged(old, obj) : JSON.stringify(old.spec) !== JSON.stringify(obj.spec);
    if (changed && old.metadata.generation !== undefined) obj.metadata.generation = old.metadata.generation + 1;
    if (opts.dryRun) return { object: obj, warnings };
    return { object: this.finishIfDone(resource, obj), warnings };
  }

  /** Replaces only `status` (the status subresource), as controllers and the kubelet do. */
  updateStatus(resource: string, namespace: string | undefined, name: string, status: unknown): KubeObject {
    const old = this.get(resource, namespace, name);
    return this.store.put(resource, { ...old, status: clone(status) });
  }

  /**
   * Read-modify-write helper: `mutate` gets a mutable copy of the current object. The result
   * goes through `update` (admission included). Returns the stored object.
   */
  modify(resource: string, namespace: string | undefined, name: string, mutate: (o: KubeObject) => void): KubeObject {
    const copy = clone(this.get(resource, namespace, name));
    mutate(copy);
    delete copy.metadata.resourceVersion;
    return this.update(resource, copy).object;
  }

  /** Like `modify` but writes status and metadata without admission (controllers' own bookkeeping). */
  modifyStatus(resource: string, namespace: string | undefined, name: string, mutate: (o: KubeObject) => void): KubeObject {
    const copy = clone(this.get(resource, namespace, name));
    mutate(copy);
    return this.finishIfDone(resource, copy);
  }

  /**
   * Deletes an object. Pods bound to a node are deleted gracefully (deletionTimestamp set,
   * the kubelet removes them once their containers stop); objects with finalizers wait for
   * them; everything else goes at once. The propagation policy becomes a finalizer the
   * garbage collector acts on (foreground / orphan); background needs nothing here.
   * Returns the object as it stands after the call (removed, or marked for deletion).
   */
  delete(resource: string, namespace: string | undefined, name: string, opts: DeleteOptions = {}): KubeObject {
    const t = this.type(resource);
    const old = this.get(resource, namespace, name);
    if (resource === 'namespaces' && ['default', 'kube-system', 'kube-public', 'kube-node-lease'].includes(name)) {
      throw forbidden(`namespaces "${name}" is forbidden: this namespace may not be deleted`);
    }
    if (opts.dryRun) return old;
    const obj = clone(old);
    const md = obj.metadata;
    const finalizers = [...(md.finalizers ?? [])];
    const policy = opts.propagationPolicy;
    if (policy === 'Foreground' && !finalizers.includes(FOREGROUND_FINALIZER)) finalizers.push(FOREGROUND_FINALIZER);
    if (policy === 'Orphan' && !finalizers.includes(ORPHAN_FINALIZER)) finalizers.push(ORPHAN_FINALIZER);
    const now = this.clock.now();

    let grace = 0;
    if (resource === 'pods' && obj.spec?.nodeName && !['Succeeded', 'Failed'].includes(obj.status?.phase)) {
      grace = opts.gracePeriodSeconds ?? obj.spec?.terminationGracePeriodSeconds ?? 30;
    }
    const waitsForNamespaceCleanup = resource === 'namespaces';
    if (grace > 0 || finalizers.length > 0 || waitsForNamespaceCleanup) {
      if (md.deletionTimestamp) {
        // Already terminating: a shorter grace period may still cut it short.
        if (resource === 'pods' && opts.gracePeriodSeconds === 0) return this.remove(t, old);
        return old;
      }
      md.finalizers = finalizers.length ? finalizers : undefined;
      if (!md.finalizers) delete md.finalizers;
      md.deletionTimestamp = isoTime(now + grace * 1000);
      md.deletionGracePeriodSeconds = grace;
      if (resource === 'namespaces') obj.status = { ...(obj.status ?? {}), phase: 'Terminating' };
      return this.store.put(resource, obj);
    }
    return this.remove(t, old);
  }

  /** Subscribes to changes of one resource (optionally one namespace). Returns unsubscribe. */
  watch(resource: string, namespace: string | undefined, cb: (e: WatchEvent) => void): () => void {
    this.touch(resource);
    return this.store.subscribe((e) => {
      if (e.resource !== resource) return;
      if (namespace !== undefined && (e.object.metadata.namespace ?? '') !== namespace) return;
      cb(e);
    });
  }

  private remove(t: ResourceType, obj: KubeObject): KubeObject {
    const key = t.group ? `${t.plural}.${t.group}` : t.plural;
    return this.store.remove(key, obj.metadata.namespace ?? '', obj.metadata.name!) ?? obj;
  }

  /** Writes `obj`, or removes it when it is terminating and its last finalizer is gone. */
  private finishIfDone(resource: string, obj: KubeObject): KubeObject {
    const md = obj.metadata;
    delete md.resourceVersion;
    if (md.finalizers && md.finalizers.length === 0) delete md.finalizers;
    if (md.deletionTimestamp && !md.finalizers?.length && resource !== 'pods' && resource !== 'namespaces') {
      return this.store.remove(resource, md.namespace ?? '', md.name!) ?? obj;
    }
    return this.store.put(resource, obj);
  }

  private checkNamespaceWritable(ns: string, resource: string, name: string): void {
    const nsObj = this.store.get('namespaces', '', ns);
    if (!nsObj) throw notFound('namespaces', ns);
    if (nsObj.metadata.deletionTimestamp) {
      throw forbidden(
        `${resource} "${name}" is forbidden: unable to create new content in namespace ${ns} because it is being terminated`,
      );
    }
  }

  /** Strict decoding: unknown fields and undecodable values, per the field validation level. */
  private decode(t: ResourceType, obj: KubeObject, level: FieldValidation): string[] {
    const adm = this.admission.for(t.group ? `${t.plural}.${t.group}` : t.plural);
    // The version the object came in (a kind served in several versions is decoded as sent).
    const sent = String(obj.apiVersion ?? '').split('/').pop() ?? '';
    const version = t.alsoServed?.includes(sent) ? sent : t.version;
    const decodeErr = objectMetaDecodeError(obj.metadata, t.kind) ?? (t.plural === 'nodes' && !t.group ? nodeSpecDecodeError(obj) : undefined) ?? adm.decodeError?.(obj);
    if (decodeErr) {
      throw badRequest(`${t.kind} in version "${version}" cannot be handled as a ${t.kind}: ${decodeErr}`);
    }
    const unknown = adm.unknownFields?.(obj) ?? [];
    if (!unknown.length || level === 'Ignore') return [];
    if (level === 'Warn') return unknown.map((f) => `unknown field "${f}"`);
    const list = unknown.map((f) => `unknown field "${f}"`).join(', ');
    throw badRequest(`${t.kind} in version "${version}" cannot be handled as a ${t.kind}: strict decoding error: ${list}`);
  }
}

/** Removes a finalizer through the API (controllers finishing their part of a deletion). */
export function removeFinalizer(api: ApiServer, resource: string, obj: KubeObject, finalizer: string): void {
  api.modifyStatus(resource, obj.metadata.namespace, obj.metadata.name!, (o) => {
    o.metadata.finalizers = (o.metadata.finalizers ?? []).filter((f) => f !== finalizer);
  });
}
