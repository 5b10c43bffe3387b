/**
 * Pod templates and static pod manifests of a kind v1.32 cluster's system components, as
 * kubeadm and kind install them (trimmed of flags a learner never looks at).
 */
import { SERVER_VERSION } from '../cluster.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

// Functions, not shared constants: the store freezes what it holds, so an object shared by
// every cluster's templates would be frozen by the first cluster and not by a fresh process.
const XTABLES = (): Obj => ({ hostPath: { path: '/run/xtables.lock', type: 'FileOrCreate' }, name: 'xtables-lock' });
const LIB_MODULES = (): Obj => ({ hostPath: { path: '/lib/modules', type: '' }, name: 'lib-modules' });

/** CoreDNS's pod template (kubeadm addon, 2 replicas). */
export function corednsTemplate(): Obj {
  return {
    metadata: { labels: { 'k8s-app': 'kube-dns' } },
    spec: {
      affinity: {
        podAntiAffinity: {
          preferredDuringSchedulingIgnoredDuringExecution: [
            {
              podAffinityTerm: {
                labelSelector: { matchExpressions: [{ key: 'k8s-app', operator: 'In', values: ['kube-dns'] }] },
                topologyKey: 'kubernetes.io/hostname',
              },
              weight: 100,
            },
          ],
        },
      },
      containers: [
        {
          args: ['-conf', '/etc/coredns/Corefile'],
          image: 'registry.k8s.io/coredns/coredns:v1.11.3',
          imagePullPolicy: 'IfNotPresent',
          livenessProbe: {
            failureThreshold: 5,
            httpGet: { path: '/health', port: 8080, scheme: 'HTTP' },
            initialDelaySeconds: 60,
            periodSeconds: 10,
            successThreshold: 1,
            timeoutSeconds: 5,
          },
          name: 'coredns',
          ports: [
            { containerPort: 53, name: 'dns', protocol: 'UDP' },
            { containerPort: 53, name: 'dns-tcp', protocol: 'TCP' },
            { containerPort: 9153, name: 'metrics', protocol: 'TCP' },
          ],
          readinessProbe: { httpGet: { path: '/ready', port: 8181, scheme: 'HTTP' } },
          resources: { limits: { memory: '170Mi' }, requests: { cpu: '100m', memory: '70Mi' } },
          securityContext: {
            allowPrivilegeEscalation: false,
            capabilities: { add: ['NET_BIND_SERVICE'], drop: ['ALL'] },
            readOnlyRootFilesystem: true,
          },
          volumeMounts: [{ mountPath: '/etc/coredns', name: 'config-volume', readOnly: true }],
        },
      ],
      dnsPolicy: 'Default',
      nodeSelector: { 'kubernetes.io/os': 'linux' },
      priorityClassName: 'system-cluster-critical',
      serviceAccount: 'coredns',
      serviceAccountName: 'coredns',
      tolerations: [
        { key: 'CriticalAddonsOnly', operator: 'Exists' },
        { effect: 'NoSchedule', key: 'node-role.kubernetes.io/control-plane' },
      ],
      volumes: [{ configMap: { defaultMode: 420, items: [{ key: 'Corefile', path: 'Corefile' }], name: 'coredns' }, name: 'config-volume' }],
    },
  };
}

/** kind's local-path-provisioner pod template. */
export function localPathTemplate(): Obj {
  return {
    metadata: { labels: { app: 'local-path-provisioner' } },
    spec: {
      containers: [
        {
          command: ['local-path-provisioner', '--debug', 'start', '--helper-image', 'docker.io/kindest/local-path-helper:v20241212-8ac705d0', '--config', '/etc/config/config.json'],
          env: [
            { name: 'POD_NAMESPACE', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } } },
            { name: 'CONFIG_MOUNT_PATH', value: '/etc/config/' },
          ],
          image: 'docker.io/kindest/local-path-provisioner:v20250214-acbabc1a',
          imagePullPolicy: 'IfNotPresent',
          name: 'local-path-provisioner',
          volumeMounts: [{ mountPath: '/etc/config/', name: 'config-volume' }],
        },
      ],
      nodeSelector: { 'kubernetes.io/os': 'linux' },
      serviceAccount: 'local-path-provisioner-service-account',
      serviceAccountName: 'local-path-provisioner-service-account',
      tolerations: [
        { effect: 'NoSchedule', key: 'node-role.kubernetes.io/control-plane', operator: 'Equal' },
        { effect: 'NoSchedule', key: 'node-role.kubernetes.io/master', operator: 'Equal' },
      ],
      volumes: [{ configMap: { defaultMode: 420, name: 'local-path-config' }, name: 'config-volume' }],
    },
  };
}

