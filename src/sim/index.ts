/**
 * The simulator's public API: the only module kubectl, the shell, exercises and the page
 * import from the simulator.
 */
import { Cluster, type ClusterOptions } from './cluster.ts';
import { DEFAULT_INSTALLERS } from './components.ts';
import { install, installSteps } from './installer.ts';
import { getPreset, presetNames } from './presets/index.ts';

export { Cluster, SERVER_VERSION } from './cluster.ts';
export type { ClusterOptions, LogOptions, NodeProxy, Component, ExecIO, ExecRun, ShellTerminal } from './cluster.ts';
export { SimClock, DEFAULT_EPOCH } from './clock/clock.ts';
export type { Clock } from './clock/clock.ts';
export { Random, SUFFIX_ALPHABET } from './clock/random.ts';
export { ApiError } from './api/errors.ts';
export type { StatusCause, StatusReason } from './api/errors.ts';
export type { KubeObject, ObjectMeta, OwnerReference, WatchEvent } from './api/types.ts';
export { clone, isoTime } from './api/types.ts';
export {
  RESOURCE_TYPES,
  resolveResourceType,
  resourceKey,
  apiVersionOf,
  typeByGvk,
  typeByKey,
  kindExists,
} from './api/resources.ts';
export type { ResourceType } from './api/resources.ts';
export type { ApiServer, WriteOptions, WriteResult, ListOptions, DeleteOptions, PropagationPolicy, FieldValidation } from './apiserver/api-server.ts';
export { presetNames } from './presets/index.ts';
export { loadRemoteDocuments, remoteDocument } from './addons/documents.ts';
export { probeIngress } from './addons/ingress-nginx/probe.ts';
export type { IngressProbe } from './addons/ingress-nginx/probe.ts';
export { addNode, stopNode, startNode, removeNode } from './nodes/node-ops.ts';
export type { AddNodeOptions } from './nodes/node-ops.ts';
export { allocatableFor, DEFAULT_KUBELET, KIND_KUBELET } from './nodes/allocatable.ts';
export type { KubeletReservation } from './nodes/allocatable.ts';
export * from './controllers/deployment/rollout-api.ts';
export * from './controllers/statefulset/rollout-api.ts';
export { base64Encode, base64Decode } from './api/base64.ts';
export { humanDuration } from './api/duration.ts';
export { parseSchedule } from './api/cron/schedule.ts';
export type { CronSchedule } from './api/cron/schedule.ts';
export type { Table, TableColumn, TableRegistry } from './apiserver/tables/table.ts';

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
  cluster.settle();
  return cluster;
}

/**
 * createCluster in pieces, for a host that shares its thread (the page): the generator pauses
 * after each installer's part, the preset, and each timer of the first settling, and returns the
 * cluster createCluster would have built (the same work in the same order). Nothing else may
 * touch the cluster until it has returned.
 */
export function* createClusterSteps(opts: ClusterOptions = {}): Generator<void, Cluster, void> {
  const name = opts.preset ?? 'kind';
  const preset = getPreset(name);
  if (!preset) throw new Error(`unknown preset "${name}" (known: ${presetNames().join(', ')})`);
  const cluster = new Cluster(opts);
  yield* installSteps(cluster, opts.installers ?? DEFAULT_INSTALLERS, preset);
  yield* cluster.settleSteps();
  return cluster;
}
export { DEFAULT_INSTALLERS, installersFor } from './components.ts';
export type { ClusterShape } from './components.ts';
export { component, stopped, without } from './installer.ts';
export type { Installer } from './installer.ts';
export type { ApiRegistries } from './apiserver/registries.ts';
export { addonEnabled, offerAddon } from './addons/registry.ts';
export { parseLabelSelector, selectorFromSpec, selectorFromSet, matches, formatLabelSelector, formatLabels } from './api/labels.ts';
export type { LabelSelector, LabelSelectorSpec, Requirement } from './api/labels.ts';
export { parseFieldSelector, fieldMatches, fieldSelectorFor, validateFieldSelector, selectorListError } from './api/fields.ts';
export type { FieldSelector } from './api/fields.ts';
export { parseQuantity, formatQuantity, canonicalQuantity, compareQuantity, addQuantity, milliValue, quantityValue } from './api/quantity.ts';
export type { Quantity } from './api/quantity.ts';
export { podSummary } from './apiserver/tables/pods.ts';
export { podQosClass } from './apiserver/kinds/pod-admission.ts';
export { addon, addons } from './addons/registry.ts';
export type { Addon } from './addons/registry.ts';
export { hostRequest } from './network/host.ts';
export { pickServiceBackend, readyBackends } from './network/service-backend.ts';
export type { Backend } from './network/service-backend.ts';
export { dnsQuery, resolveHost } from './network/dns.ts';
export type { FetchResult } from './kubelet/http.ts';
export { probeFromCluster } from './network/connect.ts';
export { hostProbe } from './network/host.ts';
export { portMappings, setPortMappings, type PortMapping } from './network/host.ts';
export { requestIP } from './network/connect.ts';
// Own-key reads and writes (no key ever reaches a prototype) and the API server's decode
// errors, which kubectl's client-side checks (`run --overrides`, patches, labels) share.
export { getOwn, hasOwn, setOwn } from './api/own-keys.ts';
export { objectMetaDecodeError } from './apiserver/object-meta-decode.ts';
export { podSpecDecodeError } from './apiserver/kinds/pod-spec-schema.ts';
export { jsonTypeName } from './apiserver/kinds/config.ts';
export { metricsApiState, nodeAllocatable, nodeMetrics, podMetrics } from './addons/metrics-server/storage.ts';
export { v2ToV1 as hpaAsV1 } from './kinds/horizontalpodautoscaler/convert.ts';
export { packTar, unpackTar } from './kubelet/sh/tar-format.ts';
export type { TarMember } from './kubelet/sh/tar-format.ts';
export { requestServiceAccountToken, TOKEN_ISSUER } from './auth/service-account-token.ts';
export type { TokenRequestSpec } from './auth/service-account-token.ts';
export { updateEphemeralContainers } from './apiserver/kinds/pod-ephemeral.ts';
export { parseImageRef } from './kubelet/images/reference.ts';
