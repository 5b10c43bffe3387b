/**
 * The environment a container gets from the API when it starts: literal variables, values from
 * ConfigMaps and Secrets (`envFrom`, `valueFrom`) and Pod fields. It is resolved once per
 * container start: a ConfigMap changed later is seen only by the next container. A missing
 * reference gives the kubelet's error text and blocks the container
 * (CreateContainerConfigError); volume problems are in volumes/ (FailedMount).
 */
import type { KubeObject } from '../api/types.ts';
import type { Store } from '../store/store.ts';
import { resourceFieldValue, sourceValues } from './volumes/payload.ts';
import { serviceEnv } from '../network/service-env.ts';
import { hasOwn, setOwn } from '../api/own-keys.ts';

function sourceData(store: Store, ns: string, kind: 'configmap' | 'secret', name: string): Record<string, string> | undefined {
  return sourceValues(store, ns, kind, name);
}

/** `$(VAR)` references in env values and command/args, expanded as the kubelet does. */
export function expandRefs(s: string, env: Record<string, string>): string {
  return s.replace(/\$\$|\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, (m, name?: string) =>
    m === '$$' ? '$' : name !== undefined && name in env ? env[name]! : m,
  );
}

function fieldValue(pod: KubeObject, path: string, podIP: string, hostIP: string): string {
  const label = /^metadata\.(labels|annotations)\['(.+)'\]$/.exec(path);
  if (label) return (pod.metadata[label[1] as 'labels'] as Record<string, string> | undefined)?.[label[2]!] ?? '';
  const values: Record<string, string | undefined> = {
    'metadata.name': pod.metadata.name,
    'metadata.namespace': pod.metadata.namespace,
    'metadata.uid': pod.metadata.uid,
    'spec.nodeName': pod.spec?.nodeName,
    'spec.serviceAccountName': pod.spec?.serviceAccountName,
    'status.podIP': podIP,
    'status.podIPs': podIP,
    'status.hostIP': hostIP,
    'status.hostIPs': hostIP,
  };
  return values[path] ?? '';
}

export type EnvResult = { env: Record<string, string> } | { error: string };

/** The container's environment, or the first error (`configmap "x" not found`). */
export function resolveEnv(
  store: Store,
  pod: KubeObject,
  container: KubeObject['spec'],
  podIP: string,
  hostIP: string,
  imageVars: readonly (readonly [string, string])[] = [],
): EnvResult {
  const ns = pod.metadata.namespace ?? 'default';
  // Service links (the API server's and the namespace's Services), which the container's own
  // variables override and may refer to with `$(NAME)`.
  const services: Record<string, string> = {
    KUBERNETES_SERVICE_HOST: '10.96.0.1',
    KUBERNETES_SERVICE_PORT: '443',
    KUBERNETES_SERVICE_PORT_HTTPS: '443',
    KUBERNETES_PORT: 'tcp://10.96.0.1:443',
    KUBERNETES_PORT_443_TCP: 'tcp://10.96.0.1:443',
    KUBERNETES_PORT_443_TCP_PROTO: 'tcp',
    KUBERNETES_PORT_443_TCP_PORT: '443',
    KUBERNETES_PORT_443_TCP_ADDR: '10.96.0.1',
    ...serviceEnv(store, pod),
  };
  // The container's own variables (envFrom, then env), as the kubelet collects them.
  const env: Record<string, string> = {};
  for (const from of container.envFrom ?? []) {
    const kind = from.configMapRef ? 'configmap' : from.secretRef ? 'secret' : undefined;
    if (!kind) continue;
    const ref = from.configMapRef ?? from.secretRef;
    const data = sourceData(store, ns, kind, ref.name);
    if (!data) {
      if (ref.optional) continue;
      return { error: `${kind} "${ref.name}" not found` };
    }
    for (const [k, v] of Object.entries(data)) setOwn(env, (from.prefix ?? '') + k, v);
  }
  for (const e of container.env ?? []) {
    const vf = e.valueFrom;
    if (!vf) {
      setOwn(env, e.name, expandRefs(e.value ?? '', { ...services, ...env }));
      continue;
    }
    if (vf.configMapKeyRef || vf.secretKeyRef) {
      const kind = vf.configMapKeyRef ? 'configmap' : 'secret';
      const ref = vf.configMapKeyRef ?? vf.secretKeyRef;
      const data = sourceData(store, ns, kind, ref.name);
      if (!data) {
        if (ref.optional) continue;
        return { error: `${kind} "${ref.name}" not found` };
      }
      if (!hasOwn(data, ref.key)) {
        if (ref.optional) continue;
        return { error: `couldn't find key ${ref.key} in ${kind === 'configmap' ? 'ConfigMap' : 'Secret'} ${ns}/${ref.name}` };
      }
      setOwn(env, e.name, data[ref.key]!);
    } else if (vf.fieldRef) {
      setOwn(env, e.name, fieldValue(pod, vf.fieldRef.fieldPath, podIP, hostIP));
    } else if (vf.resourceFieldRef) {
      const node = pod.spec?.nodeName ? store.get('nodes', '', pod.spec.nodeName) : undefined;
      setOwn(env, e.name, resourceFieldValue(pod, vf.resourceFieldRef, container.name, node?.status?.allocatable ?? {}));
    }
  }
  // The runtime's order: the image's PATH and the Pod's HOSTNAME, the image's other variables
  // (images/image-env.ts), then what the kubelet hands
  // over (the container's variables before the service links they do not override), and HOME
  // last when nothing set it (so `$(HOME)` in a value stays as written: the kubelet knows none).
  const all: Record<string, string> = { PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', HOSTNAME: pod.metadata.name! };
  for (const [k, v] of imageVars) setOwn(all, k, v);
  for (const [k, v] of Object.entries(env)) setOwn(all, k, v);
  for (const [k, v] of Object.entries(services)) if (!hasOwn(env, k)) setOwn(all, k, v);
  if (!hasOwn(all, 'HOME')) all.HOME = '/root';
  return { env: all };
}
