/**
 * The shell as a learner meets it in a terminal: prompt, line editing, history, Tab
 * completion, Ctrl-C, `> ` continuation lines for open quotes and here-documents, and
 * typeahead while a command runs. Everything it draws goes through the Terminal interface.
 *
 * Lifecycle: created -> prompt shown -> (keys | runCommand) -> a complete command runs
 * (busy; keys queue up, Ctrl-C interrupts) -> output -> next prompt ... -> dispose().
 */
import type { ExecContext, Interrupt } from '../command/contract.ts';
import { complete } from './completion.ts';
import { History } from './history.ts';
import { InputQueue, type InputItem } from './input-queue.ts';
import { InterruptController } from '../command/interrupt.ts';
import { KeyParser, type Key } from './keys.ts';
import { LineBuffer, applyEditingKey } from './line-editor.ts';
import { parse, readingDialect } from './parse.ts';
import { finishLine, redraw, safeOutput, toTerminal } from './render.ts';
import { columns } from './builtins/ls.ts';
import type { Shell } from './shell.ts';
import type { Terminal } from './terminal.ts';

/** Longest line the editor accepts; longer input is cut with a message (a 10 MB paste must not freeze). */
export const MAX_LINE = 100_000;
/** Longest multi-line command (heredoc included) the shell accepts. */
export const MAX_COMMAND = 2_000_000;
/** How many microtask turns a Ctrl-C'd command gets to finish before the prompt comes back without it. */
const ABANDON_TURNS = 64;

export interface InteractiveOptions {
  terminal: Terminal;
  shell: Shell;
  history: History;
  prompt: string;
  continuationPrompt: string;
  kubectlComplete?: (args: string[]) => string[];
  yieldToHost?: () => Promise<void>;
  onCommand?: (line: string, status: number) => void;
  /** Called as a command starts running, with its full text (heredoc lines included). */
  onCommandStart?: (source: string) => void;
  /** Called when Ctrl-C interrupts a running command. */
  onInterrupt?: () => void;
  /** Called with an error that escaped a command or the line editor (the reader sees `bash: internal error`). */
  onInternalError?: (e: unknown) => void;
  /** The host's editor, handed to commands run at this terminal (see ExecContext.edit). */
  edit?: ExecContext['edit'];
}

/** Drives one Shell from one Terminal. */
export class InteractiveSession {
  private readonly o: InteractiveOptions;
  private readonly keys = new KeyParser();
  private readonly buffer = new LineBuffer();
  private readonly queue = new InputQueue();
  private pendingLines: string[] = [];
  /** Characters in pendingLines (newlines included), kept as lines arrive. */
  private pendingLength = 0;
  /** The quote the pending lines end inside, when they do (see ParseResult.openQuote). */
  private openQuote: "'" | '"' | undefined;
  private waitingFor: { delimiter: string; stripTabs: boolean } | undefined;
  private prompt: string;
  private drawnRow = 0;
  private atLineStart = true;
  private running: InterruptController | undefined;
  private runningSource = '';
  /** Bumped when a command is abandoned, so that its late output is dropped. */
  private generation = 0;
  private pumping = false;
  private submitting = false;
  /** A running program waiting for a typed line (readLine): keys edit that line, not the shell's. */
  private reading: { resolve: (line: string | null) => void } | undefined;
  private disposed = false;
  private readonly unsubscribe: () => void;

  constructor(o: InteractiveOptions) {
    this.o = o;
    this.prompt = this.mainPrompt();
    this.unsubscribe = o.terminal.onData((d) => this.onData(d));
    // Background jobs write when they have something to say; at the prompt, above it.
    o.shell.jobOutput = (text) => {
      if (!text || this.disposed) return;
      if (this.busy || this.submitting) {
        this.write(toTerminal(safeOutput(text)));
        this.atLineStart = text.endsWith('\n');
      } else this.notice(toTerminal(safeOutput(text.endsWith('\n') ? text : text + '\n')));
    };
    this.write('\x1b[?2004h');
    this.showPrompt();
  }

