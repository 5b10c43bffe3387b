/**
 * A lesson terminal's live session: xterm on screen, the course shell in it, one simulated
 * cluster per terminal (seeded from the lesson), the real-time clock driver, and persistence.
 * Loaded on demand by <course-terminal> (terminal-element.ts): everything heavy is imported
 * from here.
 *
 * Lifecycle: start -> (restore or create) cluster -> shell -> serve Run/Apply requests ->
 * reset (new cluster, lesson's files, history kept) -> ...
 *
 * Persisted in localStorage, per lesson and terminal (KEY = `course:term:<lessonId>#<terminalId>`):
 *   KEY:history  ["kubectl get pods", ...]                  (the shell's HistoryStore)
 *   KEY:files    {"/home/learner/pod.yaml": "apiVersion: v1\n..."}  (MemoryFS.toJSON())
 *   KEY:journal  {"version":2,"seed":7,"preset":null,"time":1796007700000,
 *                 "entries":[{"t":1796007605000,"line":"kubectl run web --image=nginx"}, ...]}
 * The cluster itself is not stored: on reload it is rebuilt by replaying the journal (every
 * command and page-written file, at its cluster time) on a fresh cluster from the same seed,
 * which the simulator's determinism makes the same cluster (see host/replay.ts). A journal
 * from another seed, preset or version is dropped. Version 1 (snapshots) is gone.
 */
import type { Terminal as XTerm } from '@xterm/xterm';
import * as sim from '../sim/index.ts';
import type { Cluster } from '../sim/index.ts';
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
import { seedFrom } from './code-meta.ts';

/** The lesson's settings, from #lesson-config (see layouts/LessonLayout.astro). */
interface LessonConfig {
  lessonId: string;
  seed: number;
  preset?: string;
  files: Record<string, string>;
  exercises: string[];
}

/** What tests (and curious readers) reach through `window.__terminals[id]`. */
export interface TerminalProbe {
  /** The terminal's buffer as text (scrollback included). */
  text(): string;
  /** Types `line` and resolves when its command has finished. */
  run(line: string): Promise<void>;
  /** Saves files, history and the cluster's journal now (instead of after the usual delay). */
  save(): void;
}

declare global {
  interface Window {
    __terminals?: Record<string, TerminalProbe>;
  }
}

const JOURNAL_VERSION = 2;
/** Journals longer than this are not saved (a reload then starts fresh rather than replaying for long). */
const MAX_JOURNAL_ENTRIES = 5000;

interface SavedJournal {
  version: number;
  seed: number;
  preset: string | null;
  time: number;
  entries: JournalEntry[];
}
const SAVE_DELAY_MS = 1000;

function readConfig(): LessonConfig {
  const raw = document.getElementById('lesson-config')?.textContent;
  const fallbackId = location.pathname.replace(/\/+$/, '') || 'home';
  try {
    const c = raw ? (JSON.parse(raw) as Partial<LessonConfig>) : {};
    return {
      lessonId: c.lessonId ?? fallbackId,
      seed: c.seed ?? seedFrom(fallbackId),
      ...(c.preset ? { preset: c.preset } : {}),
      files: c.files ?? {},
      exercises: c.exercises ?? [],
    };
  } catch {
    return { lessonId: fallbackId, seed: seedFrom(fallbackId), files: {}, exercises: [] };
  }
}

/** Waits until `pred` holds, checking every `ms`. */
async function until(pred: () => boolean, ms = 50): Promise<void> {
  while (!pred()) await new Promise((r) => setTimeout(r, ms));
}

class Session implements SessionHandle {
  cluster!: Cluster;
  private shell!: InteractiveShell;
  private fs!: MemoryFS;
  private driver: RealtimeDriver | undefined;
  private readonly clusterListeners = new Set<() => void>();
  private queue: Promise<void> = Promise.resolve();
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private unsubscribeStore: (() => void) | undefined;
  private readonly key: string;
  private readonly config: LessonConfig;
  private readonly term: XTerm;
  private readonly screen: XtermAdapter;
  /** Everything that changed the cluster, for rebuilding it after a reload. */
  private journal: JournalEntry[] = [];

