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
 * a lesson's terminal, `course:term:exercise:<exerciseId>` for an exercise's; `course:` is
 * `course@<base>:` under a sub-path, see storage.ts), through session-store.ts:
 *   KEY:history  ["kubectl get pods", ...]                  (the shell's HistoryStore; entries
 *                over 4 KB, such as a pasted heredoc, are kept for this visit only)
 *   KEY:journal  {"version":2,"seed":7,"preset":null,"time":1796007700000,
 *                 "entries":[{"t":1796007605000,"line":"kubectl run web --image=nginx"}, ...],
 *                 "files":{...},      (the files the journal starts from, when not the lesson's)
 *                 "endFiles":{...}}   (the terminal's files when saved: written with the journal
 *                                      in one write, so the two never disagree)
 *   KEY:files    {"/home/learner/pod.yaml": "..."}  only when the journal is too long to keep
 * Read-only command lines (`kubectl get pods`, `cat x`) are not journaled (read-only-command.ts).
 * A save the storage refuses first clears the oldest other lessons' sessions, then says so in
 * the terminal; damaged saved data is dropped with a notice. One tab owns a session at a time
 * (tab-lock.ts): another tab of the same lesson gets a read-only terminal and a "Take over".
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
import type { EditRequest } from '../command/contract.ts';
import type { OpenEditor } from './editor/editor-panel.ts';
import { loadExercise } from '../exercises/by-lesson.ts';
import { publishSession, queuedFor, reportRequest, serveTerminal, type SessionHandle, type TerminalRequest } from './bus.ts';
import { adaptXterm, type XtermAdapter } from './xterm-terminal.ts';
import { openXterm } from './xterm-open.ts';
import { startRealtimeDriver, type RealtimeDriver } from './realtime-driver.ts';
import { localStore, readJSON, readStored, removeKey } from './storage.ts';
import { saveSession } from './session-store.ts';
import { isReadOnlyLine } from './read-only-command.ts';
import { asNotice, noticeWords } from './terminal-notices.ts';
import { claimSession } from './tab-lock.ts';
import { FreshStartChosen, watchRestore } from './restore-progress.ts';
import { exerciseSpec, lessonSpec, readLessonConfig, type SessionSpec } from './session-spec.ts';
import { tapScreen, type TappedScreen } from './screen-tap.ts';
import { RequestRunner } from './request-runner.ts';
import { watchWaits, type WaitOffer, type WaitWatch } from './fast-forward.ts';
import { wireTerminalControls } from './terminal-controls.ts';
import { createOutputLog, type OutputLog } from './output-log.ts';
import { step } from './start-schedule.ts';
import { IDLE_PACE, pauseFor, runInTasks, type StartPace } from './run-in-tasks.ts';
import { warmRequestCode } from './command-code.ts';
import { prefetchCommandFlags } from '../kubectl/cli/command-flags.ts';
import {
  fastYield,
  isJournalEntry,
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

/** What the page offers above a terminal: a line with a button, a line with a download. */
interface SessionActions {
  /** Shows `text` with a button `label` that runs `onClick`; returns a function that removes it. */
  offer(text: string, label: string, onClick: () => void): () => void;
  /** Shows `text` with a link that downloads `content` as `fileName`. */
  download(text: string, fileName: string, content: string): void;
}

const SAVE_DELAY_MS = 1000;
/** How often typing into a read-only terminal repeats why it is refused. */
const READ_ONLY_NOTICE_EVERY_MS = 5000;
/** History entries longer than this (a pasted manifest) are not stored: the journal and the files already hold them. */
const MAX_STORED_HISTORY_ENTRY = 4096;

class Session implements SessionHandle {
  cluster!: Cluster;
  private shell!: InteractiveShell;
  private fs!: MemoryFS;
  private driver: RealtimeDriver | undefined;
  /** How the start's cluster build paces itself (run-in-tasks.ts); a reset builds at the idle pace. */
  private pace: StartPace = IDLE_PACE;
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
  /** True while another tab owns this session: nothing is saved from here. */
  private readOnly = false;
  /** Notices already shown (each once until the condition clears). */
  private readonly told = new Set<string>();
  /** Whether the command running now was journaled (read-only lines are not). */
  private journaledNow = false;
  /** The journal entry of the command running now, when it was journaled (its editor's answers go there). */
  private entryNow: JournalEntry | undefined;
  /** The editor panel open now, if any. */
  private editorNow: OpenEditor | undefined;

  /** Buttons the page shows above the terminal (a fresh start during a slow restore, a download). */
  private readonly actions: SessionActions | undefined;

  constructor(spec: SessionSpec, term: XTerm, log?: OutputLog, actions?: SessionActions) {
    this.log = log;
    this.actions = actions;
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
      refuse: () => this.refused(),
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
      hasFile: (file) => this.fs.exists(`${HOME}/${file}`),
      writeFile: (file, content) => {
        this.journal.push({ t: this.cluster.now(), write: { path: `${HOME}/${file}`, content } });
        this.fs.write(`${HOME}/${file}`, content);
      },
      autoSkip: (on) => this.waits.autoSkip(on),
      tap: (cb) => this.screen.tap(cb),
    });
  }

  /** Builds the cluster (restored when possible), the files and the shell, at `pace`. */
  async boot(pace: StartPace = IDLE_PACE): Promise<void> {
    this.pace = pace;
    // Each step its own task (restore yields as it replays): the page stays responsive meanwhile.
    const { restored, files: savedFiles } = await this.restoreCluster();
    if (!restored) {
      this.cluster = await this.freshCluster();
      this.journal = [];
    }
    const files = savedFiles ?? readJSON(`${this.key}:files`);
    this.fs = createMemoryFS(isStringRecord(files) ? files : this.spec.files);
    if (!restored) {
      this.journalFiles = this.fs.toJSON();
      await this.runSetup();
    }
    await step('shell', () => this.startShell());
    this.pace = IDLE_PACE;
    prefetchWhenIdle();
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

  /** Queues a Run/Apply request behind earlier ones (refused, with a notice, while read-only). */
  handle(request: TerminalRequest): Promise<void> {
    if (this.refused()) {
      if (request.id) reportRequest({ id: request.id, state: 'done', output: noticeWords().readOnly.replace(/^course: /, '') });
      return Promise.resolve();
    }
    // Its commands' code downloads now, while earlier requests still run.
    warmRequestCode(request);
    return this.requests.handle(request);
  }

  /** Feeds keys to the shell as if typed (the on-screen key bar); nothing while read-only. */
  input(data: string): void {
    if (!this.refused()) this.xterm.input(data);
  }

  /** Wall time (ms) the read-only notice was last shown, so that typing does not repeat it on every key. */
  private readOnlyToldAt = -Infinity;

  /** True while read-only: input is refused, and the notice says why (at most every few seconds). */
  private refused(): boolean {
    if (!this.readOnly) return false;
    const now = Date.now();
    if (now - this.readOnlyToldAt > READ_ONLY_NOTICE_EVERY_MS) {
      this.readOnlyToldAt = now;
      this.notice(noticeWords().readOnly);
    }
    return true;
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
    if (!this.readOnly) removeKey(`${this.key}:journal`);
    this.journal = [];
    this.journalFiles = this.fs.toJSON();
    this.term.reset();
    this.cluster = await this.freshCluster();
    await this.runSetup();
    this.startShell();
    this.save();
    for (const cb of this.clusterListeners) cb();
  }

  /** Saves files and the cluster's journal (together) now; says so in the terminal when it cannot. */
  save(): void {
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    if (this.readOnly) return;
    const files = this.fs.toJSON();
    const tooLong = this.journal.length > MAX_JOURNAL_ENTRIES;
    const saved: SavedJournal | undefined = tooLong
      ? undefined
      : {
          version: JOURNAL_VERSION,
          seed: this.spec.seed,
          preset: this.spec.preset ?? null,
          time: this.cluster.now(),
          entries: this.journal,
          ...(sameFiles(this.journalFiles, this.spec.files) ? {} : { files: this.journalFiles }),
          endFiles: files,
        };
    if (tooLong) this.tell('tooLong');
    this.store({ journal: saved, files: tooLong ? files : undefined });
  }

  /** Writes session parts, evicting old lessons' sessions when full; notices on eviction and failure. */
  private store(parts: Parameters<typeof saveSession>[1]): void {
    if (this.readOnly) return;
    const words = noticeWords();
    const { ok, evicted } = saveSession(this.key, parts, localStore(), Date.now());
    if (evicted.length) this.notice(words.evicted(evicted.length));
    if (ok) this.told.delete('saveFailed');
    else this.tell('saveFailed');
  }

  /** Shows notice `which` once (until its condition clears). */
  private tell(which: 'saveFailed' | 'tooLong' | 'corrupt' | 'replayFailed' | 'startedFresh'): void {
    if (this.told.has(which)) return;
    this.told.add(which);
    this.notice(noticeWords()[which]);
  }

  /** A notice in the terminal, above the prompt (or written straight away before the shell runs). */
  notice(text: string): void {
    const line = asNotice(text);
    if (this.shell) this.shell.notice(line.replace(/^\r\n/, ''));
    else this.pendingNotices.push(line);
  }

  private pendingNotices: string[] = [];

  /**
   * Read-only while another tab owns the session: nothing is saved, typing, the key bar and Run
   * buttons are refused with a notice, and a command running here is stopped (its cluster is
   * no longer the one that counts).
   */
  setReadOnly(on: boolean): void {
    if (on) {
      clearTimeout(this.saveTimer);
      this.saveTimer = undefined;
      if (this.shell?.busy) this.shell.interrupt();
    }
    this.readOnly = on;
    this.term.options.cursorBlink = !on;
    this.term.textarea?.setAttribute('aria-readonly', String(on));
  }

  scheduleSave(): void {
    if (this.readOnly) return;
    this.saveTimer ??= setTimeout(() => this.save(), SAVE_DELAY_MS);
  }

  text(): string {
    return this.xterm.text();
  }

  /**
   * A new cluster from the spec's seed and preset, built in short tasks (the page stays
   * responsive); when the preset needs simulator code that loads on first use, that code loads
   * first and the cluster is built again with it.
   */
  private async freshCluster(): Promise<Cluster> {
    const opts = { seed: this.spec.seed, ...(this.spec.preset ? { preset: this.spec.preset } : {}) };
    for (;;) {
      const cluster = await step('cluster', () => runInTasks(sim.createClusterSteps(opts), { name: 'cluster', pace: this.pace }));
      if (!cluster.code.loading) return cluster;
      await cluster.code.ready();
    }
  }

  /**
   * Rebuilds the saved cluster by replaying its journal; `restored` false when there is none to
   * use. `files` are the terminal's files saved with the journal (kept even when the replay fails).
   */
  private async restoreCluster(): Promise<{ restored: boolean; files?: Record<string, string> }> {
    removeKey(`${this.key}:cluster`); // the old snapshot format
    const read = readStored(`${this.key}:journal`);
    if (read.state === 'missing') return { restored: false };
    const saved = read.state === 'ok' ? (read.value as Partial<SavedJournal> | null) : undefined;
    if (typeof saved !== 'object' || saved === null || Array.isArray(saved)) {
      // Not JSON, or not an object: damaged. A reload would hit it again, so it goes.
      this.tell('corrupt');
      removeKey(`${this.key}:journal`);
      return { restored: false };
    }
    const files = isStringRecord(saved.endFiles) ? saved.endFiles : undefined;
    // Another seed, preset or version: the lesson changed since; start afresh, quietly (files kept).
    if (saved.version !== JOURNAL_VERSION || saved.seed !== this.spec.seed || (saved.preset ?? undefined) !== this.spec.preset) {
      return { restored: false, ...(files ? { files } : {}) };
    }
    if (!Array.isArray(saved.entries) || typeof saved.time !== 'number' || !saved.entries.every(isJournalEntry)) {
      this.tell('corrupt');
      removeKey(`${this.key}:journal`);
      return { restored: false, ...(files ? { files } : {}) };
    }
    const cluster = await this.freshCluster();
    const words = noticeWords();
    let removeOffer: (() => void) | undefined;
    const watch = watchRestore({
      clusterNow: () => cluster.now(),
      from: saved.entries[0]?.t ?? saved.time,
      until: saved.time,
      wallNow: () => performance.now(),
      write: (text) => this.xterm.write(text),
      words,
      yieldToHost: fastYield,
      onOffer: () => (removeOffer = this.actions?.offer(words.restoreSlowNotice, words.startFresh, () => watch.startFresh())),
    });
    // Ctrl-C (the shell is not listening yet) chooses a fresh start too, once it is offered.
    const unlisten = this.xterm.onData((d) => {
      if (d === '\x03' && watch.offered) watch.startFresh();
    });
    try {
      const base = isStringRecord(saved.files) ? saved.files : this.spec.files;
      await replayJournal({
        cluster,
        fs: createMemoryFS(base),
        entries: saved.entries,
        until: saved.time,
        yieldToHost: () => watch.yieldToHost(),
      });
      this.cluster = cluster;
      this.journal = saved.entries;
      this.journalFiles = base;
      return { restored: true, ...(files ? { files } : {}) };
    } catch (e) {
      if (e instanceof FreshStartChosen) {
        // The earlier session stays the learner's: a progress file with it, before a save replaces it.
        const storage = localStore();
        const { buildExport } = await import('./progress-export.ts');
        const file = storage ? buildExport(storage, { now: new Date() }) : undefined;
        this.tell('startedFresh');
        if (file) this.actions?.download(words.startedFreshDownload, 'k8s-course-before-fresh-start.json', JSON.stringify(file, null, 2));
      } else {
        console.warn('Could not rebuild the saved cluster; starting a fresh one.', e);
        this.tell('replayFailed');
      }
      return { restored: false, ...(files ? { files } : {}) };
    } finally {
      unlisten();
      removeOffer?.();
      watch.done();
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
    const driver = startRealtimeDriver(this.cluster.clock, { held: () => quiet.loading.active });
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
        save: (lines) => this.store({ history: lines.filter((l) => l.length <= MAX_STORED_HISTORY_ENTRY) }),
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
      onInternalError: (e) => console.error('Internal error in the terminal:', e),
      edit: (request) => this.edit(request),
    });
    for (const n of this.pendingNotices.splice(0)) this.shell.notice(n.replace(/^\r\n/, ''));
    // Cluster time stands still while a command's code loads (the terminal's own loading state).
    const shell = this.shell;
    this.driver = startRealtimeDriver(cluster.clock, { held: () => shell.loading.active });
    this.unsubscribeStore = cluster.store.subscribe(() => this.scheduleSave());
  }

  /** Shell hooks that record each command's start and Ctrl-C in the journal. */
  private journalHooks(): { onCommandStart: (line: string) => void; onInterrupt: () => void } {
    return {
      onCommandStart: (line) => {
        // Lines that only read change nothing a replay needs, and would crowd the journal.
        this.journaledNow = !isReadOnlyLine(line);
        this.entryNow = this.journaledNow ? { t: this.cluster.now(), line } : undefined;
        if (this.entryNow) this.journal.push(this.entryNow);
      },
      onInterrupt: () => {
        if (!this.journaledNow) return;
        const last = this.journal[this.journal.length - 1];
        if (last?.line !== undefined && last.interruptedAt === undefined) last.interruptedAt = this.cluster.now();
      },
    };
  }

  /**
   * The terminal's editor (ExecContext.edit): the editor panel, loaded on first use. What it
   * gives back is journaled with the command, at the cluster time it did, so that a replay
   * (host/replay.ts) makes the same edit at the same moment.
   */
  private async edit(request: EditRequest): Promise<string | null> {
    const entry = this.entryNow;
    const { openEditor } = await import('./editor/editor-panel.ts');
    const open = openEditor({ ...request, returnFocus: () => this.term.focus() });
    this.editorNow = open;
    const text = await open.result;
    if (this.editorNow === open) this.editorNow = undefined;
    if (entry) (entry.edits ??= []).push({ t: this.cluster.now(), text, ...(text !== null ? { from: request.text } : {}) });
    this.scheduleSave();
    return text;
  }

  private teardown(): void {
    this.editorNow?.close();
    this.driver?.stop();
    this.unsubscribeStore?.();
    this.shell.dispose();
  }
}

