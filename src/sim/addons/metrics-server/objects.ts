/**
 * The objects of metrics-server's release manifest (components.yaml of v0.7.2): its
 * ServiceAccount and RBAC in kube-system, the Service on 443, the Deployment and the
 * APIService v1beta1.metrics.k8s.io that puts the resource metrics API behind that Service.
 */
import type { KubeObject } from '../../api/types.ts';

/** The metrics-server release the add-on installs. */
export const METRICS_SERVER_VERSION = 'v0.7.2';

const labels = { 'k8s-app': 'metrics-server' };
const sa = [{ kind: 'ServiceAccount', name: 'metrics-server', namespace: 'kube-system' }];
const rbac = 'rbac.authorization.k8s.io/v1';

/** Every object, in the file's order; `extraArgs` go after the container's own args. */
export function metricsServerObjects(extraArgs: string[] = []): KubeObject[] {
  const probe = (path: string) => ({ failureThreshold: 3, httpGet: { path, port: 'https', scheme: 'HTTPS' }, periodSeconds: 10 });
  return [
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { labels, name: 'metrics-server', namespace: 'kube-system' } },
    {
      apiVersion: rbac,
      kind: 'ClusterRole',
      metadata: {
        labels: {
          ...labels,
          'rbac.authorization.k8s.io/aggregate-to-admin': 'true',
          'rbac.authorization.k8s.io/aggregate-to-edit': 'true',
          'rbac.authorization.k8s.io/aggregate-to-view': 'true',
        },
        name: 'system:aggregated-metrics-reader',
      },
      rules: [{ apiGroups: ['metrics.k8s.io'], resources: ['pods', 'nodes'], verbs: ['get', 'list', 'watch'] }],
    },
    {
      apiVersion: rbac,
      kind: 'ClusterRole',
      metadata: { labels, name: 'system:metrics-server' },
      rules: [
        { apiGroups: [''], resources: ['nodes/metrics'], verbs: ['get'] },
        { apiGroups: [''], resources: ['pods', 'nodes'], verbs: ['get', 'list', 'watch'] },
      ],
    },
    {
      apiVersion: rbac,
      kind: 'RoleBinding',
      metadata: { labels, name: 'metrics-server-auth-reader', namespace: 'kube-system' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'extension-apiserver-authentication-reader' },
      subjects: sa,
    },
    {
      apiVersion: rbac,
      kind: 'ClusterRoleBinding',
      metadata: { labels, name: 'metrics-server:system:auth-delegator' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'system:auth-delegator' },
      subjects: sa,
    },
    {
      apiVersion: rbac,
      kind: 'ClusterRoleBinding',
      metadata: { labels, name: 'system:metrics-server' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'system:metrics-server' },
      subjects: sa,
    },
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { labels, name: 'metrics-server', namespace: 'kube-system' },
      spec: { ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: 'https' }], selector: labels },
    },
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { labels, name: 'metrics-server', namespace: 'kube-system' },
      spec: {
        selector: { matchLabels: labels },
        strategy: { rollingUpdate: { maxUnavailable: 0 } },
        template: {
          metadata: { labels },
          spec: {
            containers: [
              {
                args: [
                  '--cert-dir=/tmp',
                  '--secure-port=10250',
                  '--kubelet-preferred-address-types=InternalIP,ExternalIP,Hostname',
                  '--kubelet-use-node-status-port',
                  '--metric-resolution=15s',
                  ...extraArgs,
                ],
                image: `registry.k8s.io/metrics-server/metrics-server:${METRICS_SERVER_VERSION}`,
                imagePullPolicy: 'IfNotPresent',
                livenessProbe: probe('/livez'),
                name: 'metrics-server',
                ports: [{ containerPort: 10250, name: 'https', protocol: 'TCP' }],
                readinessProbe: { ...probe('/readyz'), initialDelaySeconds: 20 },
                resources: { requests: { cpu: '100m', memory: '200Mi' } },
                securityContext: {
                  allowPrivilegeEscalation: false,
                  capabilities: { drop: ['ALL'] },
                  readOnlyRootFilesystem: true,
                  runAsNonRoot: true,
                  runAsUser: 1000,
                  seccompProfile: { type: 'RuntimeDefault' },
                },
                volumeMounts: [{ mountPath: '/tmp', name: 'tmp-dir' }],
              },
            ],
            nodeSelector: { 'kubernetes.io/os': 'linux' },
            priorityClassName: 'system-cluster-critical',
            serviceAccountName: 'metrics-server',
            volumes: [{ emptyDir: {}, name: 'tmp-dir' }],
          },
        },
      },
    },
    {
      apiVersion: 'apiregistration.k8s.io/v1',
      kind: 'APIService',
      metadata: { labels, name: 'v1beta1.metrics.k8s.io' },
      spec: {
        group: 'metrics.k8s.io',
        groupPriorityMinimum: 100,
        insecureSkipTLSVerify: true,
        service: { name: 'metrics-server', namespace: 'kube-system' },
        version: 'v1beta1',
        versionPriority: 100,
      },
    },
  ] as KubeObject[];
}
