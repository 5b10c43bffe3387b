/**
 * `kubectl logs (POD | TYPE/NAME | -l SELECTOR) [-c CONTAINER] [--all-containers] [-f] [-p]
 * [--tail=N] [--since=D | --since-time=T] [--timestamps] [--prefix] [--max-log-requests=N]`:
 * logs come from the kubelet through the API server's node proxy (targets.ts picks the pods
 * and containers). Checks and messages are logs.go's: the usage errors, `--tail` defaulting
 * to 10 with a selector, the follow concurrency limit, `No resources found`.
 */
import type { LogOptions } from '../../../sim/index.ts';
import { CliError, usageError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';
import { completePods } from '../complete.ts';
import { podFor, podsFor, targetsOf, type LogTarget } from './targets.ts';
import { podStreams } from '../../resource/streams.ts';

const USAGE = "expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.\nPOD or TYPE/NAME is a required argument for the logs command";
/** logs.go's selectorTail: with `-l`, each container's last 10 lines unless --tail says otherwise. */
const SELECTOR_TAIL = 10;

/** The kubelet's options from the flags, after logs.go's Validate checks. */
function logOptions(inv: Invocation, selector: string): LogOptions {
  const f = inv.flags;
  const sinceTime = f.str('since-time');
  const since = f.has('since') ? f.duration('since') : 0;
  if (sinceTime && since !== 0) throw new CliError('at most one of `sinceTime` or `sinceSeconds` may be specified');
  if (since < 0) throw new CliError('--since must be greater than 0');
  let tail = f.has('tail') ? f.int('tail') : -1;
  if (tail < -1) throw new CliError('--tail must be greater than or equal to -1');
  if (selector && tail === -1) tail = SELECTOR_TAIL;
  let from: number | undefined;
  if (since > 0) from = inv.client.now() - Math.ceil(since / 1000) * 1000;
  else if (sinceTime) {
    from = Date.parse(sinceTime);
    if (Number.isNaN(from)) throw new CliError(`parsing time "${sinceTime}" as "2006-01-02T15:04:05Z07:00": cannot parse "${sinceTime}" as "2006"`);
  }
  return { previous: f.bool('previous'), timestamps: f.bool('timestamps'), tailLines: tail >= 0 ? tail : undefined, sinceTime: from };
}

/** `[pod/NAME/CONTAINER] ` before each line with --prefix. */
function prefixer(inv: Invocation, t: LogTarget): (text: string) => string {
  if (!inv.flags.bool('prefix')) return (text) => text;
  const p = `[pod/${t.pod.metadata.name}/${t.container}] `;
  return (text) => text.replace(/^(?=.)/gm, p);
}

/** Follows every target until each container stops (or its pod goes away), or Ctrl-C. */
async function follow(inv: Invocation, targets: LogTarget[]): Promise<void> {
  const proxy = podStreams(inv);
  inv.ctx.streaming();
  const stops: (() => void)[] = [];
  await new Promise<void>((resolve) => {
    inv.ctx.interrupt.onInterrupt(() => resolve());
    let open = targets.length;
    for (const t of targets) {
      const ns = t.pod.metadata.namespace ?? inv.namespace;
      const fix = prefixer(inv, t);
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        if (--open === 0) resolve();
      };
      stops.push(proxy.followLogs(ns, t.pod.metadata.name!, t.container, (chunk) => inv.out(fix(chunk))));
      stops.push(
        inv.client.watch('pods', { namespace: ns }, (e) => {
          if (e.object.metadata.name !== t.pod.metadata.name) return;
          const statuses = [...(e.object.status?.containerStatuses ?? []), ...(e.object.status?.initContainerStatuses ?? [])] as {
            name: string;
            state?: { terminated?: unknown };
          }[];
          const st = statuses.find((s) => s.name === t.container);
          if (e.type === 'DELETED' || st?.state?.terminated) end();
        }),
      );
    }
  });
  for (const stop of stops) stop();
}

async function run(inv: Invocation): Promise<number> {
  const f = inv.flags;
  const selector = f.str('selector');
  if (inv.args.length === 0 && !selector) throw usageError('logs', USAGE);
  if (inv.args.length === 1 && selector) throw usageError('logs', 'only a selector (-l) or a POD name is allowed');
  if (inv.args.length > 2) throw usageError('logs', USAGE);
  const container = inv.args[1] ?? (f.str('container') || undefined);
  if (container && f.bool('all-containers')) throw new CliError(`--all-containers=true should not be specified with container name ${container}`);
  const opts = logOptions(inv, selector);
  const proxy = podStreams(inv);
  const pods = selector ? podsFor(inv, selector) : [podFor(inv, inv.args[0]!)];
  if (selector && !pods.length) {
    inv.err(`No resources found in ${inv.namespace} namespace.\n`);
    return 0;
  }
  const targets = pods.flatMap((pod) => targetsOf(inv, pod, container));
  const following = f.bool('follow') && !opts.previous;
  const max = f.has('max-log-requests') ? f.int('max-log-requests') : 5;
  if (following && targets.length > 1 && targets.length > max) {
    throw new CliError(
      `you are attempting to follow ${targets.length} log streams, but maximum allowed concurrency is ${max}, use --max-log-requests to increase the limit`,
    );
  }
  for (const t of targets) inv.out(prefixer(inv, t)(proxy.logs(t.pod.metadata.namespace ?? inv.namespace, t.pod.metadata.name!, t.container, opts)));
  if (following) await follow(inv, targets);
  return 0;
}

registerVerb({ name: 'logs', short: 'Print the logs for a container in a pod', run, complete: completePods });
