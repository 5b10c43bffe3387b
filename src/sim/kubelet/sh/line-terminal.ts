/**
 * The terminal end of an interactive shell in a container (`kubectl exec -it POD -- sh`, or a
 * container started with `stdin: true` and attached by `kubectl run -it`). The shell asks for
 * a line with its prompt; whoever holds the other end (kubectl) sees `waiting`, reads a line
 * from the learner and `send`s it. Lines only: the learner's terminal does the line editing,
 * as a tty's line discipline would.
 */
import type { ShellTerminal } from '../../cluster.ts';

/** How the image's `sh` prompts: busybox ash (`/ # `, `~ # `) or dash (`# `). */
export type PromptStyle = 'busybox' | 'dash';

export class LineTerminal implements ShellTerminal {
  readonly style: PromptStyle;
  /** Without a tty (`-i` alone) the shell reads lines but shows no prompt. */
  readonly tty: boolean;
  private prompt: string | undefined;
  private readonly queued: (string | null)[] = [];
  private readonly listeners = new Set<() => void>();
  private wake: (() => void) | undefined;

  constructor(style: PromptStyle, tty: boolean) {
    this.style = style;
    this.tty = tty;
  }

  /** The prompt of a root shell: busybox's default PS1 `\\w \\$ `, dash's `# `, bash's `root@HOST:DIR# `. */
  promptFor(shell: string, cwd: string, home: string | undefined, hostname: string): string {
    if (!this.tty) return '';
    const dir = home && (cwd === home || cwd.startsWith(home + '/')) ? '~' + cwd.slice(home.length) : cwd;
    if (shell === 'bash') return `root@${hostname}:${dir}# `;
    return this.style === 'busybox' ? `${dir} # ` : '# ';
  }

  get waiting(): string | undefined {
    return this.prompt;
  }

  /** The shell's side: the next line (null at end of input), or undefined after starting to wait for one. */
  take(prompt: string): string | null | undefined {
    if (this.queued.length) {
      this.prompt = undefined;
      return this.queued.shift();
    }
    this.prompt = prompt;
    for (const cb of [...this.listeners]) cb();
    return undefined;
  }

  send(line: string | null): void {
    this.queued.push(line);
    this.prompt = undefined;
    this.wake?.();
  }

  onWaiting(cb: () => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }

  /** Set by the process runner: resumes a shell paused on this terminal. */
  setWaker(wake: () => void): void {
    this.wake = wake;
  }
}
