/**
 * Run/Apply requests on a real shell and cluster: a button-started stream gives way to the next
 * button as Ctrl-C would, states are reported in order, and each report carries the output.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createCluster } from '../sim/index.ts';
import { clockSleep } from '../command/interrupt.ts';
import { createInteractiveShell, createMemoryFS, type InteractiveShell } from '../host/index.ts';
import { FakeTerminal } from '../shell/fake-terminal.ts';
import { REQUEST_STATE_EVENT, type RequestStateDetail } from './bus.ts';
import { RequestRunner } from './request-runner.ts';
import type { EditRequest } from '../command/contract.ts';
import { tapScreen } from './screen-tap.ts';

const macrotask = (): Promise<void> => new Promise((r) => setImmediate(r));

let states: RequestStateDetail[];
beforeEach(() => {
  states = [];
  const w = new EventTarget();
  w.addEventListener(REQUEST_STATE_EVENT, (e) => states.push((e as CustomEvent<RequestStateDetail>).detail));
  (globalThis as { window?: unknown }).window = w;
});

function setup(edit?: (req: EditRequest) => Promise<string | null>) {
  const cluster = createCluster({ seed: 5 });
  const term = new FakeTerminal(100, 30);
  const screen = tapScreen(term);
  const fs = createMemoryFS({});
  let streaming = false;
  let shell!: InteractiveShell;
  const runner = new RequestRunner({
    busy: () => shell.busy,
    streaming: () => streaming && shell.busy,
    interrupt: () => shell.interrupt(),
    runCommand: (line) => shell.runCommand(line),
    writeFile: (file, content) => fs.write(`/home/learner/${file}`, content),
    hasFile: (file) => fs.exists(`/home/learner/${file}`),
    autoSkip: () => {},
    tap: (cb) => screen.tap(cb),
  });
  shell = createInteractiveShell({
    terminal: screen,
    cluster,
    fs,
    sleep: (ms, i) => clockSleep(cluster.clock, ms, i),
    yieldToHost: macrotask,
    edit,
    onCommandStart: () => {
      streaming = false;
      runner.commandStarted();
    },
    onCommand: () => runner.commandEnded(),
    onInterrupt: () => runner.onInterrupt(),
    onStreaming: () => {
      streaming = true;
      runner.onStreaming();
    },
  });
  // Cluster time follows "wall time" in the background, as the page's driver moves it: it
  // stands still while a command's code loads.
  const ticker = setInterval(() => {
    if (!shell.loading.active) cluster.advance(100);
  }, 5);
  return { cluster, term, runner, shell, fs, streaming: () => streaming, stop: () => clearInterval(ticker) };
}

describe('RequestRunner', () => {
  it('interrupts a button-started stream when the next button is pressed', async () => {
    const { runner, term, streaming, stop } = setup();
    try {
      const watch = runner.handle({ kind: 'run', commands: ['kubectl get pods -w'], id: 'a' });
      // The watch's code loads on first use, in a varying number of turns; press the next
      // button once the stream has begun.
      for (let i = 0; i < 5000 && !streaming(); i++) await macrotask();
      expect(streaming()).toBe(true);
      const next = runner.handle({ kind: 'run', commands: ['kubectl get namespaces'], id: 'b' });
      await Promise.all([watch, next]);
      expect(term.screen()).toContain('kube-system');
      const a = states.filter((s) => s.id === 'a').map((s) => s.state);
      const b = states.filter((s) => s.id === 'b').map((s) => s.state);
      expect(a).toEqual(['running', 'running', 'done']);
      expect(b.at(-1)).toBe('done');
      expect(states.find((s) => s.id === 'a' && s.state === 'done')?.interrupted).toBe(true);
      expect(states.find((s) => s.id === 'b' && s.state === 'done')?.output).toMatch(/^NAME\s+STATUS\s+AGE\ndefault\s+Active/);
    } finally {
      stop();
    }
  });

  it('queues a request behind a running one and reports what Apply printed', async () => {
    const { runner, stop } = setup();
    try {
      const first = runner.handle({ kind: 'run', commands: ['sleep 1'], id: 'a' });
      const apply = runner.handle({
        kind: 'apply',
        id: 'b',
        file: 'pod.yaml',
        content: 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers:\n  - name: web\n    image: nginx:1.27\n',
      });
      expect(states.find((s) => s.id === 'b')?.state).toBe('queued');
      await Promise.all([first, apply]);
      const done = states.find((s) => s.id === 'b' && s.state === 'done');
      expect(done?.output).toBe('pod/web created');
      expect(done?.interrupted).toBeUndefined();
      expect(states.find((s) => s.id === 'a' && s.state === 'done')?.interrupted).toBeUndefined();
    } finally {
      stop();
    }
  });

  it('waits for a command the reader typed instead of interrupting it', async () => {
    const { runner, shell, term, stop } = setup();
    try {
      const typed = shell.runCommand('sleep 2; echo typed-done');
      await macrotask();
      await runner.handle({ kind: 'run', commands: ['echo button'], id: 'a' });
      await typed;
      expect(term.screen()).toMatch(/typed-done[\s\S]*button/);
    } finally {
      stop();
    }
  });

  it('opens the editor on the file the terminal has, writing the block first only when it has none', async () => {
    const opened: string[] = [];
    const { runner, fs, stop } = setup(async (req) => {
      opened.push(req.text);
      return req.text.replace('replicas: 1', 'replicas: 2');
    });
    try {
      const block = 'kind: Deployment\nspec:\n  replicas: 1\n';
      await runner.handle({ kind: 'edit', id: 'e', file: 'web.yaml', content: block });
      expect(fs.read('/home/learner/web.yaml')).toBe('kind: Deployment\nspec:\n  replicas: 2\n');
      // Again: the terminal's copy (already edited) opens, not the block.
      await runner.handle({ kind: 'edit', id: 'f', file: 'web.yaml', content: block });
      expect(opened).toEqual([block, 'kind: Deployment\nspec:\n  replicas: 2\n']);
      expect(states.filter((x) => x.id === 'e').map((x) => x.state)).toEqual(['running', 'running', 'done']);
    } finally {
      stop();
    }
  });
});
