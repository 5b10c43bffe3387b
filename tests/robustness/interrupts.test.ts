/**
 * Ctrl-C and runaway commands in a lesson terminal, set up as the page sets it up (see
 * support.ts): each long-running or never-ending command must give the prompt back promptly
 * on Ctrl-C, keep the page's event loop turning while it runs, and leave the cluster usable.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoCrash, pageTerminal, until, wait, type PageTerminal } from './support.ts';
import { runTranscript } from '../../src/cli/transcript.ts';

let open: PageTerminal | undefined;
afterEach(() => {
  open?.close();
  open = undefined;
});

function terminal(files?: Record<string, string>): PageTerminal {
  open = pageTerminal({ files });
  return open;
}

/**
 * Starts `line`, lets it run for `runMs` of wall time while measuring how late a 10 ms timer
 * fires (the page's responsiveness), presses Ctrl-C and returns how long the prompt took to
 * come back and the worst timer lag seen.
 */
async function interruptAfter(t: PageTerminal, line: string, runMs: number): Promise<{ promptMs: number; worstLagMs: number }> {
  t.term.type(line + '\r');
  await until(() => t.sh.busy, 2000, `${line} to start`);
  let worstLagMs = 0;
  let last = performance.now();
  const probe = setInterval(() => {
    const now = performance.now();
    worstLagMs = Math.max(worstLagMs, now - last - 10);
    last = now;
  }, 10);
  await wait(runMs);
  expect(t.sh.busy).toBe(true);
  const t0 = performance.now();
  t.term.type('\x03');
  await until(() => !t.sh.busy, 3000, `the prompt after Ctrl-C on ${line}`);
  clearInterval(probe);
  return { promptMs: performance.now() - t0, worstLagMs };
}

/** The cluster still answers, and nothing on screen is a JavaScript error. */
async function stillWorks(t: PageTerminal): Promise<void> {
  const out = await t.run('kubectl get ns', 5000);
  expect(out).toMatch(/kube-system\s+Active/);
  expectNoCrash(t.term.written);
}

