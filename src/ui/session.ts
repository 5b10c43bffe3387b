/**
 * A terminal's live session: xterm on screen, the course shell in it, one simulated cluster
 * per terminal, the real-time clock driver, and persistence. The lesson's terminal runs on the
 * lesson's cluster; each exercise's terminal on its own (see session-spec.ts). Loaded on demand
 * by <course-terminal> (terminal-element.ts): everything heavy is imported from here.
 *
 * Lifecycle: start -> (restore or create) cluster -> setup (exercises) -> shell -> serve
 * Run/Apply requests (request-runner.ts) -> reset (new cluster, setup again; files and
 * history kept) -> ...
 *
 * Persisted in localStorage under the spec's KEY (`course:term:<lessonId>#<terminalId>` for
 * a lesson's terminal, `course:term:exercise:<exerciseId>` for an exercise's):
 *   KEY:history  ["kubectl get pods", ...]                  (the shell's HistoryStore)
 *   KEY:files    {"/home/learner/pod.yaml": "apiVersion: v1\n..."}  (MemoryFS.toJSON())
 *   KEY:journal  {"version":2,"seed":7,"preset":null,"time":1796007700000,
 *                 "entries":[{"t":1796007605000,"line":"kubectl run web --image=nginx"}, ...],
 *                 "files":{...}}   (files: the files the journal starts from, when not the lesson's)
 * The cluster itself is not stored: on reload it is rebuilt by replaying the journal (every
 * command and page-written file, at its cluster time; an exercise's setup included) on a fresh
 * cluster from the same seed, which the simulator's determinism makes the same cluster (see
 * host/replay.ts). A journal from another seed, preset or version is dropped.
 */
import type { Terminal as XTerm } from '@xterm/xterm';
import * as sim from '../sim/index.ts';
import type { Cluster } from '../sim/index.ts';
import { clockSleep } from '../command/interrupt.ts';
import {
  createInteractiveShell,
  createMemoryFS,
  replayJournal,
  type InteractiveShell,
  type JournalEntry,
  type MemoryFS,
} from '../host/index.ts';
import { HOME } from '../shell/path.ts';
import { loadExercise } from '../exercises/by-lesson.ts';
import { publishSession, serveTerminal, type SessionHandle, type TerminalRequest } from './bus.ts';
import { adaptXterm, type XtermAdapter } from './xterm-terminal.ts';
import { openXterm } from './xterm-open.ts';
import { startRealtimeDriver, type RealtimeDriver } from './realtime-driver.ts';
import { readJSON, removeKey, writeJSON } from './storage.ts';
import { exerciseSpec, lessonSpec, readLessonConfig, type SessionSpec } from './session-spec.ts';
import { tapScreen, type TappedScreen } from './screen-tap.ts';
import { RequestRunner } from './request-runner.ts';
import { watchWaits, type WaitOffer, type WaitWatch } from './fast-forward.ts';
import { wireTerminalControls } from './terminal-controls.ts';
import { createOutputLog, type OutputLog } from './output-log.ts';
import {
  fastYield,
  isStringRecord,
  JOURNAL_VERSION,
  MAX_JOURNAL_ENTRIES,
  runSkippingWaits,
  sameFiles,
  yieldToHost,
  type SavedJournal,
} from './session-journal.ts';


/** What tests (and curious readers) reach through `window.__terminals[id]`. */
export interface TerminalProbe {
  /** The terminal's buffer as text (scrollback included). */
  text(): string;
  /** Types `line` and resolves when its command has finished. */
  run(line: string): Promise<void>;
  /** Saves files, history and the cluster's journal now (instead of after the usual delay). */
  save(): void;
  /** Skips to the end of the wait in progress (as the Fast-forward button does). */
  skip(): Promise<boolean>;
  /** Cluster time now (ms since the epoch). */
  now(): number;
}

declare global {
  interface Window {
    __terminals?: Record<string, TerminalProbe>;
  }
}

const SAVE_DELAY_MS = 1000;

