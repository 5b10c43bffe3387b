/**
 * Runs one builtin with a given input and files, outside any shell: what the text tools' tests
 * use to compare a tool's output with the real tool's, byte for byte.
 */
import type { Command, ExecContext } from '../../command/contract.ts';
import { InterruptController } from '../../command/interrupt.ts';
import { createMemoryFS, type MemoryFS } from '../fs.ts';
import { createBuiltins } from '../commands.ts';

/** What a run printed and left behind. */
export interface ToolRun {
  out: string;
  err: string;
  code: number;
  fs: MemoryFS;
}

/** Runs `cmd args` in /home/learner with `stdin` and `files` (absolute paths or relative to the home). */
export async function runTool(
  cmd: Command,
  args: string[],
  opts: { stdin?: string; files?: Record<string, string>; interrupt?: InterruptController; env?: Record<string, string>; sleep?: ExecContext['sleep'] } = {},
): Promise<ToolRun> {
  const files: Record<string, string> = {};
  for (const [k, v] of Object.entries(opts.files ?? {})) files[k.startsWith('/') ? k : `/home/learner/${k}`] = v;
  const fs = createMemoryFS(files);
  let out = '';
  let err = '';
  const ctx: ExecContext = {
    stdin: opts.stdin ?? '',
    stdout: (t) => (out += t),
    stderr: (t) => (err += t),
    interrupt: opts.interrupt ?? new InterruptController(),
    fs,
    cwd: '/home/learner',
    env: { HOME: '/home/learner', ...opts.env },
    cols: 80,
    sleep: opts.sleep ?? (async () => !(opts.interrupt?.interrupted ?? false)),
    streaming: () => undefined,
    loadCode: (p) => p,
  };
  // Commands a tool runs (xargs, awk's `print | "sort"`) come from the shell's own builtins.
  const table = createBuiltins(() => 0);
  ctx.shell = {
    chdir: () => undefined,
    setEnv: () => undefined,
    history: () => [],
    clearHistory: () => undefined,
    clearScreen: () => undefined,
    run: async () => 0,
    runArgv: async (argv, c) => {
      const cmd = table.get(argv[0]!);
      if (!cmd) {
        c.stderr(`bash: ${argv[0]}: command not found\n`);
        return 127;
      }
      return cmd(argv.slice(1), c);
    },
  };
  const code = await cmd(args, ctx);
  return { out, err, code, fs };
}
