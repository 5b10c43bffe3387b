/**
 * `kubectl port-forward TYPE/NAME [LOCAL_PORT:]REMOTE_PORT...`: picks a running Pod (itself, or
 * one behind a Service or workload), translates a Service port to the Pod's targetPort, prints
 * `Forwarding from 127.0.0.1:8080 -> 80` and `[::1]`, then holds the local ports open until
 * Ctrl-C or until the Pod goes away. While it runs, requests from this machine to
 * `localhost:LOCAL_PORT` (curl, wget) reach the Pod's port, each printing
 * `Handling connection for LOCAL_PORT`. The listeners are opened on the machine kubectl runs on
 * (`inv.localPorts`, its terminal's): run in the background (`&`), the same terminal's curl
 * reaches them. `--address` picks the addresses (default `localhost`: 127.0.0.1 and ::1), and a
 * local port left out (`:80`) is a free ephemeral port.
 */
import { ApiError, matches, selectorFromSpec, type Kinds, type KubeObject } from '../../../sim/index.ts';
import type { LocalListener } from '../../../command/local-ports.ts';
import { CliError, usageError } from '../../cli/errors.ts';
import { klogHeader } from '../../cli/klog.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';
import { prepareNetwork } from '../../resource/prepare.ts';
import { keyOf, resolveType } from '../../resource/resolve.ts';
import { completePods } from '../complete.ts';

type Port = { name?: string; port: number; targetPort?: number | string; protocol?: string; containerPort?: number };

function selectorOf(type: string, obj: KubeObject) {
  if (type === 'services') return obj.spec?.selector ? selectorFromSpec({ matchLabels: obj.spec.selector }) : undefined;
  return selectorFromSpec(obj.spec?.selector);
}

/** The object named and the Pod to forward to (the oldest running one behind a Service or workload). */
function target(inv: Invocation, arg: string): { obj: KubeObject; type: string; pod: Kinds.Pod } {
  const slash = arg.indexOf('/');
  const type = slash < 0 ? resolveType('pods') : resolveType(arg.slice(0, slash));
  const name = slash < 0 ? arg : arg.slice(slash + 1);
  const obj = inv.client.tryGet(keyOf(type), inv.namespace, name);
  if (!obj) throw new ApiError('NotFound', `${type.group ? `${type.plural}.${type.group}` : type.plural} "${name}" not found`);
  if (type.plural === 'pods') return { obj, type: 'pods', pod: obj as Kinds.Pod };
  const sel = selectorOf(type.plural, obj);
  if (!sel) throw new CliError(`error: cannot attach to *v1.Service: invalid service '${name}': Service is defined without a selector`, { plain: true });
  const pods = inv.client.list('pods', { namespace: inv.namespace }).items.filter((p) => matches(sel, p.metadata.labels) && !p.metadata.deletionTimestamp);
  if (!pods.length) throw new CliError('error: timed out waiting for the condition', { plain: true });
  const byAge = (a: KubeObject, b: KubeObject) => Date.parse(a.metadata.creationTimestamp ?? '') - Date.parse(b.metadata.creationTimestamp ?? '');
  const running = pods.filter((p) => p.status?.phase === 'Running').sort(byAge);
  return { obj, type: type.plural, pod: (running.length ? running : pods.sort(byAge))[0]! };
}

function containerPort(pod: Kinds.Pod, name: string): number | undefined {
  for (const c of pod.spec?.containers ?? []) for (const p of c.ports ?? []) if (p.name === name) return p.containerPort;
  return undefined;
}

/** `[LOCAL:]REMOTE` pairs, with Service ports translated to the Pod's targetPort. */
function portPairs(inv: Invocation, specs: string[], type: string, obj: KubeObject, pod: Kinds.Pod): { local: number; remote: number }[] {
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
      const local = !spec.includes(':') ? sp.port : l === '' ? 0 : Number(l);
      return { local, remote };
    }
    const n = /^\d+$/.test(r) ? Number(r) : containerPort(pod, r);
    if (n === undefined) throw new CliError(`error: Pod '${pod.metadata.name}' does not have a named port '${r}'`, { plain: true });
    remote = n;
    const local = !spec.includes(':') ? remote : l === '' ? 0 : /^\d+$/.test(l) ? Number(l) : NaN;
    if (!(local >= 0 && local < 65536) || !(remote > 0 && remote < 65536))
      throw new CliError(`error: Error parsing local port '${l}': strconv.ParseUint: parsing "${l}": invalid syntax`, { plain: true });
    return { local, remote };
  });
}

