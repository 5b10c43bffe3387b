import { describe, expect, it } from 'vitest';
import { Cluster } from '../sim/index.ts';
import type { Kubectl } from '../kubectl/index.ts';
import { FakeTerminal } from './fake-terminal.ts';
import { createMemoryFS } from './fs.ts';
import { createInteractiveShell } from '../host/interactive-terminal.ts';

const flush = async (): Promise<void> => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
};

/** A kubectl whose `boom` is a bug of the course (it throws), everything else answers. */
const buggyKubectl: Kubectl = {
  run: async (args, ctx) => {
    if (args[0] === 'boom') throw new TypeError("Cannot read properties of undefined (reading 'metadata')");
    ctx.stdout(`ok ${args.join(' ')}\n`);
    return 0;
  },
  complete: () => [],
};

function setup() {
  const term = new FakeTerminal(80);
  const reported: unknown[] = [];
  const ended: Array<[string, number]> = [];
  const sh = createInteractiveShell({
    terminal: term,
    cluster: new Cluster({ seed: 1 }),
    fs: createMemoryFS({}),
    kubectl: buggyKubectl,
    onInternalError: (e) => reported.push(e),
    onCommand: (line, status) => ended.push([line, status]),
  });
  return { term, sh, reported, ended };
}

describe('internal errors', () => {
  it('end the command with one line, report the error to the host, and the next command runs', async () => {
    const { term, sh, reported, ended } = setup();
    await sh.runCommand('kubectl boom');
    await flush();
    expect(term.screen()).toBe('$ kubectl boom\nbash: internal error\n$');
    expect(reported).toHaveLength(1);
    expect(ended).toEqual([['kubectl boom', 1]]);
    await sh.runCommand('kubectl get pods');
    expect(term.screen()).toContain('ok get pods\n$');
    expect(sh.busy).toBe(false);
  });
});

describe('notice', () => {
  it('prints above the prompt and the line being typed, which are drawn again', async () => {
    const { term, sh } = setup();
    term.type('kubectl get');
    sh.notice('course: storage is full\r\n');
    expect(term.screen()).toBe('course: storage is full\n$ kubectl get');
    term.type(' pods\r');
    await flush();
    expect(term.screen()).toContain('$ kubectl get pods\nok get pods\n$');
  });
});

describe('notice while a line is submitted', () => {
  it('goes after the echoed line, not over a redrawn prompt', async () => {
    const term = new FakeTerminal(80);
    let sh: ReturnType<typeof createInteractiveShell> | undefined;
    sh = createInteractiveShell({
      terminal: term,
      cluster: new Cluster({ seed: 1 }),
      fs: createMemoryFS({}),
      kubectl: buggyKubectl,
      // A history store that cannot save tells the reader at once, as the page's does.
      history: { load: () => [], save: () => sh?.notice('course: not saved\r\n') },
    });
    await sh.runCommand('kubectl get pods');
    expect(term.screen()).toBe('$ kubectl get pods\ncourse: not saved\nok get pods\n$');
  });
});
