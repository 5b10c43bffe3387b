/**
 * The simulator's public API for kubectl and the exercises: the REST-shaped client they talk
 * through, the cluster builder, the API's types, and the API machinery kubectl also carries
 * (label and field selectors, quantities, patches, the resource registry that discovery
 * serves, the decoders `kubectl run --overrides` checks with). The host's extra powers over a
 * cluster (nodes, add-ons, the host network) are in `host-api.ts`.
 */
import { Cluster, type ClusterOptions } from './cluster.ts';
import { DEFAULT_INSTALLERS } from './components.ts';
import { install, installSteps, installerCode, type Installer } from './installer.ts';
import { loadAllParts } from './deferred/code-part.ts';
import { ACCESS_CHECKS } from './auth/access-checks-part.ts';
import { getPreset, presetNames } from './presets/index.ts';

// The client.
export { createClient, createReadClient, createClusterReader, applyPatch, scaleOf, selectionFilter, DISCOVERY, KIND_ADMIN } from './client/index.ts';
export type { Credentials } from './client/index.ts';
export type { Impersonation } from './auth/impersonation.ts';
export type { UserInfo, AccessAttributes } from './auth/rbac.ts';
export { KIND_ADMIN_CERTIFICATE } from './auth/kind-admin.ts';
export type * from './client/types.ts';
export type { KubeClient, ClusterReader, ClusterProbes, Subresources } from './client/index.ts';

// The cluster builder and the composition root.
export { Cluster, SERVER_VERSION } from './cluster.ts';
export type { ClusterOptions, LogOptions, ExecIO, ExecRun, ShellTerminal } from './cluster.ts';
export { presetNames } from './presets/index.ts';
export { DEFAULT_INSTALLERS, installersFor } from './components.ts';
export type { ClusterShape } from './components.ts';
export { component, stopped, without } from './installer.ts';
export type { Installer } from './installer.ts';

/**
 * Builds a cluster from its installers (default: `DEFAULT_INSTALLERS`): kinds installed,
 * preset applied, controllers started, everything settled at its start time. Throws for an
 * unknown preset name or an installer listed twice.
 */
export function createCluster(opts: ClusterOptions = {}): Cluster {
  const name = opts.preset ?? 'kind';
  const preset = getPreset(name);
  if (!preset) throw new Error(`unknown preset "${name}" (known: ${presetNames().join(', ')})`);
  const cluster = new Cluster(opts);
  install(cluster, opts.installers ?? DEFAULT_INSTALLERS, preset);
  if (cluster.code.loading) {
    // The preset wrote an object whose controller has not loaded: settling now would run the
    // cluster without it. Hosts that may not have the code build with createClusterWhenReady.
    throw new Error(`the simulator's code for preset "${name}" is not loaded yet: build the cluster with createClusterWhenReady`);
  }
  cluster.settle();
  return cluster;
}

/**
 * createCluster in pieces, for a host that shares its thread (the page): the generator pauses
 * after each installer's part, the preset, and each timer of the first settling, and returns the
 * cluster createCluster would have built (the same work in the same order). Nothing else may
 * touch the cluster until it has returned. Where the preset needed simulator code that has not
 * loaded yet (see createClusterWhenReady), the cluster comes back unsettled with
 * `cluster.code.loading` true: await `cluster.code.ready()` and build again.
 */
export function* createClusterSteps(opts: ClusterOptions = {}): Generator<void, Cluster, void> {
  const name = opts.preset ?? 'kind';
  const preset = getPreset(name);
  if (!preset) throw new Error(`unknown preset "${name}" (known: ${presetNames().join(', ')})`);
  const cluster = new Cluster(opts);
  yield* installSteps(cluster, opts.installers ?? DEFAULT_INSTALLERS, preset);
  if (cluster.code.loading) return cluster;
  yield* cluster.settleSteps();
  return cluster;
}

/**
 * `createCluster` for hosts that load the simulator's code on first use (the page): loads what
 * the preset's objects need, then builds the cluster with it, so the result is the cluster
 * `createCluster` builds where everything is loaded.
 */
