/** Top-level documentation of the kinds `kubectl explain` covers (API reference 1.32). */
import { API_VERSION, KIND, METADATA, specField, statusField, type SchemaDoc } from './schema-common.ts';

const CONVENTIONS = 'https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md';

function workload(description: string, spec: string, specText: string, status: string, statusText: string, metadata = METADATA): SchemaDoc {
  return {
    description,
    fields: [API_VERSION, KIND, metadata, { name: 'spec', type: spec, ref: spec, description: specText }, { name: 'status', type: status, description: statusText }],
  };
}

/** Schemas by kind name. */
export const KINDS: Record<string, SchemaDoc> = {
  Pod: {
    description: 'Pod is a collection of containers that can run on a host. This resource is created by clients and scheduled onto hosts.',
    fields: [API_VERSION, KIND, METADATA, specField('PodSpec', 'the pod'), statusField('PodStatus', 'Most recently observed status of the pod. This data may not be up to date. Populated by the system. Read-only.')],
  },
  Deployment: workload(
    'Deployment enables declarative updates for Pods and ReplicaSets.',
    'DeploymentSpec',
    'Specification of the desired behavior of the Deployment.',
    'DeploymentStatus',
    'Most recently observed status of the Deployment.',
  ),
  ReplicaSet: workload(
    'ReplicaSet ensures that a specified number of pod replicas are running at any given time.',
    'ReplicaSetSpec',
    `Spec defines the specification of the desired behavior of the ReplicaSet. More info: ${CONVENTIONS}#spec-and-status`,
    'ReplicaSetStatus',
    `Status is the most recently observed status of the ReplicaSet. This data may be out of date by some window of time. Populated by the system. Read-only. More info: ${CONVENTIONS}#spec-and-status`,
    { ...METADATA, description: `If the Labels of a ReplicaSet are empty, they are defaulted to be the same as the Pod(s) that the ReplicaSet manages. Standard object's metadata. More info: ${CONVENTIONS}#metadata` },
  ),
  StatefulSet: workload(
    'StatefulSet represents a set of pods with consistent identities. Identities are defined as:\n  - Network: A single stable DNS and hostname.\n  - Storage: As many VolumeClaims as requested.\n\nThe StatefulSet guarantees that a given network identity will always map to the same storage identity.',
    'StatefulSetSpec',
    'Spec defines the desired identities of pods in this set.',
    'StatefulSetStatus',
    'Status is the current status of Pods in this StatefulSet. This data may be out of date by some window of time.',
  ),
  DaemonSet: workload(
    'DaemonSet represents the configuration of a daemon set.',
    'DaemonSetSpec',
    `The desired behavior of this daemon set. More info: ${CONVENTIONS}#spec-and-status`,
    'DaemonSetStatus',
    `The current status of this daemon set. This data may be out of date by some window of time. Populated by the system. Read-only. More info: ${CONVENTIONS}#spec-and-status`,
  ),
  Job: workload(
    'Job represents the configuration of a single job.',
    'JobSpec',
    `Specification of the desired behavior of a job. More info: ${CONVENTIONS}#spec-and-status`,
    'JobStatus',
    `Current status of a job. More info: ${CONVENTIONS}#spec-and-status`,
  ),
  CronJob: workload(
    'CronJob represents the configuration of a single cron job.',
    'CronJobSpec',
    `Specification of the desired behavior of a cron job, including the schedule. More info: ${CONVENTIONS}#spec-and-status`,
    'CronJobStatus',
    `Current status of a cron job. More info: ${CONVENTIONS}#spec-and-status`,
  ),
  Service: workload(
    'Service is a named abstraction of software service (for example, mysql) consisting of local port (for example 3306) that the proxy listens on, and the selector that determines which pods will answer requests sent through the proxy.',
    'ServiceSpec',
    `Spec defines the behavior of a service. ${CONVENTIONS}#spec-and-status`,
    'ServiceStatus',
    `Most recently observed status of the service. Populated by the system. Read-only. More info: ${CONVENTIONS}#spec-and-status`,
  ),
  Namespace: workload(
    'Namespace provides a scope for Names. Use of multiple namespaces is optional.',
    'NamespaceSpec',
    `Spec defines the behavior of the Namespace. More info: ${CONVENTIONS}#spec-and-status`,
    'NamespaceStatus',
    `Status describes the current status of a Namespace. More info: ${CONVENTIONS}#spec-and-status`,
  ),
  Node: workload(
    'Node is a worker node in Kubernetes. Each node will have a unique identifier in the cache (i.e. in etcd).',
    'NodeSpec',
    `Spec defines the behavior of a node. ${CONVENTIONS}#spec-and-status`,
    'NodeStatus',
    `Most recently observed status of the node. Populated by the system. Read-only. More info: ${CONVENTIONS}#spec-and-status`,
  ),
  ConfigMap: {
    description: 'ConfigMap holds configuration data for pods to consume.',
    fields: [
      API_VERSION,
      {
        name: 'binaryData',
        type: 'map[string]string',
        description:
          "BinaryData contains the binary data. Each key must consist of alphanumeric characters, '-', '_' or '.'. BinaryData can contain byte sequences that are not in the UTF-8 range. The keys stored in BinaryData must not overlap with the ones in the Data field, this is enforced during validation process. Using this field will require 1.10+ apiserver and kubelet.",
      },
      {
        name: 'data',
        type: 'map[string]string',
        description:
          "Data contains the configuration data. Each key must consist of alphanumeric characters, '-', '_' or '.'. Values with non-UTF-8 byte sequences must use the BinaryData field. The keys stored in Data must not overlap with the keys in the BinaryData field, this is enforced during validation process.",
      },
      {
        name: 'immutable',
        type: 'boolean',
        description:
          'Immutable, if set to true, ensures that data stored in the ConfigMap cannot be updated (only object metadata can be modified). If not set to true, the field can be modified at any time. Defaulted to nil.',
      },
      KIND,
      METADATA,
    ],
  },
  Secret: {
    description: 'Secret holds secret data of a certain type. The total bytes of the values in the Data field must be less than MaxSecretSize bytes.',
    fields: [
      API_VERSION,
      {
        name: 'data',
        type: 'map[string]string',
        description:
          "Data contains the secret data. Each key must consist of alphanumeric characters, '-', '_' or '.'. The serialized form of the secret data is a base64 encoded string, representing the arbitrary (possibly non-string) data value here. Described in https://tools.ietf.org/html/rfc4648#section-4",
      },
      {
        name: 'immutable',
        type: 'boolean',
        description:
          'Immutable, if set to true, ensures that data stored in the Secret cannot be updated (only object metadata can be modified). If not set to true, the field can be modified at any time. Defaulted to nil.',
      },
      KIND,
      METADATA,
      {
        name: 'stringData',
        type: 'map[string]string',
        description:
          'stringData allows specifying non-binary secret data in string form. It is provided as a write-only input field for convenience. All keys and values are merged into the data field on write, overwriting any existing values. The stringData field is never output when reading from the API.',
      },
      {
        name: 'type',
        type: 'string',
        description: 'Used to facilitate programmatic handling of secret data. More info: https://kubernetes.io/docs/concepts/configuration/secret/#secret-types',
      },
    ],
  },
};
