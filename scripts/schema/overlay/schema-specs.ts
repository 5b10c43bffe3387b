/** Second-level schemas for `kubectl explain KIND.spec` and `pod.spec.containers`. */
import type { SchemaDoc } from './schema-common.ts';

const enumText = (values: string[], notes: Record<string, string> = {}) =>
  '\n\nPossible enum values:\n' + values.map((v) => ` - \`"${v}"\`${notes[v] ? ' ' + notes[v] : ''}`).join('\n');

export const SCHEMAS: Record<string, SchemaDoc> = {
  PodSpec: {
    description: 'PodSpec is a description of a pod.',
    fields: [
      { name: 'affinity', type: 'Affinity', description: "If specified, the pod's scheduling constraints" },
      {
        name: 'containers',
        type: '[]Container',
        ref: 'Container',
        required: true,
        description:
          'List of containers belonging to the pod. Containers cannot currently be added or removed. There must be at least one container in a Pod. Cannot be updated.',
      },
      {
        name: 'dnsPolicy',
        type: 'string',
        enum: ['ClusterFirst', 'ClusterFirstWithHostNet', 'Default', 'None'],
        description:
          "Set DNS policy for the pod. Defaults to \"ClusterFirst\". Valid values are 'ClusterFirstWithHostNet', 'ClusterFirst', 'Default' or 'None'. DNS parameters given in DNSConfig will be merged with the policy selected with DNSPolicy. To have DNS options set along with hostNetwork, you have to specify DNS policy explicitly to 'ClusterFirstWithHostNet'." +
          enumText(['ClusterFirst', 'ClusterFirstWithHostNet', 'Default', 'None'], {
            ClusterFirst: 'indicates that the pod should use cluster DNS first unless hostNetwork is true, if it is available, then fall back on the default (as determined by kubelet) DNS settings.',
            ClusterFirstWithHostNet: 'indicates that the pod should use cluster DNS first, if it is available, then fall back on the default (as determined by kubelet) DNS settings.',
            Default: 'indicates that the pod should use the default (as determined by kubelet) DNS settings.',
            None: 'indicates that the pod should use empty DNS settings. DNS parameters such as nameservers and search paths should be defined via DNSConfig.',
          }),
      },
      {
        name: 'hostNetwork',
        type: 'boolean',
        description:
          "Host networking requested for this pod. Use the host's network namespace. If this option is set, the ports that will be used must be specified. Default to false.",
      },
      {
        name: 'initContainers',
        type: '[]Container',
        ref: 'Container',
        description:
          'List of initialization containers belonging to the pod. Init containers are executed in order prior to containers being started. If any init container fails, the pod is considered to have failed and is handled according to its restartPolicy. The name for an init container or normal container must be unique among all containers. Init containers may not have Lifecycle actions, Readiness probes, Liveness probes, or Startup probes. More info: https://kubernetes.io/docs/concepts/workloads/pods/init-containers/',
      },
      {
        name: 'nodeName',
        type: 'string',
        description:
          'NodeName indicates in which node this pod is scheduled. If empty, this pod is a candidate for scheduling by the scheduler defined in schedulerName. Once this field is set, the kubelet for this node becomes responsible for the lifecycle of this pod. This field should not be used to express a desire for the pod to be scheduled on a specific node. https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#nodename',
      },
      {
        name: 'nodeSelector',
        type: 'map[string]string',
        description:
          "NodeSelector is a selector which must be true for the pod to fit on a node. Selector which must match a node's labels for the pod to be scheduled on that node. More info: https://kubernetes.io/docs/concepts/configuration/assign-pod-node/",
      },
      {
        name: 'restartPolicy',
        type: 'string',
        enum: ['Always', 'Never', 'OnFailure'],
        description:
          'Restart policy for all containers within the pod. One of Always, OnFailure, Never. In some contexts, only a subset of those values may be permitted. Default to Always. More info: https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/#restart-policy' +
          enumText(['Always', 'Never', 'OnFailure']),
      },
      {
        name: 'serviceAccountName',
        type: 'string',
        description:
          'ServiceAccountName is the name of the ServiceAccount to use to run this pod. More info: https://kubernetes.io/docs/tasks/configure-pod-container/configure-service-account/',
      },
      {
        name: 'terminationGracePeriodSeconds',
        type: 'integer',
        description:
          'Optional duration in seconds the pod needs to terminate gracefully. May be decreased in delete request. Value must be non-negative integer. The value zero indicates stop immediately via the kill signal (no opportunity to shut down). If this value is nil, the default grace period will be used instead. The grace period is the duration in seconds after the processes running in the pod are sent a termination signal and the time when the processes are forcibly halted with a kill signal. Set this value longer than the expected cleanup time for your process. Defaults to 30 seconds.',
      },
      { name: 'tolerations', type: '[]Toleration', description: "If specified, the pod's tolerations." },
      {
        name: 'volumes',
        type: '[]Volume',
        description: 'List of volumes that can be mounted by containers belonging to the pod. More info: https://kubernetes.io/docs/concepts/storage/volumes',
      },
    ],
  },
  Container: {
    description: 'A single application container that you want to run within a pod.',
    fields: [
      {
        name: 'args',
        type: '[]string',
        description:
          'Arguments to the entrypoint. The container image\'s CMD is used if this is not provided. Variable references $(VAR_NAME) are expanded using the container\'s environment. If a variable cannot be resolved, the reference in the input string will be unchanged. Double $$ are reduced to a single $, which allows for escaping the $(VAR_NAME) syntax: i.e. "$$(VAR_NAME)" will produce the string literal "$(VAR_NAME)". Escaped references will never be expanded, regardless of whether the variable exists or not. Cannot be updated. More info: https://kubernetes.io/docs/tasks/inject-data-application/define-command-argument-container/#running-a-command-in-a-shell',
      },
      {
        name: 'command',
        type: '[]string',
        description:
          'Entrypoint array. Not executed within a shell. The container image\'s ENTRYPOINT is used if this is not provided. Variable references $(VAR_NAME) are expanded using the container\'s environment. If a variable cannot be resolved, the reference in the input string will be unchanged. Double $$ are reduced to a single $, which allows for escaping the $(VAR_NAME) syntax: i.e. "$$(VAR_NAME)" will produce the string literal "$(VAR_NAME)". Escaped references will never be expanded, regardless of whether the variable exists or not. Cannot be updated. More info: https://kubernetes.io/docs/tasks/inject-data-application/define-command-argument-container/#running-a-command-in-a-shell',
      },
      { name: 'env', type: '[]EnvVar', description: 'List of environment variables to set in the container. Cannot be updated.' },
      {
        name: 'envFrom',
        type: '[]EnvFromSource',
        description:
          'List of sources to populate environment variables in the container. The keys defined within a source must be a C_IDENTIFIER. All invalid keys will be reported as an event when the container is starting. When a key exists in multiple sources, the value associated with the last source will take precedence. Values defined by an Env with a duplicate key will take precedence. Cannot be updated.',
      },
      {
        name: 'image',
        type: 'string',
        description:
          'Container image name. More info: https://kubernetes.io/docs/concepts/containers/images This field is optional to allow higher level config management to default or override container images in workload controllers like Deployments and StatefulSets.',
      },
      {
        name: 'imagePullPolicy',
        type: 'string',
        enum: ['Always', 'IfNotPresent', 'Never'],
        description:
          'Image pull policy. One of Always, Never, IfNotPresent. Defaults to Always if :latest tag is specified, or IfNotPresent otherwise. Cannot be updated. More info: https://kubernetes.io/docs/concepts/containers/images#updating-images' +
          enumText(['Always', 'IfNotPresent', 'Never'], {
            Always: 'means that kubelet always attempts to pull the latest image. Container will fail If the pull fails.',
            IfNotPresent: "means that kubelet pulls if the image isn't present on disk. Container will fail if the image isn't present and the pull fails.",
            Never: "means that kubelet never pulls an image, but only uses a local image. Container will fail if the image isn't present",
          }),
      },
      {
        name: 'livenessProbe',
        type: 'Probe',
        description:
          'Periodic probe of container liveness. Container will be restarted if the probe fails. Cannot be updated. More info: https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle#container-probes',
      },
      {
        name: 'name',
        type: 'string',
        required: true,
        description: 'Name of the container specified as a DNS_LABEL. Each container in a pod must have a unique name (DNS_LABEL). Cannot be updated.',
      },
      {
        name: 'ports',
        type: '[]ContainerPort',
        description:
          'List of ports to expose from the container. Not specifying a port here DOES NOT prevent that port from being exposed. Any port which is listening on the default "0.0.0.0" address inside a container will be accessible from the network. Modifying this array with strategic merge patch may corrupt the data. For more information See https://github.com/kubernetes/kubernetes/issues/108255. Cannot be updated.',
      },
      {
        name: 'readinessProbe',
        type: 'Probe',
        description:
          'Periodic probe of container service readiness. Container will be removed from service endpoints if the probe fails. Cannot be updated. More info: https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle#container-probes',
      },
      {
        name: 'resources',
        type: 'ResourceRequirements',
        description:
          'Compute Resources required by this container. Cannot be updated. More info: https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/',
      },
      {
        name: 'startupProbe',
        type: 'Probe',
        description:
          "StartupProbe indicates that the Pod has successfully initialized. If specified, no other probes are executed until this completes successfully. If this probe fails, the Pod will be restarted, just as if the livenessProbe failed. This can be used to provide different probe parameters at the beginning of a Pod's lifecycle, when it might take a long time to load data or warm a cache, than during steady-state operation. This cannot be updated. More info: https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle#container-probes",
      },
      { name: 'volumeMounts', type: '[]VolumeMount', description: "Pod volumes to mount into the container's filesystem. Cannot be updated." },
      {
        name: 'workingDir',
        type: 'string',
        description: "Container's working directory. If not specified, the container runtime's default will be used, which might be configured in the container image. Cannot be updated.",
      },
    ],
  },
  DeploymentSpec: {
    description: 'DeploymentSpec is the specification of the desired behavior of the Deployment.',
    fields: [
      {
        name: 'minReadySeconds',
        type: 'integer',
        description:
          'Minimum number of seconds for which a newly created pod should be ready without any of its container crashing, for it to be considered available. Defaults to 0 (pod will be considered available as soon as it is ready)',
      },
      { name: 'paused', type: 'boolean', description: 'Indicates that the deployment is paused.' },
      {
        name: 'progressDeadlineSeconds',
        type: 'integer',
        description:
          'The maximum time in seconds for a deployment to make progress before it is considered to be failed. The deployment controller will continue to process failed deployments and a condition with a ProgressDeadlineExceeded reason will be surfaced in the deployment status. Note that progress will not be estimated during the time a deployment is paused. Defaults to 600s.',
      },
      { name: 'replicas', type: 'integer', description: 'Number of desired pods. This is a pointer to distinguish between explicit zero and not specified. Defaults to 1.' },
      {
        name: 'revisionHistoryLimit',
        type: 'integer',
        description:
          'The number of old ReplicaSets to retain to allow rollback. This is a pointer to distinguish between explicit zero and not specified. Defaults to 10.',
      },
      {
        name: 'selector',
        type: 'LabelSelector',
        required: true,
        description:
          "Label selector for pods. Existing ReplicaSets whose pods are selected by this will be the ones affected by this deployment. It must match the pod template's labels.",
      },
      { name: 'strategy', type: 'DeploymentStrategy', description: 'The deployment strategy to use to replace existing pods with new ones.' },
      {
        name: 'template',
        type: 'PodTemplateSpec',
        required: true,
        description:
          'Template describes the pods that will be created. The only allowed template.spec.restartPolicy value is "Always".',
      },
    ],
  },
};
