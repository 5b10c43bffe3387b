import { describe, expect, it } from 'vitest';
import { Cluster } from '../sim/index.ts';
import type { Kubectl } from '../kubectl/index.ts';
import { FakeTerminal } from './fake-terminal.ts';
import { createMemoryFS } from './fs.ts';
import { createInteractiveShell, type InteractiveShell } from '../host/interactive-terminal.ts';
import type { HistoryStore } from './history.ts';
import { advanceHeld } from '../../tests/support/held-clock.ts';

/** Lets queued promise work run. */
const flush = async (): Promise<void> => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
};

/** A kubectl stand-in: `kubectl stream` streams until Ctrl-C; completion offers fixed words. */
function fakeKubectl(): Kubectl {
  return {
    run: async (args, ctx) => {
      if (args[0] === 'stream') {
        ctx.streaming();
        ctx.stdout('streaming\n');
        await new Promise<void>((resolve) => ctx.interrupt.onInterrupt(resolve));
        return 130;
      }
      if (args[0] === 'hang') {
        await new Promise(() => {});
        return 0;
      }
      ctx.stdout(`kubectl ${args.join(' ')} (stdin ${ctx.stdin.length} chars)\n`);
      return 0;
    },
    complete: (args) => {
      const last = args[args.length - 1] ?? '';
      const words = args.length === 1 ? ['get', 'describe', 'delete'] : ['pods', 'deployments', 'deployment.apps'];
      return words.filter((w) => w.startsWith(last));
    },
  };
}

function setup(opts: { cols?: number; history?: HistoryStore } = {}): { term: FakeTerminal; sh: InteractiveShell; cluster: Cluster } {
  const term = new FakeTerminal(opts.cols ?? 80);
  const cluster = new Cluster({ seed: 1 });
  const sh = createInteractiveShell({ terminal: term, cluster, fs: createMemoryFS({ 'pod.yaml': 'kind: Pod\n', 'policy.yaml': '' }), kubectl: fakeKubectl(), history: opts.history });
  return { term, sh, cluster };
}

