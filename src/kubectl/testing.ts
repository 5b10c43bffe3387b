/**
 * Test support for kubectl's exact-output tests: a hand-built cluster (namespaces and the
 * `kubernetes` Service, as a fresh API server has), an in-memory file system, and `sh()`, which
 * runs one command line and returns stdout, stderr and exit code separately.
 */
import { Cluster, createClient, DEFAULT_INSTALLERS, type KubeObject } from '../sim/index.ts';
import type { ExecContext, VirtualFS } from '../command/contract.ts';
import { createKubectl, type Kubectl } from './index.ts';

/**
 * A cluster with the four standard namespaces and the `kubernetes` Service, created at its start
 * time: every kind served, no controller running.
 */
export function testCluster(): Cluster {
  const c = new Cluster();
  for (const i of DEFAULT_INSTALLERS) i.api?.(c.api);
  const ts = new Date(c.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
  for (const name of ['default', 'kube-node-lease', 'kube-public', 'kube-system']) {
    c.store.put('namespaces', {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name, uid: c.random.uuid(), creationTimestamp: ts, labels: { 'kubernetes.io/metadata.name': name } },
      spec: { finalizers: ['kubernetes'] },
      status: { phase: 'Active' },
    });
  }
  return c;
}

/** Puts an object straight into the store (bypassing admission), stamping uid and time. */
export function seed(c: Cluster, resource: string, obj: KubeObject): KubeObject {
  const md = { uid: c.random.uuid(), creationTimestamp: new Date(c.now()).toISOString().replace(/\.\d{3}Z$/, 'Z'), ...obj.metadata };
  return c.store.put(resource, { ...obj, metadata: md });
}

/** A flat in-memory file system. */
export function memoryFS(files: Record<string, string> = {}): VirtualFS {
  const data = new Map(Object.entries(files));
  const isDir = (p: string) => [...data.keys()].some((k) => k.startsWith(p.replace(/\/$/, '') + '/'));
  return {
    read: (p) => data.get(p),
    write: (p, s) => void data.set(p, s),
    exists: (p) => data.has(p) || isDir(p),
    isDir,
    list: (dir) => {
      const prefix = dir.replace(/\/$/, '') + '/';
      const out = new Set<string>();
      for (const k of data.keys()) {
        if (!k.startsWith(prefix)) continue;
        const rest = k.slice(prefix.length);
        out.add(rest.includes('/') ? rest.slice(0, rest.indexOf('/') + 1) : rest);
      }
      return [...out].sort();
    },
    remove: (p) => data.delete(p),
    walk: (dir) => [...data.keys()].filter((k) => k.startsWith(dir.replace(/\/$/, '') + '/')).sort(),
  };
}

/** Splits a command line like a shell: quotes, no expansion. */
export function words(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let has = false;
  let q = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (q) {
      if (c === q) q = '';
      else if (c === '\\' && q === '"' && i + 1 < line.length) cur += line[++i];
      else cur += c;
    } else if (c === "'" || c === '"') {
      q = c;
      has = true;
    } else if (c === ' ') {
      if (has || cur) out.push(cur);
      cur = '';
      has = false;
    } else cur += c;
  }
  if (has || cur) out.push(cur);
  return out;
}

export interface Result {
  stdout: string;
  stderr: string;
  code: number;
}

export interface ShOptions {
  stdin?: string;
  fs?: VirtualFS;
  /** Interrupt streaming commands after this much cluster time (ms), advancing the cluster. */
  streamFor?: number;
  /** Environment variables for the command (default none). */
  env?: Record<string, string>;
  /** The terminal's editor, for commands that open one (`kubectl edit`); default none. */
  edit?: ExecContext['edit'];
}

async function settleMicrotasks(): Promise<void> {
  for (let i = 0; i < 50; i++) await Promise.resolve();
}

/**
 * Code a command is loading (its own module on first use, help texts, the YAML parser): time
 * must not move until it has arrived, as hosts hold cluster time meanwhile.
 */
function loadTracker() {
  const pending = new Set<Promise<unknown>>();
  return {
    loadCode<T>(load: Promise<T>): Promise<T> {
      pending.add(load);
      const done = () => void pending.delete(load);
      load.then(done, done);
      return load;
    },
    /** Lets the command run until it waits for something other than its code. */
    async settle(): Promise<void> {
      await settleMicrotasks();
      while (pending.size) {
        await Promise.allSettled([...pending]);
        await settleMicrotasks();
      }
    },
  };
}

/** Runs `kubectl <line>` against `k`; time only moves when the command sleeps or streams. */
export async function sh(k: Kubectl, c: Cluster, line: string, opts: ShOptions = {}): Promise<Result> {
  let stdout = '';
  let stderr = '';
  const listeners: (() => void)[] = [];
  let interrupted = false;
  let streaming = false;
  const loads = loadTracker();
  const ctx: ExecContext = {
    stdin: opts.stdin ?? '',
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    interrupt: {
      get interrupted() {
        return interrupted;
      },
      onInterrupt: (cb) => {
        if (interrupted) cb();
        else listeners.push(cb);
        return () => {};
      },
    },
    fs: opts.fs ?? memoryFS(),
    cwd: '/home/learner',
    env: opts.env ?? {},
    cols: 80,
    sleep: async (ms) => {
      c.advance(ms);
      return !interrupted;
    },
    streaming: () => {
      streaming = true;
    },
    loadCode: (load) => loads.loadCode(load),
    ...(opts.edit ? { edit: opts.edit } : {}),
  };
  const p = k.run(words(line), ctx);
  await loads.settle();
  if (streaming || opts.streamFor !== undefined) {
    c.advance(opts.streamFor ?? 0);
    await loads.settle();
    interrupted = true;
    for (const l of listeners) l();
  }
  const code = await p;
  return { stdout, stderr, code };
}

export { createKubectl };

/** A kubectl on `c` (through its client, drawing from its random generator), as a terminal gets it. */
export function kubectlFor(c: Cluster): Kubectl {
  return createKubectl({ client: createClient(c), random: c.random });
}

/** A kind-preset cluster with a kubectl and a file system, plus `run(line)` for tests. */
export async function kindSession(files: Record<string, string> = {}) {
  const { createCluster } = await import('../sim/index.ts');
  const c = createCluster({ preset: 'kind' });
  const k = kubectlFor(c);
  const fs = memoryFS(Object.fromEntries(Object.entries(files).map(([p, t]) => [p.startsWith('/') ? p : `/home/learner/${p}`, t])));
  return { c, k, fs, run: (line: string, opts: ShOptions = {}) => sh(k, c, line, { fs, ...opts }) };
}
