/**
 * `kubectl debug`: an ephemeral container in a running Pod (`debug -it POD --image=busybox:1.36
 * --target=app`), a copy of a Pod with a debug container added or a container's command or
 * image changed (`--copy-to`), or a Pod on a node in its host namespaces with the node's
 * filesystem at /host (`debug node/NAME`). Messages, names (`debugger-xxxxx`,
 * `node-debugger-NODE-xxxxx`) and the legacy profile's changes are kubectl 1.32's; with `-i`
 * it attaches to the new container as `kubectl attach` does.
 */
import { ApiError, clone, parseImageRef, type KubeObject } from '../../../sim/index.ts';
import { CliError, formatApiError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';
import { completePods } from '../complete.ts';
import { attachToContainer } from './attach-container.ts';

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const PROFILES = ['legacy', 'general', 'baseline', 'netadmin', 'restricted', 'sysadmin'];

interface Options {
  image: string;
  interactive: boolean;
  tty: boolean;
  attach: boolean;
  target: string;
  container: string;
  copyTo: string;
  profile: string;
  quiet: boolean;
  args: string[];
  argsOnly: boolean;
  env: { name: string; value: string }[];
  pullPolicy: string;
  setImages: Map<string, string>;
}

function options(inv: Invocation): Options {
  const o: Options = {
    image: inv.flags.str('image'),
    interactive: inv.flags.bool('stdin'),
    tty: inv.flags.bool('tty'),
    attach: inv.flags.has('attach') ? inv.flags.bool('attach') : inv.flags.bool('stdin'),
    target: inv.flags.str('target'),
    container: inv.flags.str('container'),
    copyTo: inv.flags.str('copy-to'),
    // The global --profile (profiling, default none) shares the name; debug's own default is legacy.
    profile: inv.flags.has('profile') ? inv.flags.str('profile') : 'legacy',
    quiet: inv.flags.bool('quiet'),
    args: inv.dashAt >= 0 ? inv.args.slice(inv.dashAt) : [],
    argsOnly: inv.flags.bool('arguments-only'),
    env: inv.flags
      .all('env')
      .map((e) => ({ name: e.slice(0, e.indexOf('=') < 0 ? e.length : e.indexOf('=')), value: e.includes('=') ? e.slice(e.indexOf('=') + 1) : '' })),
    pullPolicy: inv.flags.str('image-pull-policy'),
    setImages: new Map(inv.flags.list('set-image').map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)] as [string, string])),
  };
  const names = inv.dashAt >= 0 ? inv.args.slice(0, inv.dashAt) : inv.args;
  if (!PROFILES.includes(o.profile)) throw new CliError(`unknown profile: ${o.profile}`);
  if (o.copyTo) {
    if (names.length > 1) throw new CliError('--copy-to may only be used with a single pod');
  } else if (inv.flags.bool('replace')) throw new CliError('--replace may only be used with --copy-to.');
  else if (inv.flags.bool('same-node')) throw new CliError('--same-node may only be used with --copy-to.');
  else if (o.setImages.size) throw new CliError('--set-image may only be used with --copy-to.');
  else if (!o.image) throw new CliError('you must specify --image when not using --copy-to.');
  if (o.image && 'error' in parseImageRef(o.image)) throw new CliError(`invalid image name "${o.image}": invalid reference format`);
  if (!names.length && !inv.flags.list('filename').length) throw new CliError('NAME or filename is required for debug');
  if (o.pullPolicy && !['Always', 'IfNotPresent', 'Never'].includes(o.pullPolicy)) throw new CliError(`invalid image pull policy: ${o.pullPolicy}`);
  if (o.target) {
    if (o.copyTo) throw new CliError('--target is incompatible with --copy-to. Use --share-processes instead.');
    if (!o.quiet)
      inv.out(
        `Targeting container "${o.target}". If you don't see processes from this container it may be because the container runtime doesn't support this feature.\n`,
      );
  }
  if (o.tty && !o.interactive) throw new CliError('-i/--stdin is required for containers with -t/--tty=true');
  if (o.profile === 'legacy')
    inv.err(
      '--profile=legacy is deprecated and will be removed in the future. It is recommended to explicitly specify a profile, for example "--profile=general".\n',
    );
  return o;
}

