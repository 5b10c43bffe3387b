/**
 * Attaching to the container `kubectl debug` made, as its handleAttachPod does: wait until
 * the container runs (or has ended), then stream its output as it is written and give its stdin the keyboard
 * (or what was piped in) until it exits. A container that already ended shows its logs.
 */
import type { KubeObject } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import type { Invocation } from '../../cli/verb.ts';
import { useTTY } from '../exec/tty.ts';
import { attachSession } from '../attach/session.ts';
import { podStreams } from '../../resource/streams.ts';

const POLL_MS = 250;

type State = { running?: unknown; terminated?: { exitCode: number }; waiting?: { message?: string } };

function stateOf(pod: KubeObject | undefined, container: string): State | undefined {
  const all = [...(pod?.status?.initContainerStatuses ?? []), ...(pod?.status?.containerStatuses ?? []), ...(pod?.status?.ephemeralContainerStatuses ?? [])];
  return all.find((s: { name: string }) => s.name === container)?.state;
}

/** Attaches to `container` of Pod `name`; `ephemeral` picks kubectl attach's closing notice. Resolves to the exit status. */
export async function attachToContainer(inv: Invocation, ns: string, name: string, container: string, ephemeral: boolean): Promise<number> {
  for (;;) {
    const pod = inv.client.tryGet('pods', ns, name);
    if (!pod) throw new CliError(`pods "${name}" not found`);
    const st = stateOf(pod, container);
    if (st?.running || st?.terminated) break;
    if (!(await inv.ctx.sleep(POLL_MS))) return 130;
  }
  const proxy = podStreams(inv);
  const ended = () => !!stateOf(inv.client.tryGet('pods', ns, name), container)?.terminated;
  if (ended()) {
    inv.out(proxy.logs(ns, name, container, {}));
    return 0;
  }
  const tty = useTTY(inv);
  if (tty && !inv.flags.bool('quiet')) inv.err("If you don't see a command prompt, try pressing enter.\n");
  const stdin = inv.flags.bool('stdin');
  await attachSession(inv, ns, name, container, { stdin, raw: tty, containerTty: inv.flags.bool('tty'), backlog: true });
  const pod = inv.client.tryGet('pods', ns, name);
  if (tty && !inv.flags.bool('quiet') && pod?.spec?.restartPolicy !== 'Never' && pod?.spec?.restartPolicy !== 'OnFailure') {
    inv.out(
      ephemeral
        ? `Session ended, the ephemeral container will not be restarted but may be reattached using 'kubectl attach ${name} -c ${container} -i -t' if it is still running\n`
        : `Session ended, resume using 'kubectl attach ${name} -c ${container} -i -t' command when the pod is running\n`,
    );
  }
  return inv.ctx.interrupt.interrupted ? 130 : 0;
}