/** The `--address` values as addresses to bind, each with whether its failure alone fails the port (an address named) or not (`localhost`'s two). */
function listenAddresses(values: string[]): { address: string; required: boolean }[] {
  const out: { address: string; required: boolean }[] = [];
  for (const v of values.length ? values : ['localhost']) {
    if (v === 'localhost') out.push({ address: '127.0.0.1', required: false }, { address: '::1', required: false });
    else if (/^\d{1,3}(\.\d{1,3}){3}$/.test(v) && v.split('.').every((o) => Number(o) < 256)) out.push({ address: v, required: true });
    else if (/^[0-9a-fA-F:]+$/.test(v) && v.includes(':')) out.push({ address: v, required: true });
    else throw new CliError(`error: ${v} is not a valid IP`, { plain: true });
  }
  return out;
}

const hostPort = (address: string, port: number) => (address.includes(':') ? `[${address}]:${port}` : `${address}:${port}`);

registerVerb({
  name: 'port-forward',
  short: 'Forward one or more local ports to a pod',
  async run(inv) {
    if (inv.args.length < 2) throw usageError(inv.path, 'TYPE/NAME and list of ports are required for port-forward');
    const addresses = listenAddresses(inv.flags.list('address'));
    const { obj, type, pod } = target(inv, inv.args[0]!);
    if (pod.status?.phase !== 'Running')
      throw new CliError(`error: unable to forward port because pod is not running. Current status=${pod.status?.phase ?? 'Pending'}`, { plain: true });
    const pairs = portPairs(inv, inv.args.slice(1), type, obj, pod);
    await prepareNetwork(inv);
    const ns = pod.metadata.namespace ?? inv.namespace;
    const podName = pod.metadata.name!;
    const handler = (local: () => number, remote: number) => (path: string, agent: string) => {
      inv.out(`Handling connection for ${local()}\n`);
      const live = inv.client.tryGet('pods', ns, podName);
      const r = inv.client.portForward(ns, podName, remote, path, agent);
      if ('error' in r && r.error === 'refused') {
        const l = local();
        inv.err(
          `${klogHeader('E', inv.client.now(), 'portforward.go:424')} "Unhandled Error" err="an error occurred forwarding ${l} -> ${remote}: error forwarding port ${remote} to pod ${live?.metadata.uid}, uid : failed to execute portforward in network namespace: failed to connect to localhost:${remote} inside namespace, IPv4: dial tcp4 127.0.0.1:${remote}: connect: connection refused IPv6 dial tcp6 [::1]:${remote}: connect: connection refused "\n`,
        );
        return { error: 'not-http' as const };
      }
      return r;
    };
    // As kubectl does: per port, one listener per address, each announced as it opens; a port
    // whose listeners all fail is reported and skipped; none at all ends the command.
    const listeners: LocalListener[] = [];
    const failed: { local: number; remote: number }[] = [];
    const closeAll = () => listeners.splice(0).forEach((l) => l.close());
    for (const p of pairs) {
      let local = p.local;
      const errors: string[] = [];
      // client-go's failure modes: `localhost`'s two addresses fail the port only if both fail,
      // an address given by name fails it on its own.
      let openedOptional = 0;
      let failedOptional = 0;
      let failedRequired = 0;
      for (const a of addresses) {
        if (local === 0) local = inv.localPorts.ephemeralPort();
        const port = local;
        const l = inv.localPorts.listen(
          a.address,
          port,
          handler(() => port, p.remote),
        );
        if (l) {
          listeners.push(l);
          if (!a.required) openedOptional++;
          inv.out(`Forwarding from ${hostPort(a.address, port)} -> ${p.remote}\n`);
          continue;
        }
        errors.push(`unable to create listener: Error listen tcp${a.address.includes(':') ? 6 : 4} ${hostPort(a.address, port)}: bind: address already in use`);
        if (a.required) failedRequired++;
        else failedOptional++;
      }
      if (failedRequired || (failedOptional && !openedOptional)) {
        inv.err(`Unable to listen on port ${local}: Listeners failed to create with the following errors: [${errors.join(' ')}]\n`);
        failed.push({ local, remote: p.remote });
      }
    }
    if (failed.length === pairs.length) {
      closeAll();
      throw new CliError(`error: unable to listen on any of the requested ports: [${failed.map((b) => `{${b.local} ${b.remote}}`).join(' ')}]`, {
        plain: true,
      });
    }
    inv.ctx.streaming();
    let lost = false;
    let stopWatch = () => {};
    await new Promise<void>((resolve) => {
      inv.ctx.interrupt.onInterrupt(() => resolve());
      stopWatch = inv.client.watch('pods', { namespace: ns }, (e) => {
        if (e.object.metadata.name !== podName) return;
        if (e.type === 'DELETED' || e.object.metadata.deletionTimestamp || e.object.status?.phase !== 'Running') {
          lost = true;
          resolve();
        }
      });
    });
    stopWatch();
    closeAll();
    if (lost) throw new CliError('error: lost connection to pod', { plain: true });
    return 0;
  },
  complete: completePods,
});