/** debugger-xxxxx, unused in the Pod (or `-c`), with kubectl's notice. */
function debugName(inv: Invocation, o: Options, pod: KubeObject): string {
  if (o.container) return o.container;
  const taken = new Set(
    [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? []), ...(pod.spec?.ephemeralContainers ?? [])].map((c: Obj) => c.name),
  );
  let name = '';
  while (!name || taken.has(name)) name = `debugger-${inv.random.suffix(5)}`;
  if (!o.quiet) inv.out(`Defaulting debug container name to ${name}.\n`);
  return name;
}

function commandFields(o: Options): Obj {
  if (!o.args.length) return {};
  return o.argsOnly ? { args: o.args } : { command: o.args };
}

function apiError(e: unknown): never {
  if (e instanceof ApiError) throw new CliError(formatApiError(e), { plain: true });
  throw e;
}

async function debugEphemeral(inv: Invocation, o: Options, pod: KubeObject): Promise<number> {
  const name = debugName(inv, o, pod);
  const ec: Obj = {
    name,
    ...(o.env.length ? { env: o.env } : {}),
    image: o.image,
    ...(o.pullPolicy ? { imagePullPolicy: o.pullPolicy } : {}),
    ...commandFields(o),
    ...(o.interactive ? { stdin: true } : {}),
    terminationMessagePolicy: 'File',
    ...(o.tty ? { tty: true } : {}),
    ...(o.target ? { targetContainerName: o.target } : {}),
  };
  if (o.profile === 'general' || o.profile === 'sysadmin' || o.profile === 'netadmin') {
    ec.securityContext =
      o.profile === 'sysadmin'
        ? { privileged: true }
        : o.profile === 'netadmin'
          ? { capabilities: { add: ['NET_ADMIN', 'NET_RAW'] } }
          : { capabilities: { add: ['SYS_PTRACE'] } };
  } else if (o.profile === 'restricted') {
    ec.securityContext = { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] }, runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } };
  }
  try {
    inv.client.updateEphemeralContainers(pod.metadata.namespace!, pod.metadata.name!, [...(pod.spec?.ephemeralContainers ?? []), ec]);
  } catch (e) {
    apiError(e);
  }
  return o.attach ? attachToContainer(inv, pod.metadata.namespace!, pod.metadata.name!, name, true) : 0;
}

function create(inv: Invocation, pod: KubeObject): KubeObject {
  try {
    return inv.client.create('pods', pod).object;
  } catch (e) {
    return apiError(e);
  }
}

async function debugCopy(inv: Invocation, o: Options, pod: KubeObject): Promise<number> {
  const spec: Obj = clone(pod.spec ?? {});
  delete spec.ephemeralContainers;
  if (!inv.flags.bool('same-node')) delete spec.nodeName;
  if (inv.flags.has('share-processes')) spec.shareProcessNamespace = inv.flags.bool('share-processes');
  for (const c of spec.containers as Obj[]) {
    const img = o.setImages.get(c.name) ?? o.setImages.get('*');
    if (img) c.image = img;
  }
  let c: Obj | undefined = (spec.containers as Obj[]).find((x) => x.name === o.container && o.container);
  let name = o.container;
  if (!c) {
    if (!o.image) {
      if (!o.setImages.size) throw new CliError('you must specify image when creating new container');
    } else {
      name ||= debugName(inv, o, { ...pod, spec });
      c = { name, terminationMessagePolicy: 'File' };
      spec.containers.push(c);
    }
  }
  if (c) {
    if (o.args.length) {
      if (o.argsOnly) c.args = o.args;
      else {
        c.command = o.args;
        delete c.args;
      }
    }
    if (o.env.length) c.env = o.env;
    if (o.image) c.image = o.image;
    if (o.pullPolicy) c.imagePullPolicy = o.pullPolicy;
    if (o.interactive) c.stdin = true;
    else delete c.stdin;
    if (o.tty) c.tty = true;
    else delete c.tty;
  }
  const copy: KubeObject = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: o.copyTo, namespace: pod.metadata.namespace, ...(pod.metadata.annotations ? { annotations: pod.metadata.annotations } : {}) },
    spec,
  };
  if (o.profile === 'legacy') {
    // The legacy profile's pod copy: no labels (so Services and controllers leave it alone), no probes, one process namespace.
    for (const x of spec.containers as Obj[]) {
      delete x.livenessProbe;
      delete x.readinessProbe;
      delete x.startupProbe;
    }
    spec.shareProcessNamespace = inv.flags.has('share-processes') ? inv.flags.bool('share-processes') : true;
  } else if (inv.flags.bool('keep-labels') && pod.metadata.labels) copy.metadata.labels = pod.metadata.labels;
  const created = create(inv, copy);
  if (inv.flags.bool('replace')) inv.client.delete('pods', pod.metadata.namespace, pod.metadata.name!, { gracePeriodSeconds: 0 });
  return o.attach && name ? attachToContainer(inv, created.metadata.namespace!, created.metadata.name!, name, false) : 0;
}

