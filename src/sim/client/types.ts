/**
 * The shape of the simulator's REST client: what kubectl and the exercises may ask the API
 * server, addressed as the API addresses it (group, version, resource, namespace, name), with
 * selectors as the strings a URL carries and failures as `Status` objects.
 */
import type { KubeObject, WatchEventType } from '../api/types.ts';
import type { ResourceType } from '../api/resources.ts';
import type { FieldValidation, PropagationPolicy } from '../apiserver/api-server.ts';
import type { ExecIO, ExecRun, LogOptions, ShellTerminal } from '../cluster.ts';
import type { Table } from '../apiserver/tables/table.ts';
import type { ObjectOf } from '../kinds/kind-map.ts';

/**
 * A resource as a URL names it: `{ group: 'apps', version: 'v1', resource: 'deployments' }`,
 * or the `resource.group` form (`deployments.apps`, `pods`) kubectl's `--raw`-free commands
 * use. An empty or absent version means the group's preferred version.
 */
export type ResourceAddress = string | { group: string; version?: string; resource: string };

/** Query parameters of a list or watch (`?labelSelector=...&fieldSelector=...`). */
export interface ListOptions {
  /** undefined = every namespace (a cluster-scoped resource ignores it). */
  namespace?: string;
  labelSelector?: string;
  fieldSelector?: string;
  /** At most this many items; the rest are reached with `continue`. */
  limit?: number;
  /** The `metadata.continue` token of the previous page. */
  continue?: string;
}

/** A list response (`PodList`, ...): items plus the list's resourceVersion and paging token. */
export interface ObjectList<T extends KubeObject = KubeObject> {
  apiVersion: string;
  kind: string;
  metadata: { resourceVersion: string; continue?: string; remainingItemCount?: number };
  items: T[];
}

/** Query parameters of a watch. */
export interface WatchOptions {
  namespace?: string;
  labelSelector?: string;
  fieldSelector?: string;
  /** Send BOOKMARK events carrying the latest resourceVersion when asked (`allowWatchBookmarks`). */
  allowWatchBookmarks?: boolean;
}

/** One event of a watch stream. BOOKMARK carries only `metadata.resourceVersion`. */
export interface ClientWatchEvent {
  type: WatchEventType | 'BOOKMARK';
  object: KubeObject;
  /** The resource key (`pods`, `deployments.apps`) the object belongs to. */
  resource: string;
}

/** A running watch: stop it, or ask for a BOOKMARK now (the server sends them periodically). */
export interface WatchHandle {
  (): void;
  /** Sends a BOOKMARK (only when the watch allowed them). */
  bookmark(): void;
}

/** `?dryRun=All&fieldValidation=Strict` and the namespace of the URL. */
export interface WriteOptions {
  dryRun?: boolean;
  fieldValidation?: FieldValidation;
}

/** What a write returns: the object as stored and the `Warning:` headers. */
export interface WriteResult {
  object: KubeObject;
  warnings: string[];
}

/** The body of a DELETE (`DeleteOptions`). */
export interface DeleteOptions {
  gracePeriodSeconds?: number;
  propagationPolicy?: PropagationPolicy;
  dryRun?: boolean;
}

/** The content types of a PATCH, by the names `kubectl patch --type` gives them. */
export type PatchType = 'strategic' | 'merge' | 'json';

/** The `Status` body of a failed call (`ApiError.toStatus()`). */
export interface Status {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: Record<string, never>;
  status: 'Failure';
  message: string;
  reason: string;
  details: { name?: string; group?: string; kind?: string; causes?: { reason: string; message: string; field: string }[] };
  code: number;
}

/** `/api` and `/apis` in one: every group with its versions, core first. */
export interface ApiGroupInfo {
  /** '' for the core group (`/api`). */
  name: string;
  versions: string[];
  preferredVersion: string;
}

