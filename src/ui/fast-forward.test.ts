/**
 * Fast-forward on a real shell and cluster: a long wait is offered for skipping, skipping ends
 * it at once, and the cluster reaches the state the wait would have reached.
 */
import { describe, expect, it } from 'vitest';
import { createCluster, type Cluster } from '../sim/index.ts';
import { clockSleep } from '../command/interrupt.ts';
import { createInteractiveShell, createMemoryFS, type InteractiveShell } from '../host/index.ts';
import { FakeTerminal } from '../shell/fake-terminal.ts';
import { shortDuration, watchWaits, type WaitOffer, type WaitWatch } from './fast-forward.ts';

const macrotask = (): Promise<void> => new Promise((r) => setImmediate(r));

function setup(seed = 3): {
  cluster: Cluster;
  shell: InteractiveShell;
  waits: WaitWatch;
  offers: (WaitOffer | undefined)[];
  term: FakeTerminal;
  streaming: () => boolean;
} {
  const cluster = createCluster({ seed });
  const term = new FakeTerminal(100, 30);
  const offers: (WaitOffer | undefined)[] = [];
  let streaming = false;
  let shell!: InteractiveShell;
  const waits = watchWaits({
    clock: cluster.clock,
    busy: () => shell.busy,
    streaming: () => streaming,
    loading: () => shell.loading.active,
    yieldToHost: macrotask,
    onOffer: (o) => offers.push(o),
  });
  shell = createInteractiveShell({
    terminal: term,
    cluster,
    fs: createMemoryFS({}),
    sleep: waits.sleep((ms, i) => clockSleep(cluster.clock, ms, i)),
    yieldToHost: macrotask,
    onCommandStart: () => {
      streaming = false;
      waits.commandStarted();
    },
    onCommand: () => waits.commandEnded(),
    onStreaming: () => {
      streaming = true;
    },
  });
  return { cluster, shell, waits, offers, term, streaming: () => streaming };
}

/** Lets the shell run `turns` macrotasks without moving cluster time. */
async function turns(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await macrotask();
}

describe('watchWaits', () => {
  it('offers a long sleep at once, and skipping ends it exactly at its end', async () => {
    const { cluster, shell, waits, offers } = setup();
    const t0 = cluster.now();
    const done = shell.runCommand('sleep 150');
    await turns(5);
    expect(shell.busy).toBe(true);
    expect(waits.offered).toBe(true);
    expect(offers.at(-1)).toMatchObject({ remainingMs: 150_000, skipping: false });
    expect(await waits.skip()).toBe(true);
    await done;
    expect(shell.busy).toBe(false);
    expect(cluster.now() - t0).toBe(150_000);
    expect(waits.offered).toBe(false);
  });

  it('does not offer a short sleep', async () => {
    const { shell, waits, cluster } = setup();
    const done = shell.runCommand('sleep 2');
    await turns(5);
    expect(waits.offered).toBe(false);
    cluster.advance(2000);
    await done;
    expect(await waits.skip()).toBe(false);
  });

  it('offers a polling wait once it has lasted a few seconds, and skips to where it ends', async () => {
    // A Pod that never gets Ready: the wait ends at its timeout. The reference runs the same
    // commands with time moved by hand in small steps.
    const RUN = 'kubectl run web --image=busybox:1.36 -- sh -c "exit 1"';
    const WAIT = 'kubectl wait --for=condition=Ready pod/web --timeout=20s';
    const ref = setup(11);
    await ref.shell.runCommand(RUN);
    const refDone = ref.shell.runCommand(WAIT);
    while (ref.shell.busy) {
      if (!ref.shell.loading.active) ref.cluster.advance(100);
      await turns(2);
    }
    await refDone;

    const { cluster, shell, waits, term } = setup(11);
    await shell.runCommand(RUN);
    const t0 = cluster.now();
    const done = shell.runCommand(WAIT);
    await turns(5);
    expect(waits.offered).toBe(false);
    // A few seconds of real-time ticks (the pull takes longer than that).
    for (let steps = 0, i = 0; steps < 40 && i < 5000 && !waits.offered && shell.busy; i++) {
      // Turns spent loading code on first use do not count: no cluster time passes then.
      if (!shell.loading.active) {
        cluster.advance(100);
        steps++;
      }
      await turns(2);
    }
    expect(shell.busy, term.screen()).toBe(true);
    expect(waits.offered).toBe(true);
    await waits.skip();
    await done;
    expect(term.screen()).toBe(ref.term.screen());
    expect(term.screen()).toContain('timed out waiting for the condition');
    // Skipping stops where the wait ends: at its timeout, as the hand-stepped run (which
    // overshoots by less than its 100 ms steps).
    expect(cluster.now() - t0).toBeGreaterThanOrEqual(20_000);
    expect(cluster.now()).toBeLessThanOrEqual(ref.cluster.now());
    expect(ref.cluster.now() - cluster.now()).toBeLessThan(200);
    const restarts = (c: Cluster) =>
      (c.api.get('pods', 'default', 'web') as { status?: { containerStatuses?: { restartCount: number }[] } }).status?.containerStatuses?.[0]?.restartCount;
    expect(restarts(cluster)).toBe(restarts(ref.cluster));
  });

  it('skips every long wait at once while auto-skip is on', async () => {
    const { cluster, shell, waits } = setup();
    waits.autoSkip(true);
    const t0 = cluster.now();
    await shell.runCommand('sleep 30; sleep 40');
    expect(cluster.now() - t0).toBe(70_000);
  });

  it('leaves a stream alone', async () => {
    const { shell, waits, cluster, streaming } = setup();
    const done = shell.runCommand('kubectl get pods -w');
    // The watch's code loads on first use, which takes a varying number of turns on a busy
    // machine; the stream begins once it has loaded.
    for (let i = 0; i < 5000 && !streaming(); i++) {
      if (!shell.loading.active) cluster.advance(100);
      await turns(1);
    }
    expect(streaming()).toBe(true);
    for (let i = 0; i < 60; i++) {
      cluster.advance(100);
      await turns(1);
    }
    expect(shell.busy).toBe(true);
    expect(waits.offered).toBe(false);
    expect(await waits.skip()).toBe(false);
    shell.interrupt();
    await done;
  });
});

describe('shortDuration', () => {
  it('writes durations as kubectl writes ages', () => {
    expect(shortDuration(45_000)).toBe('45s');
    expect(shortDuration(150_000)).toBe('2m30s');
    expect(shortDuration(120_000)).toBe('2m');
    expect(shortDuration(3_900_000)).toBe('1h5m');
  });
});