/** kube-proxy's DaemonSet pod template (host network, every node). */
export function kubeProxyTemplate(): Obj {
  return {
    metadata: { labels: { 'k8s-app': 'kube-proxy' } },
    spec: {
      containers: [
        {
          command: ['/usr/local/bin/kube-proxy', '--config=/var/lib/kube-proxy/config.conf', '--hostname-override=$(NODE_NAME)'],
          env: [{ name: 'NODE_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'spec.nodeName' } } }],
          image: `registry.k8s.io/kube-proxy:${SERVER_VERSION}`,
          imagePullPolicy: 'IfNotPresent',
          name: 'kube-proxy',
          securityContext: { privileged: true },
          volumeMounts: [
            { mountPath: '/var/lib/kube-proxy', name: 'kube-proxy' },
            { mountPath: '/run/xtables.lock', name: 'xtables-lock' },
            { mountPath: '/lib/modules', name: 'lib-modules', readOnly: true },
          ],
        },
      ],
      hostNetwork: true,
      nodeSelector: { 'kubernetes.io/os': 'linux' },
      priorityClassName: 'system-node-critical',
      serviceAccount: 'kube-proxy',
      serviceAccountName: 'kube-proxy',
      tolerations: [{ operator: 'Exists' }],
      volumes: [{ configMap: { defaultMode: 420, name: 'kube-proxy' }, name: 'kube-proxy' }, XTABLES(), LIB_MODULES()],
    },
  };
}

/** kindnet's DaemonSet pod template (kind's CNI, every node). */
export function kindnetTemplate(controlPlane: string): Obj {
  const field = (p: string): Obj => ({ valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: p } } });
  return {
    metadata: { labels: { app: 'kindnet', 'k8s-app': 'kindnet', tier: 'node' } },
    spec: {
      containers: [
        {
          env: [
            { name: 'HOST_IP', ...field('status.hostIP') },
            { name: 'POD_IP', ...field('status.podIP') },
            { name: 'POD_SUBNET', value: '10.244.0.0/16' },
            { name: 'CONTROL_PLANE_ENDPOINT', value: `${controlPlane}:6443` },
          ],
          image: 'docker.io/kindest/kindnetd:v20250512-df8de77b',
          imagePullPolicy: 'IfNotPresent',
          name: 'kindnet-cni',
          resources: { limits: { cpu: '100m', memory: '50Mi' }, requests: { cpu: '100m', memory: '50Mi' } },
          securityContext: { capabilities: { add: ['NET_RAW', 'NET_ADMIN'] }, privileged: false },
          volumeMounts: [
            { mountPath: '/etc/cni/net.d', name: 'cni-cfg' },
            { mountPath: '/run/xtables.lock', name: 'xtables-lock' },
            { mountPath: '/lib/modules', name: 'lib-modules', readOnly: true },
          ],
        },
      ],
      hostNetwork: true,
      serviceAccount: 'kindnet',
      serviceAccountName: 'kindnet',
      tolerations: [{ operator: 'Exists' }],
      volumes: [{ hostPath: { path: '/etc/cni/net.d', type: '' }, name: 'cni-cfg' }, XTABLES(), LIB_MODULES()],
    },
  };
}

/** The parts of a control-plane static pod manifest that differ per component. */
export interface StaticPodManifest {
  component: string;
  image: string;
  command: string[];
  cpu: string;
  memory?: string;
  annotations: Record<string, string>;
}

/** The four control-plane static pods kubeadm writes to /etc/kubernetes/manifests. */
export function controlPlaneManifests(ip: string): StaticPodManifest[] {
  return [
    {
      component: 'etcd',
      image: 'registry.k8s.io/etcd:3.5.16-0',
      command: ['etcd', `--advertise-client-urls=https://${ip}:2379`, '--data-dir=/var/lib/etcd', `--listen-client-urls=https://127.0.0.1:2379,https://${ip}:2379`, '--name=kind-control-plane'],
      cpu: '100m',
      memory: '100Mi',
      annotations: { 'kubeadm.kubernetes.io/etcd.advertise-client-urls': `https://${ip}:2379` },
    },
    {
      component: 'kube-apiserver',
      image: `registry.k8s.io/kube-apiserver:${SERVER_VERSION}`,
      command: ['kube-apiserver', `--advertise-address=${ip}`, '--allow-privileged=true', '--authorization-mode=Node,RBAC', '--etcd-servers=https://127.0.0.1:2379', '--secure-port=6443', '--service-cluster-ip-range=10.96.0.0/16'],
      cpu: '250m',
      annotations: { 'kubeadm.kubernetes.io/kube-apiserver.advertise-address.endpoint': `${ip}:6443` },
    },
    {
      component: 'kube-controller-manager',
      image: `registry.k8s.io/kube-controller-manager:${SERVER_VERSION}`,
      command: ['kube-controller-manager', '--allocate-node-cidrs=true', '--cluster-cidr=10.244.0.0/16', '--controllers=*,bootstrapsigner,tokencleaner', '--leader-elect=true', '--service-cluster-ip-range=10.96.0.0/16', '--use-service-account-credentials=true'],
      cpu: '200m',
      annotations: {},
    },
    {
      component: 'kube-scheduler',
      image: `registry.k8s.io/kube-scheduler:${SERVER_VERSION}`,
      command: ['kube-scheduler', '--authentication-kubeconfig=/etc/kubernetes/scheduler.conf', '--bind-address=127.0.0.1', '--kubeconfig=/etc/kubernetes/scheduler.conf', '--leader-elect=true'],
      cpu: '100m',
      annotations: {},
    },
  ];
}

/** The pod spec of a static pod manifest. */
export function staticPodSpec(m: StaticPodManifest): Obj {
  const requests: Obj = { cpu: m.cpu };
  if (m.memory) requests.memory = m.memory;
  return {
    containers: [
      {
        command: m.command,
        image: m.image,
        imagePullPolicy: 'IfNotPresent',
        name: m.component,
        resources: { requests },
        volumeMounts: [{ mountPath: '/etc/kubernetes/pki', name: 'k8s-certs', readOnly: true }],
      },
    ],
    hostNetwork: true,
    priority: 2000001000,
    priorityClassName: 'system-node-critical',
    securityContext: { seccompProfile: { type: 'RuntimeDefault' } },
    tolerations: [{ effect: 'NoExecute', operator: 'Exists' }],
    volumes: [{ hostPath: { path: '/etc/kubernetes/pki', type: 'DirectoryOrCreate' }, name: 'k8s-certs' }],
  };
}

