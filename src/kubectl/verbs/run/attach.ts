/**
 * `kubectl run -i` / `--attach` (with `--rm`), as run.go's handleAttachPod: waits for the Pod
 * to start, says `If you don't see a command prompt, try pressing enter.`, streams what its
 * container writes as it writes it until it ends (a Pod that already completed shows its logs
 * instead), then with `--rm` deletes the Pod (`pod "tmp" deleted`). A Never/OnFailure container
 * that failed ends the command with `pod default/tmp terminated (Error)` and its exit code.
 * With a raw terminal and restartPolicy Always, kubectl says how to attach again.
 */
import type { KubeObject } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import type { Invocation } from '../../cli/verb.ts';
import { PRESS_ENTER, attachSession, rawTerminal } from '../attach/session.ts';
import { podStreams } from '../../resource/streams.ts';

const POLL_MS = 250;

type Status = {
  name: string;
  state?: { terminated?: { exitCode: number; reason?: string; message?: string } };
  lastState?: { terminated?: { exitCode: number; reason?: string; message?: string } };
  restartCount?: number;
};

function firstTermination(pod: KubeObject | undefined, container: string): { exitCode: number; reason?: string; message?: string } | undefined {
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
  let done = firstTermination(inv.client.tryGet('pods', ns, name), container);
  const stdin = inv.flags.bool('stdin');
  const raw = rawTerminal(inv, stdin, inv.flags.bool('tty'));
  if (done) {
    // handleAttachPod: a Pod that already completed shows its logs instead.
    inv.out(proxy.logs(ns, name, container, {}));
  } else {
    if (!inv.flags.bool('quiet')) inv.err(PRESS_ENTER);
    await attachSession(inv, ns, name, container, { stdin, raw, containerTty: inv.flags.bool('tty'), backlog: true });
    done = firstTermination(inv.client.tryGet('pods', ns, name), container);
  }
  const pod = inv.client.tryGet('pods', ns, name);
  const restart = pod?.spec?.restartPolicy ?? created.spec?.restartPolicy;
  if (raw && !inv.flags.bool('quiet') && restart === 'Always') {
    inv.out(`Session ended, resume using 'kubectl attach ${name} -c ${container} -i -t' command when the pod is running\n`);
  }
  remove(inv, ns, name, extra);
  if (inv.ctx.interrupt.interrupted) return 130;
  // run.go waits for the exit code only for Never/OnFailure Pods whose stdin closes at the end.
  const waitForExitCode = !inv.flags.bool('leave-stdin-open') && (restart === 'Never' || restart === 'OnFailure');
  if (waitForExitCode && done && done.exitCode !== 0) {
    // uexec.CodeExitError: "terminated (Reason)\nMessage", then kubectl's own newline if missing.
    const text = `pod ${ns}/${name} terminated (${done.reason ?? 'Error'})\n${done.message ?? ''}`;
    inv.err(text.endsWith('\n') ? text : `${text}\n`);
    return done.exitCode;
  }
  return 0;
}