/** Server discovery: groups, each group-version's resources, the server's version. */
export interface Discovery {
  /** `/api` + `/apis`: the groups the server serves. */
  groups(): ApiGroupInfo[];
  /** `/apis/GROUP/VERSION` (`/api/v1` for core): the resources of one group-version. */
  resources(groupVersion: string): ResourceType[];
  /** Every resource the server serves, in discovery order (`kubectl api-resources`). */
  allResources(): readonly ResourceType[];
  /** Resolves what a user types (`po`, `deploy`, `deployments.apps`, `deployment.v1.apps`). */
  resolve(input: string): ResourceType | undefined;
  /** `/version`: gitVersion. */
  serverVersion(): string;
}

/** `pods/NAME/log` query parameters. */
export interface PodLogOptions extends LogOptions {
  container?: string;
}

/**
 * The read half: what exercise checks may call. Every call reads and never changes anything.
 * Reads are typed by the resource key (`get('deployments.apps', ...)` is a `Deployment`, see
 * `KindMap`); a key held in a `string` reads as a plain `KubeObject`.
 */
export interface ReadClient {
  /** GET one object; throws a NotFound ApiError (its `toStatus()` is the Status). */
  get<R extends ResourceAddress>(resource: R, namespace: string | undefined, name: string): ObjectOf<R>;
  /** GET one object, undefined for a 404 (other failures still throw). */
  tryGet<R extends ResourceAddress>(resource: R, namespace: string | undefined, name: string): ObjectOf<R> | undefined;
  /** LIST with selectors and paging. Bad selectors are the server's 400. */
  list<R extends ResourceAddress>(resource: R, opts?: ListOptions): ObjectList<ObjectOf<R>>;
  /** WATCH from now; with selectors, objects entering or leaving the selection arrive as ADDED / DELETED. */
  watch(resource: ResourceAddress, opts: WatchOptions, cb: (e: ClientWatchEvent) => void): WatchHandle;
  /** `pods/NAME/log`. */
  logs(namespace: string, pod: string, opts?: PodLogOptions): string;
  /** `pods/NAME/log?follow=true`: calls `cb` with each new chunk; returns stop. */
  followLogs(namespace: string, pod: string, container: string | undefined, cb: (chunk: string) => void): () => void;
  /** Server-side Table conversion (`Accept: application/json;as=Table`) of objects of `resource`. */
  asTable(resource: ResourceAddress, objects: KubeObject[]): Table;
  /** An object of `resource` as the server serves it in `version` (`hpa.v1.autoscaling`: the autoscaling/v1 form); unchanged for a kind served in one version. */
  inServedVersion(resource: ResourceAddress, obj: KubeObject, version: string | undefined): KubeObject;
  /**
   * Loads the server's code for these resources where it loads on first use (the admission and
   * Table conversion of StatefulSets, Jobs, CronJobs, HorizontalPodAutoscalers, ResourceQuotas:
   * apiserver/deferred-kinds.ts); undefined when nothing needs loading. A caller about to create
   * or replace such a kind, or to print it as a table, awaits it first (kubectl through
   * `ctx.loadCode`); cluster time holds meanwhile. Rejects when the code cannot be fetched.
   */
  prepare(resources: readonly ResourceAddress[]): Promise<void> | undefined;
  /** Server time in ms (`Date` header), which ages are computed against. */
  now(): number;
  readonly discovery: Discovery;
}

/** `pods/NAME/exec` and `pods/NAME/attach`. */
export interface PodStreams {
  /** Starts `argv` in a container (`exec`); see `NodeProxy.exec`. */
  exec(namespace: string, pod: string, container: string, argv: string[], io: ExecIO): ExecRun;
  /** The terminal of a `-it` exec or of an attached interactive container. */
  attach(namespace: string, pod: string, container: string, exec?: ExecRun): ShellTerminal | undefined;
  /** The attach stream's output: `cb` gets each write of the container's process, partial lines included; returns stop. */
  attachOutput(namespace: string, pod: string, container: string, cb: (stream: 'stdout' | 'stderr', chunk: string) => void): () => void;
  /** What the container wrote after its last complete log line (not in `logs` yet). */
  pendingOutput(namespace: string, pod: string, container: string): string;
}