  get busy(): boolean {
    return this.running !== undefined;
  }

  /** Types `text` (one or more lines) and presses Enter after each; resolves when all have run. */
  runCommand(text: string): Promise<void> {
    return new Promise((resolve) => {
      if (this.disposed) return resolve();
      const lines = text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
      this.queue.push({ kind: 'lines', lines, next: 0, submitLast: true, replace: true });
      this.queue.push({ kind: 'callback', fn: resolve });
      void this.pump();
    });
  }

  /** Ctrl-C: stops the running command, or abandons the line being typed. */
  interrupt(): void {
    this.handleKey({ type: 'key', name: 'ctrl+c' }, true);
  }

  /**
   * Prints a host's notice (text ending in a newline) on lines of its own: above the prompt
   * and the line being typed, which are drawn again below it, or after a running command's output.
   */
  notice(text: string): void {
    if (this.disposed || !text) return;
    if (this.busy || this.submitting) {
      if (!this.atLineStart) this.write('\r\n');
      this.write(text);
      this.atLineStart = text.endsWith('\n');
      return;
    }
    this.write(`${this.drawnRow > 0 ? `\x1b[${this.drawnRow}A` : ''}\r\x1b[J${text}`);
    this.drawnRow = 0;
    this.render();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.unsubscribe();
    this.running?.trigger();
    this.queue.drop();
    this.endReading(null);
    // The terminal closes: its background jobs get SIGHUP, as when bash's terminal goes away.
    this.o.shell.hangUp();
  }

  private write(s: string): void {
    if (!this.disposed && s) this.o.terminal.write(s);
  }

  private onData(data: string): void {
    if (this.disposed) return;
    try {
      for (const key of this.keys.feed(data)) {
        const ctrlC = key.type === 'key' && key.name === 'ctrl+c';
        if (ctrlC && this.busy) this.interrupt();
        else if (ctrlC && this.queue.length) {
          // Ctrl-C during a long paste: the rest of the paste is dropped, like typeahead.
          this.queue.drop();
          this.queue.push({ kind: 'key', key });
        } else this.queue.push({ kind: 'key', key });
        void this.pump();
      }
    } catch (e) {
      this.internalError(e);
    }
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      let n = 0;
      while ((!this.busy || this.reading) && !this.disposed && this.queue.length) {
        const item = this.queue.peek()!;
        if (this.busy && ((item.kind === 'lines' && item.replace) || item.kind === 'callback')) {
          // A command run from the page is meant for the learner's shell, not the program's:
          // the program gets end of input (Ctrl-D) and the command runs once it has ended.
          if (this.reading && item.kind === 'lines') {
            this.write(finishLine(this.prompt, this.buffer.text, this.cols(), this.drawnRow));
            this.drawnRow = 0;
            this.buffer.set('');
            this.endReading(null);
          }
          break;
        }
        if (item.kind === 'lines') this.stepLines(item);
        else {
          this.queue.shift();
          if (item.kind === 'key') this.handleKey(item.key, false);
          else item.fn();
        }
        if (++n % 256 === 0 && this.o.yieldToHost) await this.o.yieldToHost();
      }
    } catch (e) {
      this.internalError(e);
    } finally {
      this.pumping = false;
    }
  }

  private stepLines(item: Extract<InputItem, { kind: 'lines' }>): void {
    const i = item.next++;
    if (item.next >= item.lines.length) this.queue.shift();
    if (item.replace && i === 0 && this.pendingLines.length) {
      // A command run from the page replaces a half-finished one (an open quote or heredoc).
      this.write(finishLine(this.prompt, this.buffer.text, this.cols(), this.drawnRow));
      this.pendingLines = [];
      this.openQuote = undefined;
      this.pendingLength = 0;
      this.waitingFor = undefined;
      this.buffer.set('');
      this.showPrompt();
    }
    if (item.replace && this.buffer.text) this.buffer.set('');
    // Pasted control characters (random bytes, escape sequences) would be echoed raw and take
    // the terminal over; like typed ones they are dropped. Tabs stay for `<<-` heredocs.
    this.insert(item.lines[i]!.replace(/[\x00-\x08\x0b-\x1f\x7f\x80-\x9f]/g, ''));
    if (i < item.lines.length - 1 || item.submitLast) this.submit();
  }

