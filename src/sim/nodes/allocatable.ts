/**
 * A node's allocatable resources, computed as the kubelet computes them (Node Allocatable):
 * capacity minus kube-reserved, minus system-reserved, minus the hard eviction threshold
 * (`memory.available` for memory, `nodefs.available` for ephemeral storage), never below
 * zero. kind runs its kubelets with no reservations and its eviction thresholds at 0%, so a
 * kind node's allocatable equals its capacity (reference transcript 02); a kubelet with
 * kubeadm's defaults keeps 100Mi of memory and 10% of the node's disk back.
 */
import { addQuantity, formatQuantity, parseQuantity, quantityValue, type Quantity } from '../api/quantity.ts';

/** What the kubelet keeps back from Pods: its --kube-reserved, --system-reserved and --eviction-hard. */
export interface KubeletReservation {
  kubeReserved?: Record<string, string>;
  systemReserved?: Record<string, string>;
  /** Hard eviction thresholds by signal, e.g. `{ 'memory.available': '100Mi', 'nodefs.available': '10%' }`. */
  evictionHard?: Record<string, string>;
}

/** kind's kubelet configuration: nothing reserved, eviction thresholds at 0%. */
export const KIND_KUBELET: KubeletReservation = {};

/** The kubelet's own defaults, which kubeadm keeps: hard eviction below 100Mi of memory or 10% of disk. */
export const DEFAULT_KUBELET: KubeletReservation = {
  evictionHard: { 'memory.available': '100Mi', 'nodefs.available': '10%', 'nodefs.inodesFree': '5%', 'imagefs.available': '15%' },
};

/** The eviction signal that is subtracted from each resource's capacity. */
const SIGNAL: Record<string, string> = { memory: 'memory.available', 'ephemeral-storage': 'nodefs.available' };

function negate(q: Quantity): Quantity {
  return { ...q, mantissa: -q.mantissa };
}

/** A threshold as a quantity: an absolute value, or a percentage of `capacity` (float32, as the kubelet parses it). */
function threshold(value: string, capacity: Quantity): Quantity {
  if (value.endsWith('%')) {
    const fraction = Math.fround(Number(value.slice(0, -1)) / 100);
    return parseQuantity(String(Math.trunc(quantityValue(capacity) * fraction)));
  }
  return parseQuantity(value);
}

/**
 * Allocatable for `capacity` (canonical quantity strings by resource name) under `reservation`.
 * Resources nothing reserves are copied as they are; the result keeps the capacity's format.
 */
export function allocatableFor(capacity: Readonly<Record<string, string>>, reservation: KubeletReservation = KIND_KUBELET): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(capacity)) {
    let q = parseQuantity(value);
    const minus: Quantity[] = [];
    for (const r of [reservation.kubeReserved, reservation.systemReserved]) if (r?.[name] !== undefined) minus.push(parseQuantity(r[name]!));
    const signal = SIGNAL[name];
    const hard = signal ? reservation.evictionHard?.[signal] : undefined;
    if (hard !== undefined) minus.push(threshold(hard, q));
    if (minus.length === 0) {
      out[name] = value;
      continue;
    }
    for (const m of minus) q = addQuantity(q, negate(m));
    out[name] = q.mantissa < 0n ? '0' : formatQuantity(q);
  }
  return out;
}
