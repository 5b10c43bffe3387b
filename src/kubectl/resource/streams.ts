/**
 * The kubelet's streams of a Pod (`pods/NAME/log`, `exec`, `attach`) as kubectl's verbs call
 * them, over the client's subresources.
 */
import type { ExecIO, LogOptions } from '../../sim/index.ts';
import type { Invocation } from '../cli/verb.ts';

/** Logs, follow, exec and attach of `inv`'s cluster. */
export function podStreams(inv: Invocation) {
  const c = inv.client;
  return {
    logs: (namespace: string, pod: string, container: string | undefined, opts: LogOptions) => c.logs(namespace, pod, { ...opts, container }),
    followLogs: (namespace: string, pod: string, container: string | undefined, cb: (chunk: string) => void) => c.followLogs(namespace, pod, container, cb),
    exec: (namespace: string, pod: string, container: string, argv: string[], io: ExecIO) => c.exec(namespace, pod, container, argv, io),
    terminal: (...args: Parameters<typeof c.attach>) => c.attach(...args),
    attachOutput: (...args: Parameters<typeof c.attachOutput>) => c.attachOutput(...args),
    pendingOutput: (...args: Parameters<typeof c.pendingOutput>) => c.pendingOutput(...args),
  };
}