  private insert(text: string): void {
    const room = MAX_LINE - this.buffer.text.length;
    if (text.length > room) {
      this.buffer.insert(text.slice(0, Math.max(0, room)));
      this.write(`\r\n\x1b[J[input cut: a line may hold at most ${MAX_LINE} characters]\r\n`);
      this.drawnRow = 0;
    }
    else this.buffer.insert(text);
    this.render();
  }

  private handleKey(key: Key, _direct: boolean): void {
    if (key.type === 'paste') {
      const lines = key.text.replace(/\r\n?/g, '\n').split('\n');
      this.queue.push({ kind: 'lines', lines, next: 0, submitLast: false, replace: false });
      return;
    }
    if (key.type === 'text') {
      this.insert(key.text.replace(/[\x00-\x1f\x7f-\x9f]/g, ''));
      return;
    }
    const b = this.buffer;
    switch (key.name) {
      case 'enter':
        return this.submit();
      case 'ctrl+c':
        if (this.reading) {
          // The program's own line editor drops the line (a shell shows a new prompt).
          this.write(`${redraw(this.prompt, b.text, b.text.length, this.cols(), this.drawnRow).out}^C\r\n`);
          b.set('');
          this.drawnRow = 0;
          break;
        }
        if (this.running) {
          this.write('^C');
          this.atLineStart = false;
          this.queue.drop();
          this.abandon(this.running);
          return;
        }
        this.write(`${redraw(this.prompt, b.text, b.text.length, this.cols(), this.drawnRow).out}^C\r\n`);
        b.set('');
        this.pendingLines = [];
        this.openQuote = undefined;
        this.pendingLength = 0;
        this.waitingFor = undefined;
        this.o.shell.status = 130;
        this.showPrompt();
        return;
      case 'ctrl+d':
        if (this.reading && !b.text) {
          this.write(finishLine(this.prompt, '', this.cols(), this.drawnRow));
          this.drawnRow = 0;
          return this.endReading(null);
        }
        if (b.text) b.del();
        break;
      case 'ctrl+l':
        this.write('\x1b[H\x1b[2J');
        this.drawnRow = 0;
        break;
      case 'tab':
        if (this.reading) return this.write('\x07');
        return this.complete();
      case 'up':
      case 'ctrl+p': {
        if (this.reading) return;
        const prev = this.o.history.previous(b.text);
        if (prev !== undefined) b.set(prev);
        break;
      }
      case 'down':
      case 'ctrl+n': {
        if (this.reading) return;
        const next = this.o.history.next();
        if (next !== undefined) b.set(next);
        break;
      }
      default:
        if (!applyEditingKey(b, key.name)) return;
    }
    this.render();
  }

  private cols(): number {
    return Math.max(2, this.o.terminal.cols || 80);
  }

  private render(): void {
    const r = redraw(this.prompt, this.buffer.text, this.buffer.cursor, this.cols(), this.drawnRow);
    this.write(r.out);
    this.drawnRow = r.row;
  }

  /**
   * The main prompt with bash's `\w` (working directory, `~` for home), `\W` (its last part)
   * and `\u` (user) filled in.
   */
  private mainPrompt(): string {
    const shell = this.o.shell;
    const home = shell.env.HOME ?? '/home/learner';
    const cwd = shell.cwd === home ? '~' : shell.cwd.startsWith(home + '/') ? '~' + shell.cwd.slice(home.length) : shell.cwd;
    return this.o.prompt.replace(/\\([wWu])/g, (_m, c: string) => (c === 'w' ? cwd : c === 'W' ? (cwd === '/' || cwd === '~' ? cwd : cwd.slice(cwd.lastIndexOf('/') + 1)) : (shell.env.USER ?? 'learner')));
  }