/** A line above the terminal (class `className`) with a button; returns a function that removes it. */
function offerAbove(host: HTMLElement, className: string, text: string, label: string, onClick: () => void): () => void {
  const note = document.createElement('p');
  note.className = className;
  note.setAttribute('role', 'status');
  note.textContent = `${text.replace(/^course: /, '')} `;
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = label;
  button.addEventListener('click', () => {
    button.disabled = true;
    onClick();
  });
  note.append(button);
  host.before(note);
  return () => note.remove();
}

/** A line above the terminal with a link that downloads `content` (JSON) as `fileName`. */
function downloadAbove(host: HTMLElement, text: string, fileName: string, content: string): void {
  const note = document.createElement('p');
  note.className = 'terminal-notice-bar';
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([content], { type: 'application/json' }));
  link.download = fileName;
  link.textContent = text;
  note.append(link);
  host.before(note);
}

/** The page's side of SessionActions, above terminal `host`. */
function actionsAbove(host: HTMLElement): SessionActions {
  return {
    offer: (text, label, onClick) => offerAbove(host, 'terminal-notice-bar', text, label, onClick),
    download: (text, fileName, content) => downloadAbove(host, text, fileName, content),
  };
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
export async function startSession(host: HTMLElement, opts: { focus: boolean; pace?: StartPace }): Promise<void> {
  const id = host.id || 'terminal';
  const pace = opts.pace ?? IDLE_PACE;
  // The clicks that are waiting for this terminal: their commands' code downloads during the start.
  for (const request of queuedFor(id)) warmRequestCode(request);
  const term = await openXterm(host, `${id}-help`, () => pauseFor(pace));
  await pauseFor(pace);

  const spec = specFor(host);
  const session = new Session(spec, term, outputLogFor(id, host), actionsAbove(host));
  const words = noticeWords();
  const claim = await claimSession(spec.key, {
    beforeRelease: () => session.save(),
    onLost: () => {
      session.setReadOnly(true);
      session.notice(words.takenOver);
      host.dataset.readOnly = '';
    },
  });
  if (!claim.owned) {
    session.setReadOnly(true);
    host.dataset.readOnly = '';
    session.notice(words.otherTab);
    offerAbove(host, 'terminal-tab-notice', words.otherTab, words.takeOver, () => void claim.takeOver());
  }
  await pauseFor(pace);
  await session.boot(pace);
  await pauseFor(pace);

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

/** How long after the terminal is ready the on-first-use simulator code is fetched. */
const PREFETCH_AFTER_MS = 5_000;

/**
 * A while after the terminal is up, when the page is idle, fetches the simulator code that loads
 * on first use (the StatefulSet and volume, batch, HPA and quota controllers) and the flag lines
 * of kubectl's commands but `get` (which Tab completion of their flags reads), so a later
 * command that needs them does not wait for a download. Not at once: starting the terminal stays
 * the only download of its start. A failure (offline) is harmless: the code is fetched again
 * when needed.
 */
function prefetchWhenIdle(): void {
  const fetchAll = (): void => {
    sim.loadInstallerCode().catch(() => {});
    prefetchCommandFlags();
  };
  setTimeout(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(fetchAll, { timeout: 5_000 });
    else fetchAll();
  }, PREFETCH_AFTER_MS);
}
