/**
 * What a container gets from the API before it can start: environment variables (literal,
 * from ConfigMaps/Secrets, from Pod fields) and the files of mounted ConfigMap/Secret volumes.
 * Missing references produce the kubelet's error texts: env problems block the container
 * (CreateContainerConfigError), volume problems block the whole Pod (FailedMount).
 */
import type { KubeObject } from '../api/types.ts';
import type { Store } from '../store/store.ts';
import { MemFs } from './mem-fs.ts';
import { hasOwn, setOwn } from '../api/own-keys.ts';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Base64 to UTF-8 text (Secret data), without relying on host globals. */
export function decodeBase64(b64: string): string {
  let bits = 0;
  let acc = 0;
  let pct = '';
  for (const ch of b64.replace(/[^A-Za-z0-9+/]/g, '')) {
    acc = (acc << 6) | B64.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      pct += '%' + ((acc >> bits) & 0xff).toString(16).padStart(2, '0');
    }
  }
  try {
    return decodeURIComponent(pct);
  } catch {
    return pct.replace(/%([0-9a-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  }
}

function sourceData(store: Store, ns: string, kind: 'configmap' | 'secret', name: string): Record<string, string> | undefined {
  const obj = store.get(kind === 'configmap' ? 'configmaps' : 'secrets', ns, name);
  if (!obj) return undefined;
  if (kind === 'configmap') return { ...((obj.data as Record<string, string>) ?? {}) };
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries((obj.data as Record<string, string>) ?? {})) setOwn(out, k, decodeBase64(v));
  for (const [k, v] of Object.entries((obj.stringData as Record<string, string>) ?? {})) setOwn(out, k, v);
  return out;
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
export function resolveEnv(store: Store, pod: KubeObject, container: KubeObject['spec'], podIP: string, hostIP: string): EnvResult {
  const ns = pod.metadata.namespace ?? 'default';
  const env: Record<string, string> = {
    PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    HOSTNAME: pod.metadata.name!,
    KUBERNETES_SERVICE_HOST: '10.96.0.1',
    KUBERNETES_SERVICE_PORT: '443',
    KUBERNETES_SERVICE_PORT_HTTPS: '443',
    KUBERNETES_PORT: 'tcp://10.96.0.1:443',
    KUBERNETES_PORT_443_TCP: 'tcp://10.96.0.1:443',
    KUBERNETES_PORT_443_TCP_PROTO: 'tcp',
    KUBERNETES_PORT_443_TCP_PORT: '443',
    KUBERNETES_PORT_443_TCP_ADDR: '10.96.0.1',
    HOME: '/root',
  };
  for (const from of container.envFrom ?? []) {
    const kind = from.configMapRef ? 'configmap' : from.secretRef ? 'secret' : undefined;
    if (!kind) continue;
    const ref = from.configMapRef ?? from.secretRef;
    const data = sourceData(store, ns, kind, ref.name);
    if (!data) {
      if (ref.optional) continue;
      return { error: `${kind} "${ref.name}" not found` };
    }
    for (const [k, v] of Object.entries(data)) env[(from.prefix ?? '') + k] = v;
  }
  for (const e of container.env ?? []) {
    const vf = e.valueFrom;
    if (!vf) {
      setOwn(env, e.name, expandRefs(e.value ?? '', env));
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
      setOwn(env, e.name, '0');
    }
  }
  return { env };
}

/**
 * The first volume that cannot be set up, as the FailedMount event words it
 * (`MountVolume.SetUp failed for volume "cfg" : configmap "app-config" not found`).
 */
export function volumeProblem(store: Store, pod: KubeObject): string | undefined {
  const ns = pod.metadata.namespace ?? 'default';
  for (const v of pod.spec?.volumes ?? []) {
    const cm = v.configMap;
    const sec = v.secret;
    if (cm && !cm.optional && !store.get('configmaps', ns, cm.name)) {
      return `MountVolume.SetUp failed for volume "${v.name}" : configmap "${cm.name}" not found`;
    }
    if (sec && !sec.optional && !store.get('secrets', ns, sec.secretName)) {
      return `MountVolume.SetUp failed for volume "${v.name}" : secret "${sec.secretName}" not found`;
    }
  }
  return undefined;
}

/**
 * The container's filesystem: the image's own files (`imageFiles`, hidden under volume mounts as
 * a mount hides the directory it covers), DNS and host files, service account files, mounted
 * ConfigMaps/Secrets.
 */
export function buildContainerFs(store: Store, pod: KubeObject, container: KubeObject['spec'], podIP: string, imageFiles: Record<string, string> = {}): MemFs {
  const fs = new MemFs();
  const ns = pod.metadata.namespace ?? 'default';
  for (const d of ['/bin', '/etc', '/home', '/root', '/tmp', '/usr/bin', '/var', '/proc', '/dev']) fs.mkdirp(d);
  fs.write('/etc/hostname', `${pod.metadata.name}\n`);
  fs.write('/etc/hosts', `# Kubernetes-managed hosts file.\n127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\nfe00::0\tip6-localnet\nfe00::0\tip6-mcastprefix\nfe00::1\tip6-allnodes\nfe00::2\tip6-allrouters\n${podIP}\t${pod.metadata.name}\n`);
  fs.write('/etc/resolv.conf', `search ${ns}.svc.cluster.local svc.cluster.local cluster.local\nnameserver 10.96.0.10\noptions ndots:5\n`);
  fs.write('/etc/os-release', 'NAME="BusyBox"\n');
  const mounts: string[] = (container.volumeMounts ?? []).map((m: { mountPath: string }) => m.mountPath.replace(/\/+$/, ''));
  for (const [path, content] of Object.entries(imageFiles)) {
    if (!mounts.some((m) => path === m || path.startsWith(`${m}/`))) fs.write(path, content);
  }
  const volumes = new Map<string, KubeObject['spec']>((pod.spec?.volumes ?? []).map((v: { name: string }) => [v.name, v]));
  for (const m of container.volumeMounts ?? []) {
    const v = volumes.get(m.name);
    if (!v) continue;
    let files: Record<string, string> = {};
    if (v.configMap) files = mapItems(sourceData(store, ns, 'configmap', v.configMap.name) ?? {}, v.configMap.items);
    else if (v.secret) files = mapItems(sourceData(store, ns, 'secret', v.secret.secretName) ?? {}, v.secret.items);
    else if (v.projected) {
      files = {
        namespace: ns,
        token: 'eyJhbGciOiJSUzI1NiIsImtpZCI6InNpbXVsYXRlZCJ9.e30.c2lnbmF0dXJl',
        'ca.crt': '-----BEGIN CERTIFICATE-----\nMIIDBTCCAe2gAwIBAgIIsimulated\n-----END CERTIFICATE-----\n',
      };
    }
    fs.mkdirp(m.mountPath);
    if (m.subPath) {
      if (files[m.subPath] !== undefined) fs.write(m.mountPath, files[m.subPath]!, { readOnly: true });
      continue;
    }
    for (const [path, content] of Object.entries(files)) {
      fs.write(`${m.mountPath}/${path}`, content, { readOnly: !!(m.readOnly || v.configMap || v.secret || v.projected) });
    }
  }
  return fs;
}

function mapItems(data: Record<string, string>, items?: { key: string; path: string }[]): Record<string, string> {
  if (!items?.length) return data;
  const out: Record<string, string> = {};
  for (const it of items) if (hasOwn(data, it.key)) setOwn(out, it.path, data[it.key]!);
  return out;
}