describe('interactive shell', () => {
  it('shows a prompt, echoes typing and runs on Enter', async () => {
    const { term } = setup();
    expect(term.screen()).toBe('$');
    term.type('echo hi');
    expect(term.screen()).toBe('$ echo hi');
    term.type('\r');
    await flush();
    expect(term.screen()).toBe('$ echo hi\nhi\n$');
  });

  it('edits in the middle of a line', async () => {
    const { term } = setup();
    term.type('echo wrld');
    term.type('\x1b[D\x1b[D\x1b[D');
    term.type('o');
    expect(term.screen()).toBe('$ echo world');
    expect(term.cursor()).toEqual({ row: 0, col: 9 });
    term.type('\x01\x0b'); // Ctrl-A, Ctrl-K
    expect(term.screen()).toBe('$');
  });

  it('redraws lines longer than the terminal', async () => {
    const { term } = setup({ cols: 10 });
    term.type('echo 1234567890');
    expect(term.screen()).toBe('$ echo 123\n4567890');
    term.type('\x01');
    expect(term.cursor()).toEqual({ row: 0, col: 2 });
    term.type('\x05\x7f\x7f\x7f\x7f\x7f\x7f\x7f');
    expect(term.screen()).toBe('$ echo 123');
    term.type('\r');
    await flush();
    expect(term.screen()).toBe('$ echo 123\n123\n$');
  });

  it('Ctrl-C stops a running sleep and shows a new prompt', async () => {
    const { term, sh } = setup();
    term.type('sleep 100; echo after\r');
    await flush();
    expect(sh.busy).toBe(true);
    term.type('\x03');
    await flush();
    expect(sh.busy).toBe(false);
    expect(term.screen()).toBe('$ sleep 100; echo after\n^C\n$');
    term.type('echo $?\r');
    await flush();
    expect(term.screen()).toContain('130\n$');
  });

  it('sleep ends when cluster time passes', async () => {
    const { term, sh, cluster } = setup();
    term.type('sleep 2 && echo woke\r');
    await flush();
    await advanceHeld({ cluster, loading: sh.loading, tick: flush }, 1999);
    await flush();
    expect(sh.busy).toBe(true);
    await advanceHeld({ cluster, loading: sh.loading, tick: flush }, 1);
    await flush();
    expect(term.screen()).toBe('$ sleep 2 && echo woke\nwoke\n$');
  });

  it('Ctrl-C stops a streaming command and gives up on one that ignores it', async () => {
    const { term, sh } = setup();
    term.type('kubectl stream\r');
    await flush();
    sh.interrupt();
    await flush();
    expect(term.screen()).toBe('$ kubectl stream\nstreaming\n^C\n$');
    term.type('k hang\r');
    await flush();
    expect(sh.busy).toBe(true);
    term.type('\x03');
    await flush();
    expect(sh.busy).toBe(false);
    expect(term.screen().endsWith('$ k hang\n^C\n$')).toBe(true);
  });

  it('Ctrl-C at the prompt abandons the line; Ctrl-D on an empty line does nothing', async () => {
    const { term } = setup();
    term.type('half typed\x03');
    expect(term.screen()).toBe('$ half typed^C\n$');
    term.type('\x04');
    await flush();
    expect(term.screen()).toBe('$ half typed^C\n$');
  });

  it('keys typed while a command runs wait for the next prompt', async () => {
    const { term, sh, cluster } = setup();
    term.type('sleep 1\recho later\r');
    await flush();
    expect(term.screen()).toBe('$ sleep 1');
    await advanceHeld({ cluster, loading: sh.loading, tick: flush }, 1000);
    await flush();
    expect(term.screen()).toBe('$ sleep 1\n$ echo later\nlater\n$');
  });

  it('asks for continuation lines for open quotes and heredocs', async () => {
    const { term } = setup();
    term.type('echo "a\r');
    expect(term.screen()).toBe('$ echo "a\n>');
    term.type('b"\r');
    await flush();
    term.type('cat <<EOF\rx $HOME\rEOF\r');
    await flush();
    expect(term.screen()).toBe('$ echo "a\n> b"\na\nb\n$ cat <<EOF\n> x $HOME\n> EOF\nx /home/learner\n$');
  });

  it('recalls a multi-line command as one history entry and runs it again', async () => {
    const { term } = setup();
    term.type('cat <<EOF\rx\rEOF\r');
    await flush();
    term.type('\x1b[A');
    expect(term.screen()).toBe('$ cat <<EOF\n> x\n> EOF\nx\n$ cat <<EOF\nx\nEOF');
    term.type('\r');
    await flush();
    expect(term.screen()).toBe('$ cat <<EOF\n> x\n> EOF\nx\n$ cat <<EOF\nx\nEOF\nx\n$');
  });

  it('runCommand abandons a half-finished command', async () => {
    const { term, sh } = setup();
    term.type('echo "open\r');
    await sh.runCommand('echo fresh');
    expect(term.screen()).toBe('$ echo "open\n>\n$ echo fresh\nfresh\n$');
  });

  it('runs each line of a bracketed paste in order', async () => {
    const { term } = setup();
    term.type('\x1b[200~echo one\necho two\necho thr\x1b[201~');
    await flush();
    expect(term.screen()).toBe('$ echo one\none\n$ echo two\ntwo\n$ echo thr');
    term.type('ee\r');
    await flush();
    expect(term.screen().endsWith('$ echo three\nthree\n$')).toBe(true);
  });

  it('Ctrl-C drops the rest of a long paste', async () => {
    const { term } = setup();
    const lines = Array.from({ length: 5000 }, (_, i) => `echo line${i}`).join('\n');
    const term2 = term;
    term2.type('\x1b[200~' + lines + '\n\x1b[201~');
    term2.type('\x03');
    await flush();
    expect(term.screen()).not.toContain('line4999');
  });

  it('cuts a huge pasted line with a message instead of freezing', async () => {
    const { term } = setup();
    const t0 = performance.now();
    term.type('\x1b[200~echo ' + 'x'.repeat(10_000_000) + '\x1b[201~');
    await flush();
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(term.written).toContain('input cut');
  });

  it('walks and persists history, without repeats', async () => {
    let saved: string[] = ['echo old'];
    const { term, sh } = setup({ history: { load: () => saved, save: (l) => void (saved = l) } });
    term.type('echo a\r');
    await flush();
    term.type('echo a\r');
    await flush();
    expect(saved).toEqual(['echo old', 'echo a']);
    term.type('\x1b[A\x1b[A');
    expect(term.screen().endsWith('$ echo old')).toBe(true);
    term.type('\x1b[B');
    expect(term.screen().endsWith('$ echo a')).toBe(true);
    term.type('\x15history\r');
    await flush();
    expect(term.screen()).toContain('    1  echo old\n    2  echo a\n    3  history\n$');
    expect(sh.history()).toEqual(['echo old', 'echo a', 'history']);
  });

  it('completes commands, files and kubectl arguments', async () => {
    const { term } = setup();
    term.type('hist\t');
    expect(term.screen()).toBe('$ history');
    term.type('\x15cat pod\t');
    expect(term.screen()).toBe('$ cat pod.yaml');
    term.type('\x15cat p\t');
    expect(term.screen()).toBe('$ cat po');
    term.type('\t');
    expect(term.screen()).toBe('$ cat po\npod.yaml  policy.yaml\n$ cat po');
    term.type('\x15k g\t');
    expect(term.screen().endsWith('$ k get')).toBe(true);
    term.type('deploy\t');
    expect(term.screen().endsWith('$ k get deployment')).toBe(true);
  });

  it('runCommand types the lines and runs them, resolving when done', async () => {
    const { term, sh } = setup();
    await sh.runCommand('cat <<EOF | kubectl apply -f -\nkind: Pod\nEOF');
    expect(term.screen()).toBe('$ cat <<EOF | kubectl apply -f -\n> kind: Pod\n> EOF\nkubectl apply -f - (stdin 10 chars)\n$');
  });

  it('runCommand waits for a running command and replaces a half-typed line', async () => {
    const { term, sh, cluster } = setup();
    term.type('sleep 1\r');
    await flush();
    term.type('half');
    let done = false;
    const finished = sh.runCommand('echo queued').then(() => (done = true));
    await flush();
    expect(done).toBe(false);
    expect(term.screen()).toBe('$ sleep 1');
    await advanceHeld({ cluster, loading: sh.loading, tick: flush }, 1000);
    await finished;
    expect(term.screen()).toBe('$ sleep 1\n$ echo queued\nqueued\n$');
  });

  it('clear and Ctrl-L clear the screen; exit does not close the terminal', async () => {
    const { term } = setup();
    term.type('echo x\r');
    await flush();
    term.type('clear\r');
    await flush();
    expect(term.screen()).toBe('$');
    term.type('abc\x0c');
    expect(term.screen()).toBe('$ abc');
    term.type('\x15exit\r');
    await flush();
    expect(term.screen()).toContain('stays open');
    expect(term.subscribers).toBe(1);
  });

  it('prints errors shell-style and keeps going', async () => {
    const { term } = setup();
    term.type('nope\r');
    await flush();
    term.type('echo a |\r| b\r');
    await flush();
    expect(term.screen()).toBe("$ nope\nbash: nope: command not found\n$ echo a |\n> | b\nbash: syntax error near unexpected token `|'\n$");
  });

  it('fills \\w in the prompt with the working directory', async () => {
    const term = new FakeTerminal();
    createInteractiveShell({ terminal: term, cluster: new Cluster({ seed: 1 }), fs: createMemoryFS({ 'k8s/': '' }), kubectl: fakeKubectl(), prompt: '\\u:\\w$ ' });
    term.type('cd k8s\r');
    await flush();
    term.type('cd /tmp\r');
    await flush();
    expect(term.screen()).toBe('learner:~$ cd k8s\nlearner:~/k8s$ cd /tmp\nlearner:/tmp$');
  });

  it('dispose detaches from the terminal', () => {
    const { term, sh } = setup();
    sh.dispose();
    expect(term.subscribers).toBe(0);
  });
});
