/**
 * A tiny window-level mailbox between the page's small scripts (Run/Apply buttons, exercises)
 * and its terminals, which load later and lazily. Requests sent before a terminal is ready are
 * queued and delivered, in order, once it serves them; nothing a reader clicks is lost.
 *
 * It lives on `window.__courseBus` because each component's script is its own bundle entry:
 * a module-level variable could exist twice.
 */

/** What every request may carry. */
interface RequestCommon {
  /** Names the request in the `REQUEST_STATE_EVENT`s the terminal fires about it. */
  id?: string;
  /** Skip ahead through the waits of these commands at once (see fast-forward.ts). */
  fastForward?: boolean;
}

/** Something to do in a terminal. */
export type TerminalRequest =
  /** Type these commands, one after the other, each shown as if typed. */
  | (RequestCommon & { kind: 'run'; commands: string[] })
  /** Save `content` as `file` in the terminal's home directory, then type `kubectl apply -f file`. */
  | (RequestCommon & { kind: 'apply'; file: string; content: string })
  /** Open `file` of the terminal's home directory in the editor (`edit file`), saving `content` as it first if there is no such file. */
  | (RequestCommon & { kind: 'edit'; file: string; content: string });

/** Where a request stands: waiting behind another, running, or finished. */
export type RequestState = 'queued' | 'running' | 'done';

/** Detail of a `REQUEST_STATE_EVENT`. */
export interface RequestStateDetail {
  id: string;
  state: RequestState;
  /** With `done`: what the commands printed (plain text, colours removed). */
  output?: string;
  /** With `done`: true when a command was interrupted (the next button, or Ctrl-C). */
  interrupted?: boolean;
}

/** Fired on window as a request with an id moves through its states. */
export const REQUEST_STATE_EVENT = 'course:request-state';

/** Tells the page where request `detail.id` stands. */
export function reportRequest(detail: RequestStateDetail): void {
  window.dispatchEvent(new CustomEvent<RequestStateDetail>(REQUEST_STATE_EVENT, { detail }));
}

/** What a ready terminal offers to the rest of the page (exercises). */
export interface SessionHandle {
  /** The cluster behind the terminal now; changes when the reader resets it. */
  readonly cluster: import('../sim/index.ts').Cluster;
  /** Calls `cb` with each new cluster (after a reset); returns unsubscribe. */
  onClusterChange(cb: () => void): () => void;
  /** A fresh cluster prepared as at the start (setup included); files and history stay. */
  reset(): Promise<void>;
}

interface BusState {
  queue: { terminal: string; request: TerminalRequest }[];
  handlers: Record<string, (r: TerminalRequest) => void>;
  sessions: Record<string, SessionHandle>;
  sessionWaiters: Record<string, ((s: SessionHandle) => void)[]>;
}

declare global {
  interface Window {
    __courseBus?: BusState;
  }
}

function state(): BusState {
  return (window.__courseBus ??= { queue: [], handlers: {}, sessions: {}, sessionWaiters: {} });
}

/** The id of the page's first terminal (the one buttons talk to by default), or undefined. */
export function defaultTerminalId(): string | undefined {
  return document.querySelector('course-terminal')?.id || undefined;
}

/** Event a terminal element listens to: start loading now (a button was clicked). */
export const WAKE_EVENT = 'course:wake';

/**
 * Sends a request to a terminal: delivered at once when it is ready, else queued. Also wakes
 * the terminal element so it starts loading even if it is not on screen yet.
 */
export function sendToTerminal(terminalId: string, request: TerminalRequest): void {
  const s = state();
  const handler = s.handlers[terminalId];
  if (handler) handler(request);
  else s.queue.push({ terminal: terminalId, request });
  document.getElementById(terminalId)?.dispatchEvent(new CustomEvent(WAKE_EVENT));
}

/** The requests waiting for this terminal, in order (it should load without waiting to be seen). */
export function queuedFor(terminalId: string): TerminalRequest[] {
  return state()
    .queue.filter((q) => q.terminal === terminalId)
    .map((q) => q.request);
}

/** True when requests are waiting for this terminal. */
export function hasQueued(terminalId: string): boolean {
  return queuedFor(terminalId).length > 0;
}

/** A ready terminal takes its requests: the queued ones first, in order, then each new one. */
export function serveTerminal(terminalId: string, handler: (r: TerminalRequest) => void): void {
  const s = state();
  s.handlers[terminalId] = handler;
  const mine = s.queue.filter((q) => q.terminal === terminalId);
  s.queue = s.queue.filter((q) => q.terminal !== terminalId);
  for (const q of mine) handler(q.request);
}

/** Announces a terminal's session (its cluster) to whoever waits for it. */
export function publishSession(terminalId: string, session: SessionHandle): void {
  const s = state();
  s.sessions[terminalId] = session;
  const waiters = s.sessionWaiters[terminalId] ?? [];
  delete s.sessionWaiters[terminalId];
  for (const w of waiters) w(session);
}

/** Calls `cb` with the terminal's session once it exists (at once if it does). */
export function whenSession(terminalId: string, cb: (s: SessionHandle) => void): void {
  const s = state();
  const existing = s.sessions[terminalId];
  if (existing) cb(existing);
  else (s.sessionWaiters[terminalId] ??= []).push(cb);
}

/** Asks a terminal to start (without sending it anything). */
export function wakeTerminal(terminalId: string): void {
  document.getElementById(terminalId)?.dispatchEvent(new CustomEvent(WAKE_EVENT));
}
