/** Where awk's `print > FILE`, `print >> FILE` and `print | CMD` go: the terminal's files and commands. */
import type { ExecContext } from '../../../command/contract.ts';
import { abs } from '../util.ts';

export class OutputStreams {
  private readonly outputs = new Map<string, { kind: string; text: string }>();
  private readonly ctx: ExecContext;

  constructor(ctx: ExecContext) {
    this.ctx = ctx;
  }

  /** Appends `text` to the stream `target` opened with `op` (`>`, `>>` or `|`). */
  async write(op: string, target: string, text: string): Promise<void> {
    if (target === '/dev/stdout' || target === '-') return this.ctx.stdout(text);
    if (target === '/dev/stderr') return this.ctx.stderr(text);
    let o = this.outputs.get(target);
    if (!o) {
      o = { kind: op, text: op === '>>' ? (this.ctx.fs.read(abs(this.ctx, target)) ?? '') : '' };
      this.outputs.set(target, o);
    }
    o.text += text;
    if (o.kind !== '|') this.ctx.fs.write(abs(this.ctx, target), o.text);
  }

  /** close(NAME): a command's input ends and it runs; a file is done. */
  async close(name: string): Promise<number> {
    const o = this.outputs.get(name);
    if (!o) return -1;
    this.outputs.delete(name);
    if (o.kind === '|') return this.runPipe(name, o.text);
    return 0;
  }

  async closeAll(): Promise<void> {
    for (const name of [...this.outputs.keys()]) await this.close(name);
  }

  /** Runs `cmd` (words, pipes between them) with `input` on its standard input. */
  private async runPipe(cmd: string, input: string): Promise<number> {
    const shell = this.ctx.shell;
    if (!shell) return 127;
    let data = input;
    let status = 0;
    const stages = cmd.split('|');
    for (let k = 0; k < stages.length; k++) {
      const argv = words(stages[k]!);
      if (!argv.length) continue;
      let captured = '';
      const last = k === stages.length - 1;
      status = await shell.runArgv(argv, { ...this.ctx, stdin: data, stdout: last ? this.ctx.stdout : (t) => (captured += t) });
      data = captured;
    }
    return status;
  }

  /** system(CMD): runs a command line in the terminal's shell. */
  async system(cmd: string): Promise<number> {
    if (!this.ctx.shell) return 127;
    return this.ctx.shell.run(cmd, { ...this.ctx, stdin: '' });
  }
}

/** A command's words, with simple quotes: what `print | "sort -k2"` runs. */
function words(cmd: string): string[] {
  const out: string[] = [];
  const re = /"([^"]*)"|'([^']*)'|(\S+)/g;
  for (const m of cmd.matchAll(re)) out.push(m[1] ?? m[2] ?? m[3]!);
  return out;
}
