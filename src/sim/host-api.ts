/**
 * What the machine around a cluster may do beyond its API: add, stop, start and remove nodes
 * (the `cluster` command), switch add-ons on and off, and reach the cluster from the host's
 * network (`curl localhost`, kind's port mappings). The host layer (src/host) imports this;
 * kubectl and the exercises do not: they see the cluster only through the client in
 * `index.ts`.
 */
export { addNode, stopNode, startNode, removeNode } from './nodes/node-ops.ts';
export type { AddNodeOptions } from './nodes/node-ops.ts';
export { allocatableFor, DEFAULT_KUBELET, KIND_KUBELET } from './nodes/allocatable.ts';
export type { KubeletReservation } from './nodes/allocatable.ts';
export { addon, addonReady, addons, addonEnabled, loadAddonCode, offerAddon } from './addons/registry.ts';
export type { Addon } from './addons/registry.ts';
export { portMappings, setPortMappings, type PortMapping } from './network/port-mappings.ts';
export { networkCode, prepareNetworkCode } from './network/network-code-part.ts';
export type { FetchResult } from './kubelet/http.ts';