class Session implements SessionHandle {
  cluster!: Cluster;
  private shell!: InteractiveShell;
  private fs!: MemoryFS;
  private driver: RealtimeDriver | undefined;
  private readonly clusterListeners = new Set<() => void>();
  private readonly waitListeners = new Set<(offer: WaitOffer | undefined) => void>();
  private readonly skipListeners = new Set<(ms: number) => void>();
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private unsubscribeStore: (() => void) | undefined;
  private readonly key: string;
  private readonly spec: SessionSpec;
  private readonly term: XTerm;
  private readonly xterm: XtermAdapter;
  /** What the shell writes to: the xterm adapter with taps and the wait cue. */
  readonly screen: TappedScreen;
  private readonly requests: RequestRunner;
  private waits!: WaitWatch;
  private streamingNow = false;
  /** Everything that changed the cluster, for rebuilding it after a reload. */
  private journal: JournalEntry[] = [];
  /** The files the journal starts from. */
  private journalFiles: Record<string, string>;

  /** The accessible copy of the output (when the page has a place for it). */
  private readonly log: OutputLog | undefined;

  constructor(spec: SessionSpec, term: XTerm, log?: OutputLog) {
    this.log = log;
    this.spec = spec;
    this.key = spec.key;
    this.journalFiles = spec.files;
    this.term = term;
    // Ctrl-F skips ahead while a long wait is offered (at the prompt it stays forward-char).
    this.xterm = adaptXterm(term, {
      onKey: (e) => {
        if (!(e.ctrlKey && !e.altKey && !e.metaKey && e.key.toLowerCase() === 'f' && this.waits?.offered)) return false;
        void this.waits.skip();
        return true;
      },
    });
    this.screen = tapScreen(this.xterm);
    if (log) this.screen.tap((d) => log.write(d));
    this.requests = new RequestRunner({
      busy: () => this.shell.busy,
      streaming: () => this.streaming(),
      interrupt: () => this.shell.interrupt(),
      runCommand: async (line) => {
        await this.shell.runCommand(line);
        this.scheduleSave();
      },
      writeFile: (file, content) => {
        this.journal.push({ t: this.cluster.now(), write: { path: `${HOME}/${file}`, content } });
        this.fs.write(`${HOME}/${file}`, content);
      },
      autoSkip: (on) => this.waits.autoSkip(on),
      tap: (cb) => this.screen.tap(cb),
    });
  }

  /** Builds the cluster (restored when possible), the files and the shell. */
  async boot(): Promise<void> {
    const restored = await this.restoreCluster();
    if (!restored) {
      this.cluster = this.freshCluster();
      this.journal = [];
    }
    const files = readJSON(`${this.key}:files`);
    this.fs = createMemoryFS(isStringRecord(files) ? files : this.spec.files);
    if (!restored) {
      this.journalFiles = this.fs.toJSON();
      await this.runSetup();
    }
    this.startShell();
  }

  onClusterChange(cb: () => void): () => void {
    this.clusterListeners.add(cb);
    return () => this.clusterListeners.delete(cb);
  }

  /** Calls `cb` when a long wait can (or no longer can) be skipped; returns unsubscribe. */
  onWaitOffer(cb: (offer: WaitOffer | undefined) => void): () => void {
    this.waitListeners.add(cb);
    return () => this.waitListeners.delete(cb);
  }

  /** Calls `cb` with the cluster time each skip moved over; returns unsubscribe. */
  onSkipped(cb: (ms: number) => void): () => void {
    this.skipListeners.add(cb);
    return () => this.skipListeners.delete(cb);
  }

  /** Queues a Run/Apply request behind earlier ones. */
  handle(request: TerminalRequest): Promise<void> {
    return this.requests.handle(request);
  }

  /** Feeds keys to the shell as if typed (the on-screen key bar). */
  input(data: string): void {
    this.xterm.input(data);
  }

  /** Skips to the end of the wait in progress. */
  skip(): Promise<boolean> {
    return this.waits.skip();
  }

  /** True while the running command streams (`get -w`, `logs -f`). */
  streaming(): boolean {
    return this.streamingNow && this.shell.busy;
  }