  private showPrompt(): void {
    if (!this.pendingLines.length) this.prompt = this.mainPrompt();
    if (!this.atLineStart) this.write('\r\n');
    // Jobs that ended are reported before the prompt, as bash reports them.
    const notices = this.pendingLines.length ? '' : this.o.shell.takeJobNotices();
    if (notices) this.write(toTerminal(safeOutput(notices)));
    this.atLineStart = true;
    this.drawnRow = 0;
    this.o.history.reset();
    this.render();
  }

  private complete(): void {
    const b = this.buffer;
    const shell = this.o.shell;
    const c = complete(b.text, b.cursor, {
      commands: () => [...shell.commands.keys()],
      fs: shell.fs,
      cwd: shell.cwd,
      env: shell.env,
      kubectl: this.o.kubectlComplete,
    });
    if (c.replacement !== undefined) {
      b.text = b.text.slice(0, c.start) + c.replacement + b.text.slice(b.cursor);
      b.cursor = c.start + c.replacement.length;
      this.render();
    } else if (c.candidates.length > 1) {
      this.write(finishLine(this.prompt, b.text, this.cols(), this.drawnRow) + toTerminal(safeOutput(columns(c.candidates, this.cols()))));
      this.drawnRow = 0;
      this.render();
    } else this.write('\x07');
  }

  /**
   * Enter: finishes the line (or the line a running program asked for) and runs the command
   * once it is complete; while it is handled, a host's notice goes after the line.
   */
  private submit(): void {
    if (this.reading) return this.submitRead();
    this.submitting = true;
    try {
      this.submitLine();
    } finally {
      this.submitting = false;
    }
  }

  private submitLine(): void {
    const line = this.buffer.text;
    this.write(finishLine(this.prompt, line, this.cols(), this.drawnRow));
    this.drawnRow = 0;
    this.buffer.set('');
    this.pendingLines.push(line);
    this.pendingLength += line.length + 1;
    const wait = this.waitingFor;
    if (wait && line !== wait.delimiter && !(wait.stripTabs && line.replace(/^\t+/, '') === wait.delimiter)) {
      return this.continueCommand();
    }
    // Inside an open quote, a line that cannot close it changes nothing: a pasted multi-line
    // string is parsed once when its last line comes, not once per line.
    if (this.openQuote && this.pendingLength <= MAX_COMMAND && !mayCloseQuote(line, this.openQuote)) return this.continueCommand();
    const source = this.pendingLines.join('\n');
    if (source.length > MAX_COMMAND) {
      this.pendingLines = [];
      this.openQuote = undefined;
      this.pendingLength = 0;
      this.waitingFor = undefined;
      this.write(`bash: command too long (more than ${MAX_COMMAND} characters): ignored\r\n`);
      return this.showPrompt();
    }
    const parsed = parse(source, false, readingDialect(this.o.shell.shopts));
    if (!parsed.ok && parsed.incomplete) {
      this.waitingFor = parsed.heredoc;
      this.openQuote = parsed.openQuote;
      return this.continueCommand();
    }
    this.pendingLines = [];
    this.openQuote = undefined;
    this.pendingLength = 0;
    this.waitingFor = undefined;
    this.prompt = this.mainPrompt();
    if (source.trim()) this.o.history.add(source);
    if (!parsed.ok) {
      this.write(toTerminal(safeOutput(parsed.message + '\n')));
      this.o.shell.status = 2;
      return this.showPrompt();
    }
    if (!parsed.script.length) return this.showPrompt();
    for (const w of parsed.warnings) this.write(toTerminal(safeOutput(w + '\n')));
    this.start(source, parsed.script);
  }

