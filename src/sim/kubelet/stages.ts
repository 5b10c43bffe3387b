/**
 * The container lifecycle as a table of stages, kwok-style: each stage names the step it
 * applies to, how long (cluster time) until it fires, and what it does (runtime state and
 * events). The kubelet schedules the first stage matching a container's step, runs it, and
 * looks again.
 *
 * Timings, from the kubelet's behaviour on a kind node:
 *   pull of a new image   ~1.5-4 s (size-dependent), `Always` re-pull of a cached one ~0.4-1.2 s
 *   ErrImagePull until the pod worker's next sync (10-15 s); pulls retried once the image back-off
 *   (10 s, doubling to 300 s) has passed, ImagePullBackOff at the syncs in between
 *   crash -> first restart after the next sync (1 s); later restarts after 10 s, 20 s, ... 300 s
 *   (kubelet backOffPeriod / MaxContainerBackOff; reset after 10 minutes of running)
 *   CreateContainerConfigError re-checked every 10 s
 */
import type { KubeObject } from '../api/types.ts';
import type { Random } from '../clock/random.ts';
import type { EnvResult } from './config.ts';
import { pullImage, type ImageInfo } from './images/catalogue.ts';
import { goDuration, parseImageRef } from './images/reference.ts';
import type { ContainerRuntime, ContainerStep, PodRuntime } from './runtime.ts';

export const BACKOFF_INITIAL_MS = 10_000;
export const BACKOFF_MAX_MS = 300_000;
/** A container that ran this long without crashing starts its back-off afresh. */
export const BACKOFF_RESET_MS = 600_000;
/** Time from a container's exit (or a failed pull) to the kubelet's next look at it. */
export const SYNC_DELAY_MS = 1_000;
const CONFIG_RETRY_MS = 10_000;
/** The kubelet's pod worker back-off after a failed sync (kubelet.go backOffPeriod), jittered by up to 50%. */
export const WORKER_BACKOFF_MS = 10_000;

/** What stages may use from the kubelet running them. */
export interface StageContext {
  now(): number;
  random: Random;
  pod(): KubeObject;
  rt: PodRuntime;
  event(c: ContainerRuntime, type: 'Normal' | 'Warning', reason: string, message: string): void;
  cachedImage(full: string): ImageInfo | undefined;
  cacheImage(full: string, image: ImageInfo): void;
  resolveEnv(c: ContainerRuntime): EnvResult;
  /** Creates and starts the container's process (Created/Started events included). */
  start(c: ContainerRuntime, env: Record<string, string>): void;
}

export interface Stage {
  name: string;
  step: ContainerStep;
  delay(c: ContainerRuntime, ctx: StageContext): number;
  run(c: ContainerRuntime, ctx: StageContext): void;
}

/** Doubles a back-off (10 s first), capped at 300 s. */
export function nextBackoff(ms: number): number {
  return ms ? Math.min(ms * 2, BACKOFF_MAX_MS) : BACKOFF_INITIAL_MS;
}

/** `nginx:1.19` digest-like id, stable per image name (the same image has the same id everywhere). */
export function imageDigest(name: string): string {
  let out = '';
  for (let seed = 0; out.length < 64; seed++) {
    let h = 0x811c9dc5 ^ seed;
    for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
    out += (h >>> 0).toString(16).padStart(8, '0');
  }
  return out.slice(0, 64);
}

function pullPolicy(c: ContainerRuntime): string {
  return c.spec.imagePullPolicy ?? (c.ref?.tag === 'latest' || !c.ref?.tag ? 'Always' : 'IfNotPresent');
}

function useImage(c: ContainerRuntime, image: ImageInfo): void {
  c.image = image;
  c.imageID = `${c.ref!.repository}@sha256:${imageDigest(c.ref!.full)}`;
}

const imageCheck: Stage = {
  name: 'image-check',
  step: 'new',
  delay: () => 0,
  run(c, ctx) {
    const image = c.spec.image as string;
    const parsed = parseImageRef(image);
    if ('error' in parsed) {
      c.waiting = { reason: 'InvalidImageName', message: parsed.error };
      ctx.event(c, 'Warning', 'InspectFailed', parsed.error);
      ctx.event(c, 'Warning', 'Failed', 'Error: InvalidImageName');
      c.step = 'stuck';
      return;
    }
    c.ref = parsed;
    const cached = ctx.cachedImage(parsed.full);
    const policy = pullPolicy(c);
    if (policy === 'Never' && !cached) {
      const msg = `Container image "${image}" is not present with pull policy of Never`;
      c.waiting = { reason: 'ErrImageNeverPull', message: msg };
      ctx.event(c, 'Warning', 'ErrImageNeverPull', msg);
      ctx.event(c, 'Warning', 'Failed', 'Error: ErrImageNeverPull');
      c.step = 'stuck';
      return;
    }
    if (cached && policy !== 'Always') {
      useImage(c, cached);
      ctx.event(c, 'Normal', 'Pulled', `Container image "${image}" already present on machine`);
      c.step = 'create';
      return;
    }
    ctx.event(c, 'Normal', 'Pulling', `Pulling image "${image}"`);
    c.pullStartedAt = ctx.now();
    c.step = 'pulling';
  },
};