  /** Fresh cluster, prepared again (setup); the reader's files and history stay. */
  async reset(): Promise<void> {
    // Stop what runs first: a queued `kubectl get -w` would otherwise keep the queue busy forever.
    // (Only when busy: Ctrl-C at a prompt prints `^C` and a prompt, which would outlive the reset.)
    if (this.shell.busy) this.shell.interrupt();
    await this.requests.drain();
    if (this.shell.busy) this.shell.interrupt();
    this.teardown();
    removeKey(`${this.key}:journal`);
    this.journal = [];
    this.journalFiles = this.fs.toJSON();
    this.term.reset();
    this.cluster = this.freshCluster();
    await this.runSetup();
    this.startShell();
    this.save();
    for (const cb of this.clusterListeners) cb();
  }

  /** Saves files (and the cluster when it can be restored) now. */
  save(): void {
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    writeJSON(`${this.key}:files`, this.fs.toJSON());
    if (this.journal.length > MAX_JOURNAL_ENTRIES) {
      removeKey(`${this.key}:journal`);
      return;
    }
    const saved: SavedJournal = {
      version: JOURNAL_VERSION,
      seed: this.spec.seed,
      preset: this.spec.preset ?? null,
      time: this.cluster.now(),
      entries: this.journal,
      ...(sameFiles(this.journalFiles, this.spec.files) ? {} : { files: this.journalFiles }),
    };
    writeJSON(`${this.key}:journal`, saved);
  }

  scheduleSave(): void {
    this.saveTimer ??= setTimeout(() => this.save(), SAVE_DELAY_MS);
  }

  text(): string {
    return this.xterm.text();
  }

  private freshCluster(): Cluster {
    return sim.createCluster({ seed: this.spec.seed, ...(this.spec.preset ? { preset: this.spec.preset } : {}) });
  }

  /** Rebuilds the saved cluster by replaying its journal; false when there is none to use. */
  private async restoreCluster(): Promise<boolean> {
    removeKey(`${this.key}:cluster`); // the old snapshot format
    const saved = readJSON(`${this.key}:journal`) as Partial<SavedJournal> | undefined;
    if (!saved || saved.version !== JOURNAL_VERSION || saved.seed !== this.spec.seed) return false;
    if ((saved.preset ?? undefined) !== this.spec.preset || !Array.isArray(saved.entries) || typeof saved.time !== 'number') {
      return false;
    }
    this.xterm.write('Restoring your cluster...');
    try {
      const cluster = this.freshCluster();
      const base = isStringRecord(saved.files) ? saved.files : this.spec.files;
      await replayJournal({
        cluster,
        fs: createMemoryFS(base),
        entries: saved.entries,
        until: saved.time,
        yieldToHost: fastYield,
      });
      this.cluster = cluster;
      this.journal = saved.entries;
      this.journalFiles = base;
      return true;
    } catch (e) {
      console.warn('Could not rebuild the saved cluster; starting a fresh one.', e);
      return false;
    } finally {
      this.xterm.write('\r\x1b[2K');
    }
  }

  /** The spec's setup commands, run quietly before the reader's first prompt (and journaled). */
  private async runSetup(): Promise<void> {
    const lines = await this.spec.setup().catch((e: unknown) => {
      console.warn('Could not load the setup.', e);
      return [] as string[];
    });
    if (!lines.length) return;
    const quiet = createInteractiveShell({
      terminal: { write: () => {}, onData: () => () => {}, cols: 80, rows: 24 },
      cluster: this.cluster,
      fs: this.fs,
      prompt: '',
      yieldToHost,
      ...this.journalHooks(),
    });
    const driver = startRealtimeDriver(this.cluster, { held: () => quiet.loading.active });
    try {
      // Setup waits (a `kubectl wait` for a Pod) are skipped: the reader did not ask for them.
      for (const line of lines) await runSkippingWaits(quiet, this.cluster, line, () => quiet.loading.active);
    } finally {
      driver.stop();
      quiet.dispose();
    }
  }

