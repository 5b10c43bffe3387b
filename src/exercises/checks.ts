/**
 * Reusable checks over cluster state. Each returns a `Check` whose label a learner reads and
 * whose detail, on failure, says what is still missing in the words `kubectl` would show.
 * Checks read through the read-only client only; they never match the commands that were typed.
 */
import type { ClusterReader, KubeObject } from '../sim/index.ts';
import type { Check, CheckResult } from './exercise.ts';
import { podDisplayStatus, podReadyCount } from './pod-status.ts';

const DEFAULT_NS = 'default';

interface Container {
  name?: string;
  image?: string;
  env?: { name?: string; value?: string; valueFrom?: unknown }[];
  envFrom?: unknown[];
}

/** Where a Pod is looked up: namespace `default` unless given. */
export interface PodRef {
  namespace?: string;
}

const pass: CheckResult = { passed: true };

function fail(detail: string): CheckResult {
  return { passed: false, detail };
}

function quoted(name: string): string {
  return `pod "${name}"`;
}

/** Runs `test` on the Pod, or fails with `pod "NAME" does not exist`. */
function podCheck(label: string, name: string, ref: PodRef, test: (pod: KubeObject) => CheckResult): Check {
  return {
    label,
    run(cluster: ClusterReader): CheckResult {
      const pod = cluster.tryGet('pods', ref.namespace ?? DEFAULT_NS, name);
      if (!pod) return fail(`${quoted(name)} does not exist${ref.namespace ? ` in namespace "${ref.namespace}"` : ''}`);
      return test(pod);
    },
  };
}

function containersOf(pod: KubeObject): Container[] {
  return Array.isArray(pod.spec?.containers) ? (pod.spec.containers as Container[]) : [];
}

/**
 * `nginx`, `nginx:1.25`, `docker.io/library/nginx:1.25` → repository `nginx`, tag as written
 * (`latest` when absent). Digests are kept as the tag (`@sha256:...`).
 */
export function parseImage(image: string): { repository: string; tag: string } {
  let rest = image.replace(/^docker\.io\//, '').replace(/^library\//, '');
  let tag = 'latest';
  const at = rest.indexOf('@');
  if (at >= 0) {
    tag = rest.slice(at);
    rest = rest.slice(0, at);
  } else {
    const colon = rest.lastIndexOf(':');
    if (colon > rest.lastIndexOf('/')) {
      tag = rest.slice(colon + 1);
      rest = rest.slice(0, colon);
    }
  }
  return { repository: rest, tag };
}

/**
 * Whether `actual` is the image `wanted` names. A wanted image without a tag matches any tag of
 * that repository (`nginx` matches `nginx:1.25`); with a tag, the tags must agree (`nginx:latest`
 * matches `nginx`).
 */
export function imageMatches(actual: string, wanted: string): boolean {
  const a = parseImage(actual);
  const w = parseImage(wanted);
  if (a.repository !== w.repository) return false;
  const wantedHasTag = /[:@]/.test(wanted.split('/').pop() ?? '');
  return !wantedHasTag || a.tag === w.tag;
}

/** The Pod exists (in any state). */
export function podExists(name: string, ref: PodRef = {}): Check {
  return podCheck(`Pod ${name} exists`, name, ref, () => pass);
}

/**
 * The Pod shows STATUS `Running`: its phase is Running and no container is waiting or
 * terminated. A crash-looping Pod (phase Running, STATUS CrashLoopBackOff) does not pass.
 */
export function podRunning(name: string, ref: PodRef = {}): Check {
  return podCheck(`Pod ${name} is Running`, name, ref, (pod) => {
    const status = podDisplayStatus(pod);
    return status === 'Running' ? pass : fail(`${quoted(name)} exists but is ${status}, not Running`);
  });
}

/** Every container of the Pod is ready: READY shows `n/n`. */
export function podReady(name: string, ref: PodRef = {}): Check {
  return podCheck(`All containers of Pod ${name} are ready`, name, ref, (pod) => {
    const [ready, total] = podReadyCount(pod);
    if (total > 0 && ready === total) return pass;
    return fail(`${quoted(name)} has ${ready}/${total} containers ready (STATUS ${podDisplayStatus(pod)})`);
  });
}

/** The Pod's phase is `phase` (e.g. `Succeeded` for a Pod whose containers all exited 0). */
export function podPhase(name: string, phase: string, ref: PodRef = {}): Check {
  return podCheck(`Pod ${name} is in phase ${phase}`, name, ref, (pod) => {
    const actual: string = pod.status?.phase ?? 'Pending';
    return actual === phase ? pass : fail(`${quoted(name)} is in phase ${actual} (STATUS ${podDisplayStatus(pod)}), not ${phase}`);
  });
}

/** The Pod carries label `key=value`. */
export function podHasLabel(name: string, key: string, value: string, ref: PodRef = {}): Check {
  return podCheck(`Pod ${name} has label ${key}=${value}`, name, ref, (pod) => {
    const labels = pod.metadata.labels ?? {};
    if (labels[key] === value) return pass;
    if (key in labels) return fail(`${quoted(name)} has label ${key}=${labels[key]}, not ${key}=${value}`);
    return fail(`${quoted(name)} has no label ${key}`);
  });
}

/** The Pod has exactly `count` containers (init containers not counted). */
export function containerCount(name: string, count: number, ref: PodRef = {}): Check {
  return podCheck(`Pod ${name} has ${count} container${count === 1 ? '' : 's'}`, name, ref, (pod) => {
    const n = containersOf(pod).length;
    return n === count ? pass : fail(`${quoted(name)} has ${n} container${n === 1 ? '' : 's'}, not ${count}`);
  });
}

/** Some container of the Pod runs `image` (see `imageMatches` for tags). */
export function podRunsImage(name: string, image: string, ref: PodRef = {}): Check {
  return podCheck(`Pod ${name} runs ${image}`, name, ref, (pod) => {
    const images = containersOf(pod).map((c) => c.image ?? '');
    if (images.some((i) => imageMatches(i, image))) return pass;
    return fail(`${quoted(name)} runs ${images.join(', ') || 'no image'}, not ${image}`);
  });
}

/** The Pod's restartPolicy is `policy` (the API server defaults it to Always). */
export function podRestartPolicy(name: string, policy: 'Always' | 'OnFailure' | 'Never', ref: PodRef = {}): Check {
  return podCheck(`Pod ${name} has restartPolicy ${policy}`, name, ref, (pod) => {
    const actual: string = pod.spec?.restartPolicy ?? 'Always';
    return actual === policy ? pass : fail(`${quoted(name)} has restartPolicy ${actual}, not ${policy}`);
  });
}

/**
 * A container of the Pod that runs `image` sets environment variable `variable` (a value, or
 * a reference to a Secret or ConfigMap key). With several such containers, one is enough.
 */
export function containerEnvSet(name: string, image: string, variable: string, ref: PodRef = {}): Check {
  return podCheck(`The ${image} container of Pod ${name} sets ${variable}`, name, ref, (pod) => {
    const matching = containersOf(pod).filter((c) => imageMatches(c.image ?? '', image));
    if (matching.length === 0) return fail(`${quoted(name)} has no container running ${image}`);
    const set = matching.some((c) =>
      (c.env ?? []).some((e) => e.name === variable && ((e.value !== undefined && e.value !== '') || e.valueFrom !== undefined)),
    );
    return set ? pass : fail(`the ${image} container of ${quoted(name)} does not set ${variable}`);
  });
}
