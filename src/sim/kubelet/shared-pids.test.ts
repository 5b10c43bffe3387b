import { describe, expect, it } from 'vitest';
import { MemFs } from './mem-fs.ts';
import type { ProcessIO } from './process.ts';
import { newContainer, type ContainerRuntime, type PodRuntime } from './runtime.ts';
import { execPid, nextPid, podProcesses, signalPid } from './shared-pids.ts';

function container(name: string, argv: string[], onTerm?: () => never): ContainerRuntime & { signals: string[] } {
  const c = newContainer({ name }, false) as ContainerRuntime & { signals: string[] };
  const signals: string[] = [];
  let exited = false;
  c.step = 'running';
  c.containerID = `containerd://${name}`;
  c.io = { argv, env: {}, fs: new MemFs(), hostname: 'nginx', now: () => 0, out: () => {}, err: () => {}, ...(onTerm ? { onTerm } : {}) } as ProcessIO;
  c.proc = {
    get exited() {
      return exited;
    },
    signal: (sig) => void signals.push(sig),
    terminate: (code) => ((exited = true), void signals.push(`exit ${code}`)),
  };
  c.signals = signals;
  return c;
}

function pod(containers: ContainerRuntime[]): PodRuntime {
  return { containers } as PodRuntime;
}

describe('a shared PID namespace', () => {
  it('lists /pause, nginx master and a worker per CPU, then the other containers, as the task page shows', () => {
    const rt = pod([container('nginx', ['/docker-entrypoint.sh', 'nginx', '-g', 'daemon off;']), container('shell', ['sleep', '3600'])]);
    expect(podProcesses(rt, 2).map((p) => [p.pid, p.uid, p.command])).toEqual([
      [1, 65535, '/pause'],
      [8, undefined, 'nginx: master process nginx -g daemon off;'],
      [14, 101, 'nginx: worker process'],
      [15, 101, 'nginx: worker process'],
      [16, undefined, 'sleep 3600'],
    ]);
    // An exec session's PIDs come after, and each command it starts takes the next one.
    expect(execPid(rt)).toBe(22);
    expect(nextPid(rt)).toBe(23);
  });

  it('SIGHUP to the master replaces its workers; signals to unknown PIDs fail', () => {
    const rt = pod([container('nginx', ['/docker-entrypoint.sh', 'nginx', '-g', 'daemon off;'])]);
    podProcesses(rt, 1);
    expect(signalPid(rt, 1, 8, 'HUP')).toBe(true);
    expect(podProcesses(rt, 1).map((p) => p.pid)).toEqual([1, 8, 15]);
    expect(signalPid(rt, 1, 14, 'TERM')).toBe(false);
  });

  it('SIGTERM ends a main process without a handler (exit 143) and goes to the handler of one with it', () => {
    const sleeper = container('shell', ['sleep', '3600']);
    const server = container('web', ['server'], () => {
      throw new Error('not run here');
    });
    const rt = pod([sleeper, server]);
    const [, a, b] = podProcesses(rt, 1);
    signalPid(rt, 1, a!.pid, 'TERM');
    signalPid(rt, 1, b!.pid, 'TERM');
    signalPid(rt, 1, b!.pid, 'KILL');
    expect(sleeper.signals).toEqual(['exit 143']);
    expect(server.signals).toEqual(['TERM', 'KILL']);
  });

  it('/proc/PID/root of a process is its container filesystem', () => {
    const nginx = container('nginx', ['nginx', '-g', 'daemon off;']);
    const rt = pod([nginx]);
    expect(podProcesses(rt, 1).find((p) => p.pid === 8)?.fs).toBe(nginx.io!.fs);
  });
});