  private startShell(): void {
    const historyKey = `${this.key}:history`;
    const cluster = this.cluster;
    this.waits = watchWaits({
      clock: cluster.clock,
      busy: () => this.shell.busy,
      streaming: () => this.streaming(),
      loading: () => this.shell?.loading.active ?? false,
      yieldToHost: fastYield,
      onOffer: (offer) => {
        for (const cb of this.waitListeners) cb(offer);
      },
      onSkipped: (ms) => {
        for (const cb of this.skipListeners) cb(ms);
      },
    });
    const hooks = this.journalHooks();
    this.shell = createInteractiveShell({
      terminal: this.screen,
      cluster,
      fs: this.fs,
      history: {
        load: () => {
          const h = readJSON(historyKey);
          return Array.isArray(h) ? h.filter((x): x is string => typeof x === 'string') : [];
        },
        save: (lines) => void writeJSON(historyKey, lines),
      },
      prompt: '\x1b[1;32mlearner@course\x1b[0m:\x1b[1;34m~\x1b[0m$ ',
      sleep: this.waits.sleep((ms, interrupt) => clockSleep(cluster.clock, ms, interrupt)),
      yieldToHost,
      onCommandStart: (line) => {
        this.streamingNow = false;
        hooks.onCommandStart(line);
        this.waits.commandStarted();
        this.requests.commandStarted();
        this.log?.commandStarted(line, this.requests.active);
      },
      onCommand: () => {
        this.log?.commandEnded();
        this.streamingNow = false;
        this.waits.commandEnded();
        this.requests.commandEnded();
        this.scheduleSave();
      },
      onInterrupt: () => {
        hooks.onInterrupt();
        this.requests.onInterrupt();
      },
      onStreaming: () => {
        this.streamingNow = true;
        this.requests.onStreaming();
      },
    });
    // Cluster time stands still while a command's code loads (the terminal's own loading state).
    const shell = this.shell;
    this.driver = startRealtimeDriver(cluster, { held: () => shell.loading.active });
    this.unsubscribeStore = cluster.store.subscribe(() => this.scheduleSave());
  }

  /** Shell hooks that record each command's start and Ctrl-C in the journal. */
  private journalHooks(): { onCommandStart: (line: string) => void; onInterrupt: () => void } {
    return {
      onCommandStart: (line) => {
        this.journal.push({ t: this.cluster.now(), line });
      },
      onInterrupt: () => {
        const last = this.journal[this.journal.length - 1];
        if (last?.line !== undefined && last.interruptedAt === undefined) last.interruptedAt = this.cluster.now();
      },
    };
  }

  private teardown(): void {
    this.driver?.stop();
    this.unsubscribeStore?.();
    this.shell.dispose();
  }
}

/** The accessible copy of terminal `id`'s output, in the elements Terminal.astro renders. */
function outputLogFor(id: string, host: HTMLElement): OutputLog | undefined {
  const live = document.querySelector<HTMLElement>(`[data-log-live="${CSS.escape(id)}"]`);
  const list = document.querySelector<HTMLElement>(`[data-log-lines="${CSS.escape(id)}"]`);
  return live && list ? createOutputLog({ live, list, words: host.dataset }) : undefined;
}

/** The session a terminal element runs: an exercise's when it carries `data-exercise`. */
function specFor(host: HTMLElement): SessionSpec {
  const config = readLessonConfig();
  const exerciseId = host.dataset.exercise;
  if (exerciseId) {
    return exerciseSpec(config, exerciseId, async () => (await loadExercise(exerciseId))?.setup ?? []);
  }
  return lessonSpec(config, host.id || 'terminal');
}

/**
 * Starts the terminal inside `host` (a <course-terminal>): replaces its placeholder with xterm,
 * boots the session, serves the page's queued Run/Apply requests, and marks `data-ready`.
 */
export async function startSession(host: HTMLElement, opts: { focus: boolean }): Promise<void> {
  const id = host.id || 'terminal';
  const term = openXterm(host, `${id}-help`);

  const session = new Session(specFor(host), term, outputLogFor(id, host));
  await session.boot();

  (window.__terminals ??= {})[id] = {
    text: () => session.text(),
    run: (line) => session.handle({ kind: 'run', commands: [line] }),
    save: () => session.save(),
    skip: () => session.skip(),
    now: () => session.cluster.now(),
  };
  serveTerminal(id, (r) => void session.handle(r));
  publishSession(id, session);
  addEventListener('pagehide', () => session.save());
  document.addEventListener('visibilitychange', () => {
    if (document.hidden) session.save();
  });
  wireTerminalControls(id, host, term, session);
  host.dataset.ready = '';
  performance.mark(`terminal-ready:${id}`);
  if (opts.focus) term.focus();
}