async function debugNode(inv: Invocation, o: Options, node: KubeObject): Promise<number> {
  const container = o.container || 'debugger';
  const nodeName = node.metadata.name!;
  const name = `node-debugger-${nodeName}-${inv.random.suffix(5)}`;
  if (!o.quiet) inv.out(`Creating debugging pod ${name} with container ${container} on node ${nodeName}.\n`);
  const c: Obj = {
    name: container,
    ...(o.env.length ? { env: o.env } : {}),
    image: o.image,
    ...(o.pullPolicy ? { imagePullPolicy: o.pullPolicy } : {}),
    ...commandFields(o),
    ...(o.interactive ? { stdin: true } : {}),
    terminationMessagePolicy: 'File',
    ...(o.tty ? { tty: true } : {}),
  };
  const spec: Obj = { containers: [c], nodeName, restartPolicy: 'Never', tolerations: [{ operator: 'Exists' }] };
  if (o.profile !== 'restricted' && o.profile !== 'baseline') {
    // Host namespaces, and the node's root filesystem at /host.
    Object.assign(spec, { hostIPC: true, hostNetwork: true, hostPID: true, volumes: [{ hostPath: { path: '/' }, name: 'host-root' }] });
    c.volumeMounts = [{ mountPath: '/host', name: 'host-root' }];
    if (o.profile === 'sysadmin') c.securityContext = { privileged: true };
  }
  const created = create(inv, {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: inv.namespace, labels: { 'app.kubernetes.io/managed-by': 'kubectl-debug' } },
    spec,
  });
  return o.attach ? attachToContainer(inv, created.metadata.namespace!, name, container, false) : 0;
}

async function run(inv: Invocation): Promise<number> {
  const o = options(inv);
  const names = inv.dashAt >= 0 ? inv.args.slice(0, inv.dashAt) : inv.args;
  let status = 0;
  for (const arg of names) {
    const slash = arg.indexOf('/');
    const kind = slash < 0 ? 'pods' : arg.slice(0, slash).toLowerCase();
    const name = slash < 0 ? arg : arg.slice(slash + 1);
    if (['node', 'nodes', 'no'].includes(kind)) {
      const node = inv.client.tryGet('nodes', undefined, name);
      if (!node) throw new CliError(formatApiError(new ApiError('NotFound', `nodes "${name}" not found`)), { plain: true });
      status = await debugNode(inv, o, node);
      continue;
    }
    if (!['pod', 'pods', 'po'].includes(kind)) throw new CliError(`"/v1, Kind=${kind}" not supported by debug`);
    const pod = inv.client.tryGet('pods', inv.namespace, name);
    if (!pod) throw new CliError(formatApiError(new ApiError('NotFound', `pods "${name}" not found`)), { plain: true });
    status = o.copyTo ? await debugCopy(inv, o, pod) : await debugEphemeral(inv, o, pod);
  }
  return status;
}

registerVerb({ name: 'debug', short: 'Create debugging sessions for troubleshooting workloads and nodes', run, complete: completePods });