const pull: Stage = {
  name: 'pull',
  step: 'pulling',
  delay(c, ctx) {
    const cached = ctx.cachedImage(c.ref!.full);
    const size = pullImage(c.ref!);
    const bytes = 'image' in size ? size.image.size : 0;
    return cached ? ctx.random.int(400, 1200) : 900 + Math.floor(bytes / 80_000) + ctx.random.int(0, 1500);
  },
  run(c, ctx) {
    const image = c.spec.image as string;
    const result = pullImage(c.ref!);
    if ('error' in result) {
      c.pullError = `Failed to pull image "${image}": ${result.error}`;
      ctx.event(c, 'Warning', 'Failed', c.pullError);
      ctx.event(c, 'Warning', 'Failed', 'Error: ErrImagePull');
      c.waiting = { reason: 'ErrImagePull', message: c.pullError };
      c.pullBackoffMs = nextBackoff(c.pullBackoffMs);
      c.backoffUntil = ctx.now() + c.pullBackoffMs;
      c.step = 'pullFailed';
      return;
    }
    const took = goDuration(ctx.now() - (c.pullStartedAt ?? ctx.now()));
    ctx.cacheImage(c.ref!.full, result.image);
    useImage(c, result.image);
    c.pullBackoffMs = 0;
    ctx.event(c, 'Normal', 'Pulled', `Successfully pulled image "${image}" in ${took} (${took} including waiting). Image size: ${result.image.size} bytes.`);
    c.step = 'create';
  },
};

/**
 * After a failed pull nothing wakes the Pod's worker but its error back-off (10 s + jitter), so
 * ErrImagePull stays visible for a while. At each such sync: back-off over -> pull again;
 * otherwise ImagePullBackOff, with the BackOff and `Error: ImagePullBackOff` events repeated.
 */
function imageBackoffSync(c: ContainerRuntime, ctx: StageContext): void {
  if (ctx.now() >= (c.backoffUntil ?? 0)) {
    c.step = 'new';
    return;
  }
  const image = c.spec.image as string;
  ctx.event(c, 'Normal', 'BackOff', `Back-off pulling image "${image}"`);
  ctx.event(c, 'Warning', 'Failed', 'Error: ImagePullBackOff');
  c.waiting = { reason: 'ImagePullBackOff', message: `Back-off pulling image "${image}": ErrImagePull: ${c.pullError}` };
  c.step = 'pullBackoff';
}

const pullBackoff: Stage = {
  name: 'pull-backoff',
  step: 'pullFailed',
  delay: (_c, ctx) => WORKER_BACKOFF_MS + ctx.random.int(0, WORKER_BACKOFF_MS / 2),
  run: imageBackoffSync,
};

const pullRetry: Stage = {
  name: 'pull-retry',
  step: 'pullBackoff',
  delay: (_c, ctx) => WORKER_BACKOFF_MS + ctx.random.int(0, WORKER_BACKOFF_MS / 2),
  run: imageBackoffSync,
};

const create: Stage = {
  name: 'create',
  step: 'create',
  delay: () => 0,
  run(c, ctx) {
    const env = ctx.resolveEnv(c);
    if ('error' in env) {
      c.waiting = { reason: 'CreateContainerConfigError', message: env.error };
      ctx.event(c, 'Warning', 'Failed', `Error: ${env.error}`);
      c.step = 'configError';
      return;
    }
    ctx.start(c, env.env);
  },
};

/**
 * The next sync after CreateContainerConfigError starts over from the image: with an image
 * already on the node the kubelet records `already present on machine` again before it retries
 * the container's configuration (a pull policy of Always pulls again).
 */
const configRetry: Stage = {
  name: 'config-retry',
  step: 'configError',
  delay: () => CONFIG_RETRY_MS,
  run(c, ctx) {
    if (pullPolicy(c) === 'Always') {
      c.step = 'new';
      return;
    }
    ctx.event(c, 'Normal', 'Pulled', `Container image "${c.spec.image as string}" already present on machine`);
    c.step = 'create';
  },
};

const crash: Stage = {
  name: 'crash',
  step: 'exited',
  delay: () => SYNC_DELAY_MS,
  run(c, ctx) {
    const t = c.terminated!;
    // A container that never started (StartError: startedAt 0) ran for no time at all: its
    // back-off grows like any crash's instead of being reset.
    if (t.startedAt > 0 && t.finishedAt - t.startedAt >= BACKOFF_RESET_MS) c.crashBackoffMs = 0;
    if (c.crashBackoffMs && ctx.now() - t.finishedAt < c.crashBackoffMs) {
      const pod = ctx.pod();
      const who = `${pod.metadata.name}_${pod.metadata.namespace}(${pod.metadata.uid})`;
      c.waiting = {
        reason: 'CrashLoopBackOff',
        message: `back-off ${goDuration(c.crashBackoffMs)} restarting failed container=${c.name} pod=${who}`,
      };
      ctx.event(c, 'Warning', 'BackOff', `Back-off restarting failed container ${c.name} in pod ${who}`);
      c.backoffUntil = t.finishedAt + c.crashBackoffMs;
      c.step = 'crashBackoff';
      return;
    }
    c.crashBackoffMs = nextBackoff(c.crashBackoffMs);
    c.step = 'new';
  },
};

const crashRestart: Stage = {
  name: 'crash-restart',
  step: 'crashBackoff',
  delay: (c, ctx) => Math.max(0, (c.backoffUntil ?? 0) - ctx.now()),
  run(c) {
    c.crashBackoffMs = nextBackoff(c.crashBackoffMs);
    c.step = 'new';
  },
};

/** Every stage, by the step it applies to. Steps without a stage (running, done, stuck) wait for events. */
export const STAGES: readonly Stage[] = [imageCheck, pull, pullBackoff, pullRetry, create, configRetry, crash, crashRestart];

/** The stage for a container's current step, if any. */
export function stageFor(c: ContainerRuntime): Stage | undefined {
  return STAGES.find((s) => s.step === c.step);
}