  /** Shows the program's prompt and waits for the line the learner types (ExecContext.readLine). */
  private readLine(prompt: string, generation: number): Promise<string | null> {
    if (this.disposed || generation !== this.generation || this.reading) return Promise.resolve(null);
    return new Promise((resolve) => {
      this.reading = { resolve };
      this.prompt = prompt;
      this.buffer.set('');
      this.drawnRow = 0;
      this.atLineStart = true;
      this.render();
      void this.pump();
    });
  }

  private submitRead(): void {
    const line = this.buffer.text;
    this.write(finishLine(this.prompt, line, this.cols(), this.drawnRow));
    this.drawnRow = 0;
    this.buffer.set('');
    this.endReading(line);
  }

  private endReading(line: string | null): void {
    const r = this.reading;
    if (!r) return;
    this.reading = undefined;
    this.prompt = this.mainPrompt();
    this.atLineStart = true;
    r.resolve(line);
  }

  private continueCommand(): void {
    this.prompt = this.o.continuationPrompt;
    this.render();
  }

  private start(source: string, script: Parameters<Shell['execute']>[0]): void {
    const interrupt = new InterruptController();
    this.running = interrupt;
    this.runningSource = source;
    try {
      this.o.onCommandStart?.(source);
    } catch {
      // A host's hook failing must not stop the command.
    }
    const generation = this.generation;
    const write = (text: string): void => {
      if (generation !== this.generation || !text) return;
      this.write(toTerminal(safeOutput(text)));
      this.atLineStart = text.endsWith('\n');
    };
    const readLine = (prompt: string) => this.readLine(prompt, generation);
    this.o.shell
      .execute(script, { write, interrupt, readLine, edit: this.o.edit, lines: source.split('\n').length })
      .catch((e: unknown) => {
        // A fault of the course, not of the command line: one line for the reader, the details for the host.
        this.report(e);
        write(`${this.atLineStart ? '' : '\n'}bash: internal error\n`);
        return 1;
      })
      .then((status) => {
        if (generation !== this.generation) return;
        this.finish(source, status);
      });
  }

  private finish(source: string, status: number): void {
    this.endReading(null);
    this.running = undefined;
    try {
      this.o.onCommand?.(source, status);
    } catch {
      // A host's hook failing must not take the prompt away.
    }
    this.showPrompt();
    void this.pump();
  }

  /** After Ctrl-C: give the command a few turns to stop; if it does not, show a prompt anyway. */
  private abandon(interrupt: InterruptController): void {
    try {
      this.o.onInterrupt?.();
    } catch {
      // As above: the hook is the host's business.
    }
    interrupt.trigger();
    void (async () => {
      for (let i = 0; i < ABANDON_TURNS; i++) {
        await Promise.resolve();
        if (this.running !== interrupt) return;
      }
      this.generation++;
      this.o.shell.status = 130;
      this.finish(this.runningSource, 130);
    })();
  }

  private report(e: unknown): void {
    try {
      this.o.onInternalError?.(e);
    } catch {
      // Reporting must not fail the terminal.
    }
  }

  private internalError(e: unknown): void {
    this.report(e);
    const wasRunning = this.running !== undefined;
    this.running?.trigger();
    this.running = undefined;
    this.generation++;
    this.pendingLines = [];
    this.openQuote = undefined;
    this.pendingLength = 0;
    this.waitingFor = undefined;
    this.buffer.set('');
    this.write(toTerminal('\nbash: internal error\n'));
    this.atLineStart = true;
    if (wasRunning) {
      try {
        this.o.onCommand?.(this.runningSource, 1);
      } catch {
        // The host's hook is its own business.
      }
    }
    this.showPrompt();
  }
}

export type { Interrupt };

/** Whether `line` could end an open `quote` (for `"`, also through an escape or an expansion). */
function mayCloseQuote(line: string, quote: "'" | '"'): boolean {
  return quote === "'" ? line.includes("'") : /["\\$`]/.test(line);
}
