/**
 * The Docker-links-style variables the kubelet adds to every container for the Services of
 * its namespace that exist when the container starts (and the `kubernetes` Service of
 * `default`), unless the Pod sets `enableServiceLinks: false`:
 *   WEB_SERVICE_HOST=10.96.12.34  WEB_SERVICE_PORT=80  WEB_SERVICE_PORT_HTTP=80 (named port)
 *   WEB_PORT=tcp://10.96.12.34:80  WEB_PORT_80_TCP=...  _PROTO, _PORT, _ADDR
 * Services without a ClusterIP (headless, ExternalName) get none. A Service created after the
 * container started is not seen until the container is recreated.
 */
import type { KubeObject } from '../api/types.ts';
import type { Store } from '../store/store.ts';

type Port = { name?: string; port: number; protocol?: string };

const envName = (s: string) => s.toUpperCase().replace(/-/g, '_');

function varsFor(svc: KubeObject): [string, string][] {
  const ip = svc.spec?.clusterIP;
  if (!ip || ip === 'None' || svc.spec?.type === 'ExternalName') return [];
  const base = envName(svc.metadata.name!);
  const ports = (svc.spec?.ports ?? []) as Port[];
  if (!ports.length) return [];
  const out: [string, string][] = [[`${base}_SERVICE_HOST`, ip], [`${base}_SERVICE_PORT`, String(ports[0]!.port)]];
  for (const p of ports) if (p.name) out.push([`${base}_SERVICE_PORT_${envName(p.name)}`, String(p.port)]);
  const first = ports[0]!;
  out.push([`${base}_PORT`, `${(first.protocol ?? 'TCP').toLowerCase()}://${ip}:${first.port}`]);
  for (const p of ports) {
    const proto = (p.protocol ?? 'TCP').toLowerCase();
    const key = `${base}_PORT_${p.port}_${proto.toUpperCase()}`;
    out.push([key, `${proto}://${ip}:${p.port}`], [`${key}_PROTO`, proto], [`${key}_PORT`, String(p.port)], [`${key}_ADDR`, ip]);
  }
  return out;
}

/** The Service variables for a container of `pod`, in a stable order (Services by name). */
export function serviceEnv(store: Store, pod: KubeObject): Record<string, string> {
  const ns = pod.metadata.namespace ?? 'default';
  const env: Record<string, string> = {};
  const master = store.get('services', 'default', 'kubernetes');
  if (master) for (const [k, v] of varsFor(master)) env[k] = v;
  if (pod.spec?.enableServiceLinks === false) return env;
  const services = store.list('services', ns).filter((s) => !(ns === 'default' && s.metadata.name === 'kubernetes'));
  services.sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1));
  for (const s of services) for (const [k, v] of varsFor(s)) env[k] = v;
  return env;
}
