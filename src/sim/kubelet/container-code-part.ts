/**
 * The containers' code as a part that loads on first use (deferred/code-part.ts), and when a
 * cluster asks for it: as soon as a Pod is written whose containers may need it (a Pod created,
 * an ephemeral container added). A Pod's containers start at least a sandbox's time (0.4 s of
 * cluster time) after it is written, and cluster time stands still while the part loads, so the
 * code is there when they start, at the cluster time they would have started with it there from
 * the start. A container that reaches its start without it (a failed download) waits for it there.
 */
import type { KubeObject } from '../api/types.ts';
import type { Cluster } from '../cluster.ts';
import { codePart } from '../deferred/code-part.ts';
import { pullImage } from './images/catalogue.ts';
import { parseImageRef } from './images/reference.ts';
import { mayNeedContainerCode } from './programs.ts';

/** The part: images' programs, the containers' sh and tools (container-code.ts). */
export const CONTAINER_CODE = codePart('container-programs', () => import('./container-code.ts'));

/** What the part's module exports. */
export type ContainerCode = Awaited<ReturnType<typeof CONTAINER_CODE.load>>;

/** The part's module if this cluster has it. */
export function containerCode(cluster: Cluster): ContainerCode | undefined {
  return cluster.code.loaded(CONTAINER_CODE);
}

/**
 * Loads the part for `cluster` (cluster time stands still meanwhile) and calls `done` with the
 * module, or with the error when it could not be fetched; a later call tries again.
 */
export function loadContainerCode(cluster: Cluster, done: (code: ContainerCode | undefined, error?: unknown) => void): void {
  cluster.code.request(
    CONTAINER_CODE,
    (m) => done(m),
    (error) => done(undefined, error),
  );
}

/** Whether one of the Pod's containers (init and ephemeral ones included) may need the part. */
export function podMayNeedContainerCode(pod: KubeObject): boolean {
  const specs = [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? []), ...(pod.spec?.ephemeralContainers ?? [])];
  return specs.some((spec: Parameters<typeof mayNeedContainerCode>[1] & { image?: string }) => {
    const ref = typeof spec.image === 'string' ? parseImageRef(spec.image) : undefined;
    if (!ref || 'error' in ref) return false;
    const pulled = pullImage(ref);
    return 'image' in pulled && mayNeedContainerCode(pulled.image, spec);
  });
}

/** Asks for the part when the first Pod that may need it is written (unless the cluster has it). */
export function loadContainerCodeOnFirstUse(cluster: Cluster): void {
  if (containerCode(cluster)) return;
  let asked = false;
  const stop = cluster.store.subscribe((e) => {
    if (e.resource !== 'pods' || e.type === 'DELETED' || asked) return;
    if (containerCode(cluster)) {
      stop();
      return;
    }
    if (!podMayNeedContainerCode(e.object)) return;
    asked = true;
    // Asked once: after a failed download the containers that need it ask again as they start.
    loadContainerCode(cluster, () => stop());
  });
}
