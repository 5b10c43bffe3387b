/**
 * `kubectl attach (POD | TYPE/NAME) [-c CONTAINER] [-i] [-t]`: streams the output of the
 * process already running in a container from now on (as the kubelet's attach stream carries
 * it, partial lines included) and, with `-i`, gives its stdin what the learner types or pipes
 * in. Checks and messages are attach.go's: argument counts, the completed-pod refusal, the
 * container that did not allocate a TTY, the prompt notice and the closing "Session ended".
 */
import { CliError, usageError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';
import { resolveType } from '../../resource/resolve.ts';
import { completePods } from '../complete.ts';
import { podFor } from '../exec/exec.ts';
import { PRESS_ENTER, attachSession, containerState, rawTerminal } from './session.ts';

type Container = { name: string; tty?: boolean; stdin?: boolean };

async function run(inv: Invocation): Promise<number> {
  const args = inv.args;
  if (inv.flags.has('pod-running-timeout') && inv.flags.duration('pod-running-timeout') <= 0) {
    throw usageError('attach', '--pod-running-timeout must be higher than zero');
  }
  if (!args.length) throw new CliError('at least 1 argument is required for attach');
  if (args.length > 2) throw new CliError(`expected POD, TYPE/NAME, or TYPE NAME, (at most 2 arguments) saw ${args.length}: [${args.join(' ')}]`);
  const ref = args.length === 2 ? `${resolveType(args[0]!).plural}/${args[1]}` : args[0]!;
  const pod = podFor(inv, ref);
  const phase = pod.status?.phase;
  if (phase === 'Succeeded' || phase === 'Failed') throw new CliError(`cannot attach a container in a completed pod; current phase is ${phase}`);
  const quiet = inv.flags.bool('quiet');
  const containers = (pod.spec?.containers ?? []) as Container[];
  const all = [...containers, ...((pod.spec?.initContainers ?? []) as Container[]), ...((pod.spec?.ephemeralContainers ?? []) as Container[])];
  const given = inv.flags.str('container');
  let container: Container | undefined;
  if (given) {
    container = all.find((c) => c.name === given);
    if (!container) throw new CliError(`cannot attach to the container: container not found (${given})`);
  } else {
    const annotated = pod.metadata.annotations?.['kubectl.kubernetes.io/default-container'];
    container = containers.find((c) => c.name === annotated) ?? containers[0];
    if (!container) throw new CliError('cannot attach to the container: pod has no containers');
    if (!annotated && !quiet && all.length > 1) {
      const names = [
        ...containers.map((c) => c.name),
        ...((pod.spec?.ephemeralContainers ?? []) as Container[]).map((c) => `${c.name} (ephem)`),
        ...((pod.spec?.initContainers ?? []) as Container[]).map((c) => `${c.name} (init)`),
      ];
      inv.err(`Defaulted container "${container.name}" out of: ${names.join(', ')}\n`);
    }
  }
  let tty = inv.flags.bool('tty');
  if (tty && !container.tty) {
    tty = false;
    if (!quiet) inv.err(`error: Unable to use a TTY - container ${container.name} did not allocate one\n`);
  } else if (!tty && container.tty) {
    // The container has a TTY, so the stream must be one (attach.go forces it).
    tty = true;
  }
  const stdin = inv.flags.bool('stdin');
  const raw = rawTerminal(inv, stdin, tty);
  if (!quiet) inv.err(PRESS_ENTER);
  const ns = pod.metadata.namespace ?? inv.namespace;
  const name = pod.metadata.name!;
  if (containerState(pod, container.name)?.running === undefined) {
    // Between restarts there is no process to attach to: the kubelet refuses the stream.
    throw new CliError(`unable to upgrade connection: container not found ("${container.name}")`);
  }
  const ok = await attachSession(inv, ns, name, container.name, { stdin: stdin && !!container.stdin, raw, containerTty: !!container.tty, backlog: false });
  if (!ok) return 130;
  if (!quiet && stdin && raw && pod.spec?.restartPolicy === 'Always') {
    inv.out(`Session ended, resume using 'kubectl attach ${name} -c ${container.name} -i -t' command when the pod is running\n`);
  }
  return 0;
}

registerVerb({ name: 'attach', short: 'Attach to a running container', run, complete: completePods });