  constructor(config: LessonConfig, terminalId: string, term: XTerm) {
    this.config = config;
    this.key = `course:term:${config.lessonId}#${terminalId}`;
    this.term = term;
    this.screen = adaptXterm(term);
  }

  /** Builds the cluster (restored when possible), the files and the shell. */
  async boot(): Promise<void> {
    const restored = await this.restoreCluster();
    if (!restored) {
      this.cluster = this.freshCluster();
      this.journal = [];
    }
    const files = readJSON(`${this.key}:files`);
    this.fs = createMemoryFS(isStringRecord(files) ? files : this.config.files);
    if (!restored) await this.runSetup();
    this.startShell();
  }

  onClusterChange(cb: () => void): () => void {
    this.clusterListeners.add(cb);
    return () => this.clusterListeners.delete(cb);
  }

  /** Queues a Run/Apply request behind earlier ones. */
  handle(request: TerminalRequest): Promise<void> {
    const job = this.queue.then(async () => {
      if (request.kind === 'run') {
        for (const line of request.commands) await this.type(line);
      } else {
        this.journal.push({ t: this.cluster.now(), write: { path: `${HOME}/${request.file}`, content: request.content } });
        this.fs.write(`${HOME}/${request.file}`, request.content);
        await this.type(`kubectl apply -f ${request.file}`);
      }
    });
    this.queue = job.catch((e: unknown) => console.error(e));
    return job;
  }

  /** Runs `line` as if typed at the prompt; a command still running is interrupted first (Ctrl-C). */
  private async type(line: string): Promise<void> {
    if (this.shell.busy) {
      this.shell.interrupt();
      await until(() => !this.shell.busy);
    }
    await this.shell.runCommand(line);
    this.scheduleSave();
  }

