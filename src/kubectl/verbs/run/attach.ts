/**
 * `kubectl run -i` / `--attach` (with `--rm`): waits for the Pod to start, streams what its
 * container prints until it ends, then with `--rm` deletes the Pod (`pod "tmp" deleted`). A
 * container that failed ends the command with `pod default/tmp terminated (Error)` and status
 * 1, as kubectl does. An interactive shell (`-it ... -- sh` with nothing piped in) cannot get
 * the keyboard in this terminal: the command says so, and cleans up after itself with `--rm`.
 */
import type { KubeObject } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import type { Invocation } from '../../cli/verb.ts';
import { feedFromKeyboard, sendAll, useTTY } from '../exec/tty.ts';
import { podStreams } from '../../resource/streams.ts';

const POLL_MS = 250;

type Status = {
  name: string;
  state?: { terminated?: { exitCode: number; reason?: string } };
  lastState?: { terminated?: { exitCode: number; reason?: string } };
  restartCount?: number;
};

function firstTermination(pod: KubeObject | undefined, container: string): { exitCode: number; reason?: string } | undefined {
  const st = ((pod?.status?.containerStatuses ?? []) as Status[]).find((s) => s.name === container);
  return st?.state?.terminated ?? (st?.restartCount ? st.lastState?.terminated : undefined);
}

/** `--rm`: deletes what run created (the Pod, then an exposed Service), as removeCreatedObjects does. */
function remove(inv: Invocation, ns: string, name: string, extra: KubeObject[]): void {
  if (!inv.flags.bool('rm')) return;
  if (inv.client.tryGet('pods', ns, name)) inv.client.delete('pods', ns, name, {});
  inv.out(`pod "${name}" deleted\n`);
  for (const svc of extra) {
    const svcName = svc.metadata.name!;
    if (inv.client.tryGet('services', ns, svcName)) inv.client.delete('services', ns, svcName, {});
    inv.out(`service "${svcName}" deleted\n`);
  }
}

/** Attaches to the new Pod's only container; resolves to kubectl's exit status. */
export async function attachToPod(inv: Invocation, created: KubeObject, extra: KubeObject[] = []): Promise<number> {
  const ns = created.metadata.namespace ?? inv.namespace;
  const name = created.metadata.name!;
  const container = (created.spec?.containers?.[0]?.name as string | undefined) ?? name;
  const timeout = inv.flags.has('pod-running-timeout') ? inv.flags.duration('pod-running-timeout') : 60_000;
  // Wait for the container to run (or to have already finished).
  for (let waited = 0; ; waited += POLL_MS) {
    const pod = inv.client.tryGet('pods', ns, name);
    if (!pod) throw new CliError(`pods "${name}" not found`);
    const phase = pod.status?.phase;
    if (phase === 'Running' || phase === 'Succeeded' || phase === 'Failed' || firstTermination(pod, container)) break;
    if (waited >= timeout) {
      remove(inv, ns, name, extra);
      throw new CliError('timed out waiting for the condition');
    }
    if (!(await inv.ctx.sleep(POLL_MS))) {
      remove(inv, ns, name, extra);
      return 130;
    }
  }
  const proxy = podStreams(inv);
  inv.ctx.streaming();
  let done = firstTermination(inv.client.tryGet('pods', ns, name), container);
  let printed = '';
  const write = (chunk: string) => {
    printed += chunk;
    inv.out(chunk);
  };
  const tty = inv.flags.bool('stdin') && useTTY(inv);
  if (tty && !inv.flags.bool('quiet')) inv.err("If you don't see a command prompt, try pressing enter.\n");
  write(proxy.logs(ns, name, container, {}));
  let stop = () => {};
  let stopWatch = () => {};
  let finished = !!done;
  // -i: the container's stdin is attached; a shell reading it gets the keyboard or the pipe.
  const term = inv.flags.bool('stdin') && !done ? proxy.terminal(ns, name, container) : undefined;
  let feeder: { stop: () => void } | undefined;
  if (!done) {
    await new Promise<void>((resolve) => {
      inv.ctx.interrupt.onInterrupt(() => resolve());
      stop = proxy.followLogs(ns, name, container, write);
      stopWatch = inv.client.watch('pods', { namespace: ns }, (e) => {
        if (e.object.metadata.name !== name) return;
        done = firstTermination(e.object, container);
        if (done || e.type === 'DELETED') resolve();
      });
      if (term && tty) feeder = feedFromKeyboard(inv, term, () => finished);
      else if (term) sendAll(term, inv.ctx.stdin);
    });
  }
  finished = true;
  feeder?.stop();
  stopWatch();
  stop();
  void printed;
  const pod = inv.client.tryGet('pods', ns, name);
  if (tty && !inv.flags.bool('rm') && pod?.spec?.restartPolicy === 'Always') {
    inv.out(`Session ended, resume using 'kubectl attach ${name} -c ${container} -i -t' command when the pod is running\n`);
  }
  remove(inv, ns, name, extra);
  if (done && done.exitCode !== 0) {
    inv.err(`pod ${ns}/${name} terminated (${done.reason ?? 'Error'})\n`);
    return 1;
  }
  return 0;
}