export async function createClusterWhenReady(opts: ClusterOptions = {}): Promise<Cluster> {
  for (;;) {
    const name = opts.preset ?? 'kind';
    const preset = getPreset(name);
    if (!preset) throw new Error(`unknown preset "${name}" (known: ${presetNames().join(', ')})`);
    const cluster = new Cluster(opts);
    install(cluster, opts.installers ?? DEFAULT_INSTALLERS, preset);
    if (!cluster.code.loading) {
      cluster.settle();
      return cluster;
    }
    // This attempt ran without the code; with it loaded, the next one is the real cluster.
    await cluster.code.ready();
  }
}

/**
 * Loads the code every installer of `installers` (default: a default cluster's) may load on
 * first use, and the API server's access checks (auth/access-checks-part.ts), into the process's
 * shared source: clusters built afterwards never wait for code.
 * Node hosts (the tests, `npm run sim`) do this first; the page does not.
 */
export async function loadInstallerCode(installers: readonly Installer[] = DEFAULT_INSTALLERS): Promise<void> {
  await loadAllParts([...installerCode(installers), ACCESS_CHECKS]);
}
export { installerCode } from './installer.ts';
export { coldCode, SHARED_CODE } from './deferred/code-part.ts';
export type { CodePart, CodeSource } from './deferred/code-part.ts';

// The API's types and errors.
export { ApiError } from './api/errors.ts';
export type { StatusCause, StatusReason } from './api/errors.ts';
export type { KubeObject, ObjectMeta, OwnerReference, WatchEvent } from './api/types.ts';
/** The kinds' generated shapes (`Kinds.Deployment`, `Kinds.PodSpec`...) and which resource holds which. */
export type * as Kinds from './kinds/generated-types.ts';
export type { KindMap, ObjectOf } from './kinds/kind-map.ts';
export { clone, isoTime } from './api/types.ts';
export type { FieldValidation, PropagationPolicy } from './apiserver/api-server.ts';
export type { Table, TableColumn } from './apiserver/tables/table.ts';
export type { FetchResult } from './kubelet/http.ts';
export type { IngressProbe } from './addons/ingress-nginx/probe.ts';
export type { TokenRequestSpec } from './auth/service-account-token.ts';

// The resource registry discovery serves (kubectl resolves `po`, `deploy.apps` against it).
export { RESOURCE_TYPES, resolveResourceType, requestedVersion, resourceKey, apiVersionOf, typeByGvk } from './api/resources.ts';
export type { ResourceType } from './api/resources.ts';

// API machinery kubectl has from client-go and apimachinery.
export { parseLabelSelector, selectorFromSpec, selectorFromSet, matches, formatLabelSelector, formatLabels } from './api/labels.ts';
export type { LabelSelector, LabelSelectorSpec, Requirement } from './api/labels.ts';
export { parseQuantity, formatQuantity, canonicalQuantity, compareQuantity, addQuantity, milliValue, quantityValue } from './api/quantity.ts';
export type { Quantity } from './api/quantity.ts';
export { base64Encode, base64Decode } from './api/base64.ts';
export { humanDuration } from './api/duration.ts';
// Own-key reads and writes (no key ever reaches a prototype) and the API server's decode
// errors, which kubectl's client-side checks (`run --overrides`, patches, labels) share.
export { getOwn, hasOwn, setOwn } from './api/own-keys.ts';
export { objectMetaDecodeError } from './apiserver/object-meta-decode.ts';
export { podSpecDecodeError } from './apiserver/kinds/pod-spec-schema.ts';
export { jsonTypeName } from './apiserver/kinds/config.ts';
// The patch kinds of apimachinery (strategic merge, JSON merge, JSON patch): the server applies
// them to a PATCH request, and kubectl's client side (`kustomize`, `edit`, `run --overrides`) uses
// the same code, as kubectl links apimachinery's.
export { jsonPatch, JsonPatchError, mergePatch, strategicPatch } from './api/patch.ts';

// Shared with kubectl because kubectl computes the same thing on its side.
/** The STATUS column of a Pod as kubectl prints it (exercise checks word their details with it). */
export { podSummary } from './apiserver/tables/pods.ts';
export { nodeAllocatable } from './addons/metrics-server/storage.ts';
export { parseImageRef } from './kubelet/images/reference.ts';
// Cron schedules, `create job --from=cronjob`'s Job and `cp`'s tar format: on-demand.ts.
// Published manifests the course applies by URL (`kubectl apply -f https://...`), loaded on first use.
export { loadRemoteDocuments, remoteDocument } from './addons/documents.ts';
