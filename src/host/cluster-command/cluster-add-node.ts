/**
 * Arguments of `cluster add-node NAME [--cpu=N] [--memory=Q] [--pods=N] [--gpus=N]
 * [--label k=v]... [--taint k=v:Effect]... [--kubelet=kind|kubeadm] [--system-reserved=...]
 * [--kube-reserved=...]`: what the machine has (CPU, memory, Pod slots, NVIDIA GPUs, which a
 * device plugin would advertise as `nvidia.com/gpu`), how its node is labelled, which taints its
 * kubelet registers it with, and what that kubelet keeps back from Pods (its allocatable).
 */
import { canonicalQuantity, parseQuantity } from '../../sim/index.ts';
import { DEFAULT_KUBELET, type AddNodeOptions } from '../../sim/host-api.ts';

/** The parsed command line, or the error to print after `cluster: `. */
export type AddNodeArgs = { name: string; options: AddNodeOptions } | { error: string };

const NAME = /^[a-z0-9]([-a-z0-9.]{0,61}[a-z0-9])?$/;
const EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];
const VALUE_FLAGS = ['cpu', 'memory', 'pods', 'gpus', 'label', 'taint', 'kubelet', 'system-reserved', 'kube-reserved'];

/** One-line hints shown in `cluster help`. */
export const ADD_NODE_HELP = `  cluster add-node NAME [options]
                              add a worker machine NAME; options:
      --cpu=N                 CPU cores (default 8)
      --memory=Q              memory, e.g. 16Gi (default 16369404Ki)
      --pods=N                most Pods the node runs (default 110)
      --gpus=N                NVIDIA GPUs, advertised as nvidia.com/gpu
      --label KEY=VALUE       a node label (repeat for more)
      --taint KEY[=VALUE]:EFFECT
                              a taint, EFFECT one of NoSchedule, PreferNoSchedule, NoExecute (repeatable)
      --kubelet=kind|kubeadm  the kubelet's defaults: kind's (nothing kept back, the default)
                              or kubeadm's (hard eviction below 100Mi of memory, 10% of disk)
      --system-reserved=cpu=Q,memory=Q
      --kube-reserved=cpu=Q,memory=Q
                              resources kept back for the system and for Kubernetes itself
`;

function quantity(flag: string, v: string): string | { error: string } {
  try {
    if (parseQuantity(v).mantissa <= 0n) throw new Error('not positive');
    return canonicalQuantity(v);
  } catch {
    return { error: `invalid value "${v}" for --${flag}: expected a quantity such as ${flag === 'memory' ? '8Gi or 512Mi' : '4 or 500m'}` };
  }
}

function count(flag: string, v: string): string | { error: string } {
  return /^\d+$/.test(v) && Number(v) <= 1_000_000 ? String(Number(v)) : { error: `invalid value "${v}" for --${flag}: expected a whole number such as 2` };
}

/** `cpu=500m,memory=1Gi` as a resource list, as the kubelet's --system-reserved reads it. */
function resourceList(flag: string, v: string): Record<string, string> | { error: string } {
  const out: Record<string, string> = {};
  for (const part of v.split(',')) {
    const eq = part.indexOf('=');
    const name = part.slice(0, eq);
    const q = eq > 0 && ['cpu', 'memory', 'ephemeral-storage'].includes(name) ? quantity(flag, part.slice(eq + 1)) : undefined;
    if (q === undefined || typeof q !== 'string') return { error: `invalid value "${v}" for --${flag}: expected e.g. cpu=500m,memory=1Gi` };
    out[name] = q;
  }
  return out;
}

function label(v: string): [string, string] | { error: string } {
  const eq = v.indexOf('=');
  if (eq <= 0) return { error: `invalid label "${v}": expected KEY=VALUE, e.g. --label disktype=ssd` };
  return [v.slice(0, eq), v.slice(eq + 1)];
}

function taint(v: string): { key: string; value?: string; effect: string } | { error: string } {
  const colon = v.lastIndexOf(':');
  const effect = colon < 0 ? '' : v.slice(colon + 1);
  const kv = colon < 0 ? v : v.slice(0, colon);
  const eq = kv.indexOf('=');
  const key = eq < 0 ? kv : kv.slice(0, eq);
  if (!key || !EFFECTS.includes(effect)) {
    return { error: `invalid taint "${v}": expected KEY[=VALUE]:EFFECT with EFFECT one of ${EFFECTS.join(', ')}, e.g. --taint gpu=true:NoSchedule` };
  }
  return eq < 0 ? { key, effect } : { key, value: kv.slice(eq + 1), effect };
}

/** Parses the arguments after `add-node`; flags take `--flag=value` or `--flag value`. */
export function parseAddNode(args: string[]): AddNodeArgs {
  const names: string[] = [];
  const options: AddNodeOptions = {};
  const labels: Record<string, string> = {};
  const taints: { key: string; value?: string; effect: string }[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('-') || a === '-') {
      names.push(a);
      continue;
    }
    const m = /^--([a-z][a-z-]*)(?:=(.*))?$/s.exec(a);
    if (!m || !VALUE_FLAGS.includes(m[1]!)) return { error: `unknown option "${a}" for add-node (see cluster help)` };
    const flag = m[1]!;
    let value = m[2];
    if (value === undefined) {
      if (i + 1 >= args.length) return { error: `option --${flag} needs a value` };
      value = args[++i]!;
    }
    if (flag === 'kubelet' || flag === 'system-reserved' || flag === 'kube-reserved') {
      const res = { ...options.reservation };
      if (flag === 'kubelet') {
        if (value !== 'kind' && value !== 'kubeadm') return { error: `invalid value "${value}" for --kubelet: expected kind or kubeadm` };
        if (value === 'kubeadm') res.evictionHard = { ...DEFAULT_KUBELET.evictionHard };
        else delete res.evictionHard;
      } else {
        const list = resourceList(flag, value);
        if ('error' in list) return list as { error: string };
        if (flag === 'system-reserved') res.systemReserved = list;
        else res.kubeReserved = list;
      }
      options.reservation = res;
      continue;
    }
    let r: string | [string, string] | { key: string } | { error: string };
    if (flag === 'cpu' || flag === 'memory') r = quantity(flag, value);
    else if (flag === 'pods' || flag === 'gpus') r = count(flag, value);
    else if (flag === 'label') r = label(value);
    else r = taint(value);
    if (typeof r === 'object' && 'error' in r) return r;
    if (flag === 'cpu') options.cpu = r as string;
    else if (flag === 'memory') options.memory = r as string;
    else if (flag === 'pods') options.pods = r as string;
    else if (flag === 'gpus') options.extended = { 'nvidia.com/gpu': r as string };
    else if (flag === 'label') labels[(r as [string, string])[0]] = (r as [string, string])[1];
    else taints.push(r as { key: string; value?: string; effect: string });
  }
  if (names.length !== 1 || !names[0]) return { error: 'add-node needs exactly one machine name, e.g. cluster add-node worker3' };
  const name = names[0];
  if (!NAME.test(name)) {
    return { error: `invalid machine name "${name}": use lower-case letters, digits and '-', starting and ending with a letter or digit` };
  }
  if (Object.keys(labels).length) options.labels = labels;
  if (taints.length) options.taints = taints;
  return { name, options };
}
