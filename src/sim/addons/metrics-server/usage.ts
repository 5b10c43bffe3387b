/**
 * What a container uses, as the kubelet's stats (cAdvisor) would count it: a cumulative CPU
 * counter and a working-set size. The model is deterministic and small:
 *   - each image has an idle profile (idle nginx ~1m CPU and 3Mi, a sleeping busybox 0m);
 *   - a shell loop that never sleeps burns CPU up to its limit (or a whole core);
 *   - servers that do work per request (php-apache of the HPA walkthrough) charge CPU time
 *     for each request they answer (`chargeCpu`), so load generators drive usage;
 *   - CPU never goes above the container's limit, or the node's cores without one.
 */
import { milliValue, parseQuantity, quantityValue } from '../../api/quantity.ts';
import type { ContainerRuntime } from '../../kubelet/runtime.ts';
import type { ProcessIO } from '../../kubelet/process.ts';

const MI = 1024 * 1024;

/** Idle CPU (millicores) and working set (bytes) by repository, checked in order (substring match). */
const PROFILES: [string, number, number][] = [
  ['metrics-server/metrics-server', 4, 17 * MI],
  ['hpa-example', 1, 9.5 * MI],
  ['library/nginx', 1, 3.2 * MI],
  ['nginx-slim', 1, 2.5 * MI],
  ['ingress-nginx/controller', 3, 42 * MI],
  ['library/httpd', 1, 6 * MI],
  ['library/redis', 2, 3.5 * MI],
  ['library/mysql', 6, 380 * MI],
  ['library/postgres', 1, 28 * MI],
  ['coredns', 2, 13 * MI],
  ['etcd', 18, 38 * MI],
  ['kube-apiserver', 42, 230 * MI],
  ['kube-controller-manager', 12, 48 * MI],
  ['kube-scheduler', 3, 20 * MI],
  ['kube-proxy', 1, 14 * MI],
  ['kindnetd', 1, 10 * MI],
  ['local-path-provisioner', 1, 8 * MI],
  ['library/python', 0, 9 * MI],
  ['library/node', 0, 30 * MI],
  ['polinux/stress', 0, 0.6 * MI],
  ['vish/stress', 0, 1.6 * MI],
];
const DEFAULT_PROFILE: [number, number] = [0, 0.4 * MI];

/** CPU work (core-seconds) charged to a process and not yet counted by a stats read. */
const pending = new WeakMap<ProcessIO, number>();

/** Charges `seconds` of CPU time to the container running `io` (a request a server handled). */
export function chargeCpu(io: ProcessIO, seconds: number): void {
  pending.set(io, (pending.get(io) ?? 0) + seconds);
}

function takePending(io: ProcessIO | undefined): number {
  if (!io) return 0;
  const v = pending.get(io) ?? 0;
  pending.delete(io);
  return v;
}

/** Whether the container's command is a loop that never waits (`while true; do :; done`, `yes`). */
export function isBusyLoop(spec: { command?: string[]; args?: string[] }): boolean {
  const text = [...(spec.command ?? []), ...(spec.args ?? [])].join(' ');
  if (/(^|[\s;&|(/])(stress|stress-ng)(\s|$)/.test(text)) return stressCores(text) > 0;
  if (/(^|[\s;&|(])yes(\s|$)/.test(text) && !/\bsleep\b/.test(text)) return true;
  if (/\bwhile\s+(true|:)\s*;\s*do\b/.test(text) && !/\b(sleep|wget|curl|nc|read)\b/.test(text)) return true;
  if (/md5sum\s+\/dev\/(zero|urandom)|dd\s+if=\/dev\/(zero|urandom)/.test(text)) return true;
  return false;
}

/**
 * Cores a stress tool keeps busy: `stress --cpu N` (and `--vm N` workers without --vm-hang,
 * which spin on malloc/free), vish/stress's `-cpus N`. `--vm` with `--vm-hang` holds its memory
 * and sleeps.
 */
export function stressCores(text: string): number {
  const n = (re: RegExp) => Number(re.exec(text)?.[1] ?? 0);
  const cpu = n(/(?:^|\s)(?:--cpu|-c)[\s=](\d+)/) + n(/(?:^|\s)--?cpus[\s=](\d+)/);
  const vm = /--vm-hang/.test(text) ? 0 : n(/(?:^|\s)(?:--vm|-m)[\s=](\d+)/);
  return cpu + vm;
}

function profileOf(c: ContainerRuntime): [number, number] {
  const repo = c.image?.repository ?? '';
  for (const [key, cpu, mem] of PROFILES) if (repo.includes(key)) return [cpu, mem];
  return DEFAULT_PROFILE;
}

const limitOf = (c: ContainerRuntime, name: 'cpu' | 'memory'): string | undefined => c.spec?.resources?.limits?.[name];

/** One stats read of a running container: cumulative CPU (core-seconds) and working set (bytes). */
export interface ContainerStats {
  cpuSeconds: number;
  memoryBytes: number;
}

/**
 * Advances a container's cumulative counter by `dtSeconds` of running: idle rate, busy loop
 * or charged work, capped by its CPU limit (else `nodeCores`). `prev` is the last read.
 */
export function readStats(c: ContainerRuntime, prev: ContainerStats | undefined, dtSeconds: number, nodeCores: number): ContainerStats {
  const [idleMilli, mem] = profileOf(c);
  const limit = limitOf(c, 'cpu');
  const spec = c.spec ?? {};
  const text = [...(spec.command ?? []), ...(spec.args ?? [])].join(' ');
  // A stress image (polinux/stress, vish/stress) or a stress command line: as many cores as its workers.
  const stress = /stress/.test(c.image?.repository ?? '') || /(^|[\s/])stress(-ng)?(\s|$)/.test(text);
  const cores = stress ? stressCores(text) : 0;
  const cap = Math.min(limit ? milliValue(parseQuantity(limit)) / 1000 : nodeCores, stress ? cores : nodeCores);
  const busy = stress ? cores > 0 : isBusyLoop(spec);
  const work = busy ? cap * dtSeconds : (idleMilli / 1000) * dtSeconds + takePending(c.io);
  const used = Math.min(work, cap * dtSeconds);
  const memLimit = limitOf(c, 'memory');
  const held = mem + (c.allocatedBytes ?? 0);
  const memoryBytes = memLimit ? Math.min(held, quantityValue(parseQuantity(memLimit))) : held;
  return { cpuSeconds: (prev?.cpuSeconds ?? 0) + used, memoryBytes: busy ? memoryBytes + 0.3 * MI : memoryBytes };
}
