/**
 * An attach session, shared by `kubectl attach`, `kubectl run -i` and `kubectl debug -i`: the
 * container's output streamed write by write (partial lines included, as the attach stream of
 * the kubelet carries them), its stdin fed from the keyboard or from what was piped in, until
 * the container's process ends, the Pod goes away or the learner presses Ctrl-C.
 */
import type { KubeObject } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import type { Invocation } from '../../cli/verb.ts';
import { NOT_A_TERMINAL, feedFromKeyboard, sendAll } from '../exec/tty.ts';
import { podStreams } from '../../resource/streams.ts';

/** kubectl's notice before it attaches (printed on stderr unless `--quiet`). */
export const PRESS_ENTER = "If you don't see a command prompt, try pressing enter.\n";

type State = { running?: unknown; terminated?: { exitCode: number; reason?: string }; waiting?: unknown };

/** The state of `container` in `pod` (app, init or ephemeral container). */
export function containerState(pod: KubeObject | undefined, container: string): State | undefined {
  const all = [...(pod?.status?.initContainerStatuses ?? []), ...(pod?.status?.containerStatuses ?? []), ...(pod?.status?.ephemeralContainerStatuses ?? [])];
  return all.find((s: { name: string }) => s.name === container)?.state;
}

/**
 * Whether the session runs in a raw terminal, as StreamOptions.SetupTTY decides: stdin
 * attached, a TTY wanted, and the keyboard as input. Piped input gets kubectl's notice. A host
 * without a keyboard (a transcript, a replay) stands for a terminal nobody types at.
 */
export function rawTerminal(inv: Invocation, stdin: boolean, tty: boolean): boolean {
  if (!stdin || !tty) return false;
  if (inv.ctx.stdin) {
    if (!inv.flags.bool('quiet')) inv.err(NOT_A_TERMINAL);
    return false;
  }
  return !!inv.ctx.readLine;
}

export interface SessionOptions {
  /** Pass stdin to the container (`-i`). */
  stdin: boolean;
  /** A raw terminal (see `rawTerminal`): the keyboard feeds the container's shell. */
  raw: boolean;
  /** The container was started with `tty: true`: its stderr comes on the same stream as stdout. */
  containerTty: boolean;
  /** Print what the container already wrote first (kubectl run attaches as the container starts). */
  backlog: boolean;
}

/** Streams the attached container until its process ends; resolves to false when interrupted. */
export async function attachSession(inv: Invocation, ns: string, name: string, container: string, opts: SessionOptions): Promise<boolean> {
  const proxy = podStreams(inv);
  inv.ctx.streaming();
  if (opts.backlog) inv.out(proxy.logs(ns, name, container, {}) + proxy.pendingOutput(ns, name, container));
  const term = opts.stdin ? proxy.terminal(ns, name, container) : undefined;
  let finished = false;
  let feeder: { stop: () => void } | undefined;
  let stopOutput = () => {};
  let stopWatch = () => {};
  await new Promise<void>((resolve) => {
    inv.ctx.interrupt.onInterrupt(() => resolve());
    stopOutput = proxy.attachOutput(ns, name, container, (stream, chunk) => (stream === 'stderr' && !opts.containerTty ? inv.err(chunk) : inv.out(chunk)));
    stopWatch = inv.client.watch('pods', { namespace: ns }, (e) => {
      if (e.object.metadata.name !== name) return;
      if (e.type === 'DELETED' || containerState(e.object, container)?.terminated) resolve();
    });
    // The container may have ended between the caller's check and the subscription.
    if (containerState(inv.client.tryGet('pods', ns, name), container)?.terminated) resolve();
    if (term && opts.raw) feeder = feedFromKeyboard(inv, term, () => finished);
    else if (term) sendAll(term, inv.ctx.stdin);
  });
  finished = true;
  feeder?.stop();
  stopWatch();
  stopOutput();
  return !inv.ctx.interrupt.interrupted;
}