describe('Ctrl-C in a lesson terminal', () => {
  it('stops sleep 100000 with status 130', async () => {
    const t = terminal();
    const r = await interruptAfter(t, 'sleep 100000', 100);
    expect(r.promptMs).toBeLessThan(2000);
    expect(await t.run('echo $?')).toContain('130');
    await stillWorks(t);
  });

  it('stops kubectl get pods -w', async () => {
    const t = terminal();
    await t.run('kubectl run web --image=nginx');
    const r = await interruptAfter(t, 'kubectl get pods -w', 300);
    expect(r.promptMs).toBeLessThan(2000);
    expect(t.term.screen()).toMatch(/NAME\s+READY\s+STATUS[\s\S]*web\s+\d\/1[\s\S]*\^C\n\S*\$/);
    await stillWorks(t);
  });

  it('stops kubectl logs -f', async () => {
    const t = terminal();
    await t.run("kubectl run ticker --image=busybox -- sh -c 'while true; do echo tick; sleep 1; done'");
    t.cluster.advance(30_000);
    await t.run('kubectl get pod ticker');
    const r = await interruptAfter(t, 'kubectl logs -f ticker', 300);
    expect(r.promptMs).toBeLessThan(2000);
    expect(t.term.screen()).toMatch(/tick\n[\s\S]*\^C\n\S*\$/);
    await stillWorks(t);
  });

  it('stops a busy loop that never waits: while true; do :; done', async () => {
    const t = terminal();
    const r = await interruptAfter(t, 'while true; do :; done', 300);
    expect(r.promptMs).toBeLessThan(2000);
    expect(r.worstLagMs).toBeLessThan(1000);
    await stillWorks(t);
  });

  it('stays responsive under an output flood and stops it: while true; do echo y; done', async () => {
    const t = terminal();
    const r = await interruptAfter(t, 'while true; do echo y; done', 500);
    expect(r.promptMs).toBeLessThan(2000);
    expect(r.worstLagMs).toBeLessThan(1000);
    // The loop has really stopped: nothing more is written once the prompt is back.
    const size = t.term.written.length;
    await wait(200);
    expect(t.term.written.length).toBe(size);
    await stillWorks(t);
  });

  it('stops a loop over a million words', async () => {
    const t = terminal();
    const r = await interruptAfter(t, 'for i in $(seq 1 1000000); do echo $i; done', 500);
    expect(r.promptMs).toBeLessThan(2000);
    // Splitting a million words yields to the page between slices; what remains in one piece
    // (seq's output, the split itself) takes well under a second on an idle machine, a few
    // seconds on a loaded test runner.
    expect(r.worstLagMs).toBeLessThan(5000);
    await stillWorks(t);
  }, 30_000);

  it('ends a variable that doubles each turn with bash words, bounded in memory', async () => {
    const t = terminal();
    const out = await t.run('x=a; while true; do x=$x$x; done; echo never', 10_000);
    expect(out).toMatch(/bash: xmalloc: cannot allocate \d+ bytes/);
    expect(t.term.screen()).not.toMatch(/^never$/m);
    expect(t.sh.shell.env.x!.length).toBeLessThanOrEqual(8 * 1024 * 1024);
    expect(await t.run('echo $?')).toMatch(/\b2\b/);
    await stillWorks(t);
  });

  it('bounds the logs of a Pod that prints forever and keeps the cluster responsive', async () => {
    const t = terminal();
    await t.run("kubectl run spam --image=busybox -- sh -c 'while true; do echo spam; done'");
    const t0 = performance.now();
    for (let i = 0; i < 10; i++) {
      t.cluster.advance(60_000);
      await wait(0);
    }
    // Ten minutes of a Pod that prints without pause take seconds, not minutes (unbounded
    // logs made it quadratic); the bound leaves room for a busy machine.
    expect(performance.now() - t0).toBeLessThan(20_000);
    const lines = await t.run('kubectl logs spam | wc -l', 5000);
    const n = Number(/^\s*(\d+)\s*$/m.exec(lines.split('\n').slice(1).join('\n'))?.[1]);
    expect(n).toBeGreaterThan(100);
    expect(n).toBeLessThanOrEqual(10_000);
    const get = performance.now();
    expect(await t.run('kubectl get pod spam', 5000)).toMatch(/spam\s+1\/1\s+Running/);
    expect(performance.now() - get).toBeLessThan(2000);
    const r = await interruptAfter(t, 'kubectl logs -f spam', 300);
    expect(r.promptMs).toBeLessThan(2000);
    await stillWorks(t);
  }, 60_000);
});

describe('runaway commands in a transcript', () => {
  it('stops loops that never wait and goes on with the next line', async () => {
    const out = await runTranscript(['while true; do echo y; done', 'while true; do :; done', 'echo after'].join('\n'));
    expectNoCrash(out);
    expect(out).toMatch(/^after$/m);
    expect(out.length).toBeLessThan(2_000_000);
  }, 30_000);

  it('splits fields on runs of blanks and globs only unquoted metacharacters, at any size', async () => {
    const out = await runTranscript(
      ["for w in $(printf '  a\\tb\\n\\n c  '); do echo \"[$w]\"; done", 'touch x1 x2', "echo x? 'x?' \"x*\" $(echo x*)", 'echo $(seq 1 200000) | wc -w'].join('\n'),
    );
    expect(out).toContain('[a]\n[b]\n[c]\n');
    expect(out).toMatch(/^x1 x2 x\? x\* x1 x2$/m);
    expect(out).toMatch(/^200000$/m);
  });

  it('reports an unbalanced quote at the end of input in bash words', async () => {
    const out = await runTranscript(["echo 'one", 'echo "two'].join('\n'));
    expect(out).toMatch(/unexpected EOF while looking for matching `''/);
    expectNoCrash(out);
  });
});