  /** Fresh cluster and lesson files; history stays. */
  async reset(): Promise<void> {
    // Stop what runs first: a queued `kubectl get -w` would otherwise keep the queue busy forever.
    this.shell.interrupt();
    await this.queue;
    this.shell.interrupt();
    this.teardown();
    removeKey(`${this.key}:journal`);
    removeKey(`${this.key}:files`);
    this.journal = [];
    this.term.reset();
    this.cluster = this.freshCluster();
    this.fs = createMemoryFS(this.config.files);
    await this.runSetup();
    this.startShell();
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
      seed: this.config.seed,
      preset: this.config.preset ?? null,
      time: this.cluster.now(),
      entries: this.journal,
    };
    writeJSON(`${this.key}:journal`, saved);
  }

  scheduleSave(): void {
    this.saveTimer ??= setTimeout(() => this.save(), SAVE_DELAY_MS);
  }

  text(): string {
    return this.screen.text();
  }

  private freshCluster(): Cluster {
    return sim.createCluster({ seed: this.config.seed, ...(this.config.preset ? { preset: this.config.preset } : {}) });
  }

  /** Rebuilds the saved cluster by replaying its journal; false when there is none to use. */
  private async restoreCluster(): Promise<boolean> {
    removeKey(`${this.key}:cluster`); // the old snapshot format
    const saved = readJSON(`${this.key}:journal`) as Partial<SavedJournal> | undefined;
    if (!saved || saved.version !== JOURNAL_VERSION || saved.seed !== this.config.seed) return false;
    if ((saved.preset ?? undefined) !== this.config.preset || !Array.isArray(saved.entries) || typeof saved.time !== 'number') {
      return false;
    }
    this.screen.write('Restoring your cluster...');
    try {
      const cluster = this.freshCluster();
      await replayJournal({
        cluster,
        fs: createMemoryFS(this.config.files),
        entries: saved.entries,
        until: saved.time,
        yieldToHost: fastYield,
      });
      this.cluster = cluster;
      this.journal = saved.entries;
      return true;
    } catch (e) {
      console.warn('Could not rebuild the saved cluster; starting a fresh one.', e);
      return false;
    } finally {
      this.screen.write('\r\x1b[2K');
    }
  }

  /** The exercises' setup commands, run quietly before the reader's first prompt. */
  private async runSetup(): Promise<void> {
    // Only the modules of this lesson's exercises download; one that cannot load has no setup.
    const exercises = await Promise.all(
      this.config.exercises.map((id) =>
        loadExercise(id).catch((e: unknown) => {
          console.warn(`Could not load exercise ${id}.`, e);
          return undefined;
        }),
      ),
    );
    // The Services and Cluster DNS exercises each run on a cluster of their own.
    const lines = exercises.filter((e) => e && e.lesson !== 'services' && e.lesson !== 'dns').flatMap((e) => e?.setup ?? []);
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
      for (const line of lines) await quiet.runCommand(line);
    } finally {
      driver.stop();
      quiet.dispose();
    }
  }

  private startShell(): void {
    const historyKey = `${this.key}:history`;
    this.shell = createInteractiveShell({
      terminal: this.screen,
      cluster: this.cluster,
      fs: this.fs,
      history: {
        load: () => {
          const h = readJSON(historyKey);
          return Array.isArray(h) ? h.filter((x): x is string => typeof x === 'string') : [];
        },
        save: (lines) => void writeJSON(historyKey, lines),
      },
      prompt: '\x1b[1;32mlearner@course\x1b[0m:\x1b[1;34m~\x1b[0m$ ',
      yieldToHost,
      onCommand: () => this.scheduleSave(),
      ...this.journalHooks(),
    });
    // Cluster time stands still while a command's code loads (the terminal's own loading state).
    const shell = this.shell;
    this.driver = startRealtimeDriver(this.cluster, { held: () => shell.loading.active });
    this.unsubscribeStore = this.cluster.store.subscribe(() => this.scheduleSave());
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

/** Lets the page paint and take keys (Ctrl-C) during long scripts and pastes. */
const yieldToHost = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

/** A macrotask without setTimeout's 4 ms clamp, for replaying a journal quickly. */
const fastYield = (): Promise<void> =>
  new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      ch.port1.close();
      resolve();
    };
    ch.port2.postMessage(null);
  });

function isStringRecord(x: unknown): x is Record<string, string> {
  return typeof x === 'object' && x !== null && !Array.isArray(x) && Object.values(x).every((v) => typeof v === 'string');
}

/**
 * Starts the terminal inside `host` (a <course-terminal>): replaces its placeholder with xterm,
 * boots the session, serves the page's queued Run/Apply requests, and marks `data-ready`.
 */
export async function startSession(host: HTMLElement, opts: { focus: boolean }): Promise<void> {
  const config = readConfig();
  const id = host.id || 'terminal';
  const term = openXterm(host, `${id}-help`);

  const session = new Session(config, id, term);
  await session.boot();

  (window.__terminals ??= {})[id] = {
    text: () => session.text(),
    run: (line) => session.handle({ kind: 'run', commands: [line] }),
    save: () => session.save(),
  };
  serveTerminal(id, (r) => void session.handle(r));
  publishSession(id, session);
  addEventListener('pagehide', () => session.save());
  document.addEventListener('visibilitychange', () => {
    if (document.hidden) session.save();
  });

  const reset = document.querySelector<HTMLButtonElement>(`button[data-reset="${CSS.escape(id)}"]`);
  if (reset) {
    reset.disabled = false;
    reset.addEventListener('click', () => {
      if (!confirm(host.dataset.resetConfirm ?? 'Reset the cluster?')) return;
      reset.disabled = true;
      void session.reset().finally(() => {
        reset.disabled = false;
        term.focus();
      });
    });
  }
  host.dataset.ready = '';
  performance.mark(`terminal-ready:${id}`);
  if (opts.focus) term.focus();
}
