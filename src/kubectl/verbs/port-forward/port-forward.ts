/**
 * `kubectl port-forward TYPE/NAME [LOCAL_PORT:]REMOTE_PORT...`: picks a running Pod (itself, or
 * one behind a Service or workload), translates a Service port to the Pod's targetPort, prints
 * `Forwarding from 127.0.0.1:8080 -> 80` and `[::1]`, then holds the local ports open until
 * Ctrl-C or until the Pod goes away. While it runs, requests from this machine to
 * `localhost:LOCAL_PORT` (curl, wget) reach the Pod's port, each printing
 * `Handling connection for LOCAL_PORT`. The terminal has one foreground command at a time, so
 * those requests come from other programs (the checks of an exercise, tests), not from this shell.
 */
import { ApiError, localForwards, matches, requestIP, selectorFromSpec, type KubeObject } from '../../../sim/index.ts';
import { CliError, usageError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';
import { keyOf, resolveType } from '../../resource/resolve.ts';
import { completePods } from '../complete.ts';

type Port = { name?: string; port: number; targetPort?: number | string; protocol?: string; containerPort?: number };

function selectorOf(type: string, obj: KubeObject) {
  if (type === 'services') return obj.spec?.selector ? selectorFromSpec({ matchLabels: obj.spec.selector }) : undefined;
  return selectorFromSpec(obj.spec?.selector);
}

/** The object named and the Pod to forward to (the oldest running one behind a Service or workload). */
function target(inv: Invocation, arg: string): { obj: KubeObject; type: string; pod: KubeObject } {
  const slash = arg.indexOf('/');
  const type = slash < 0 ? resolveType('pods') : resolveType(arg.slice(0, slash));
  const name = slash < 0 ? arg : arg.slice(slash + 1);
  const obj = inv.cluster.api.tryGet(keyOf(type), inv.namespace, name);
  if (!obj) throw new ApiError('NotFound', `${type.group ? `${type.plural}.${type.group}` : type.plural} "${name}" not found`);
  if (type.plural === 'pods') return { obj, type: 'pods', pod: obj };
  const sel = selectorOf(type.plural, obj);
  if (!sel) throw new CliError(`error: cannot attach to *v1.Service: invalid service '${name}': Service is defined without a selector`, { plain: true });
  const pods = inv.cluster.api.list('pods', { namespace: inv.namespace, filter: (p) => matches(sel, p.metadata.labels) && !p.metadata.deletionTimestamp });
  if (!pods.length) throw new CliError('error: timed out waiting for the condition', { plain: true });
  const byAge = (a: KubeObject, b: KubeObject) => Date.parse(a.metadata.creationTimestamp ?? '') - Date.parse(b.metadata.creationTimestamp ?? '');
  const running = pods.filter((p) => p.status?.phase === 'Running').sort(byAge);
  return { obj, type: type.plural, pod: (running.length ? running : pods.sort(byAge))[0]! };
}

function containerPort(pod: KubeObject, name: string): number | undefined {
  for (const c of (pod.spec?.containers ?? []) as { ports?: Port[] }[]) for (const p of c.ports ?? []) if (p.name === name) return p.containerPort;
  return undefined;
}

/** `[LOCAL:]REMOTE` pairs, with Service ports translated to the Pod's targetPort. */
function portPairs(inv: Invocation, specs: string[], type: string, obj: KubeObject, pod: KubeObject): { local: number; remote: number }[] {
  return specs.map((spec) => {
    const [l, r] = spec.includes(':') ? [spec.slice(0, spec.indexOf(':')), spec.slice(spec.indexOf(':') + 1)] : [spec, spec];
    let remote: number;
    if (type === 'services') {
      const ports = (obj.spec?.ports ?? []) as Port[];
      const sp = /^\d+$/.test(r) ? ports.find((p) => p.port === Number(r)) : ports.find((p) => p.name === r);
      if (!sp) throw new CliError(`error: Service ${obj.metadata.name} does not have a service port ${r}`, { plain: true });
      const t = sp.targetPort ?? sp.port;
      const n = typeof t === 'number' || /^\d+$/.test(String(t)) ? Number(t) : containerPort(pod, String(t));
      if (n === undefined) throw new CliError(`error: Pod '${pod.metadata.name}' does not have a named port '${t}'`, { plain: true });
      remote = n;
      const local = l === '' ? remote : Number(l === r && !spec.includes(':') ? sp.port : l);
      return { local, remote };
    }
    const n = /^\d+$/.test(r) ? Number(r) : containerPort(pod, r);
    if (n === undefined) throw new CliError(`error: Pod '${pod.metadata.name}' does not have a named port '${r}'`, { plain: true });
    remote = n;
    const local = l === '' ? remote : /^\d+$/.test(l) ? Number(l) : NaN;
    if (!(local > 0 && local < 65536) || !(remote > 0 && remote < 65536)) throw new CliError(`error: Error parsing local port '${l}': strconv.ParseUint: parsing "${l}": invalid syntax`, { plain: true });
    return { local, remote };
  });
}

registerVerb({
  name: 'port-forward',
  short: 'Forward one or more local ports to a pod',
  async run(inv) {
    if (inv.args.length < 2) throw usageError(inv.path, 'TYPE/NAME and list of ports are required for port-forward');
    const { obj, type, pod } = target(inv, inv.args[0]!);
    if (pod.status?.phase !== 'Running') throw new CliError(`error: unable to forward port because pod is not running. Current status=${pod.status?.phase ?? 'Pending'}`, { plain: true });
    const pairs = portPairs(inv, inv.args.slice(1), type, obj, pod);
    const forwards = localForwards(inv.cluster);
    const busy = pairs.filter((p) => forwards.has(p.local));
    if (busy.length) {
      const p = busy[0]!;
      inv.err(`Unable to listen on port ${p.local}: Listeners failed to create with the following errors: [unable to create listener: Error listen tcp4 127.0.0.1:${p.local}: bind: address already in use unable to create listener: Error listen tcp6 [::1]:${p.local}: bind: address already in use]\n`);
      throw new CliError(`error: unable to listen on any of the requested ports: [${busy.map((b) => `{${b.local} ${b.remote}}`).join(' ')}]`, { plain: true });
    }
    for (const p of pairs) inv.out(`Forwarding from 127.0.0.1:${p.local} -> ${p.remote}\nForwarding from [::1]:${p.local} -> ${p.remote}\n`);
    const ns = pod.metadata.namespace ?? inv.namespace;
    const podName = pod.metadata.name!;
    for (const p of pairs) {
      forwards.set(p.local, (path, agent) => {
        inv.out(`Handling connection for ${p.local}\n`);
        const live = inv.cluster.store.get('pods', ns, podName);
        const ip = live?.status?.podIP as string | undefined;
        if (!ip) return { error: 'refused' };
        const r = requestIP(inv.cluster, { cluster: true }, ip, p.remote, path, agent);
        if ('error' in r && r.error === 'refused') {
          inv.err(`E1130 03:00:00.000000   12345 portforward.go:424] "Unhandled Error" err="an error occurred forwarding ${p.local} -> ${p.remote}: error forwarding port ${p.remote} to pod ${live?.metadata.uid}, uid : failed to execute portforward in network namespace: failed to connect to localhost:${p.remote} inside namespace, IPv4: dial tcp4 127.0.0.1:${p.remote}: connect: connection refused IPv6 dial tcp6 [::1]:${p.remote}: connect: connection refused "\n`);
          return { error: 'not-http' };
        }
        return r;
      });
    }
    inv.ctx.streaming();
    let lost = false;
    let stopWatch = () => {};
    await new Promise<void>((resolve) => {
      inv.ctx.interrupt.onInterrupt(() => resolve());
      stopWatch = inv.cluster.api.watch('pods', ns, (e) => {
        if (e.object.metadata.name !== podName) return;
        if (e.type === 'DELETED' || e.object.metadata.deletionTimestamp || e.object.status?.phase !== 'Running') {
          lost = true;
          resolve();
        }
      });
    });
    stopWatch();
    for (const p of pairs) forwards.delete(p.local);
    if (lost) throw new CliError('error: lost connection to pod', { plain: true });
    return 0;
  },
  complete: completePods,
});
