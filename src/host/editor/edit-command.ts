/**
 * `edit FILE` and its other names (`vi`, `vim`, `nano`): opens the terminal's editor on one
 * of the terminal's files; saving writes the file every later command sees, leaving without
 * saving leaves it as it was. The editor itself is the host's (ExecContext.edit): the page's
 * editor panel, or a vi-like editor on a text terminal. Where there is none (a transcript, a
 * pipe into the command) it answers as vim does when its input is not a terminal, and stops.
 */
import type { Command, ExecContext } from '../../command/contract.ts';
import { dirname, resolvePath } from '../../shell/path.ts';

/** Opens `path` in the editor and writes what was saved; the exit status. */
async function editOne(name: string, file: string, ctx: ExecContext): Promise<number> {
  const path = resolvePath(ctx.cwd, file, ctx.env.HOME);
  if (ctx.fs.isDir(path)) {
    ctx.stderr(`${name}: ${file}: Is a directory\n`);
    return 1;
  }
  if (!ctx.fs.isDir(dirname(path))) {
    ctx.stderr(`${name}: ${file}: No such file or directory\n`);
    return 1;
  }
  const text = ctx.fs.read(path);
  const saved = await ctx.edit!({ path, text: text ?? '', editor: name, ...(text === undefined ? { isNew: true } : {}) });
  if (ctx.interrupt.interrupted) return 130;
  if (saved !== null) ctx.fs.write(path, saved);
  return 0;
}

/** The editor command, named `name` (`vi`, `nano`...): edits each FILE in turn. */
export function createEditCommand(name: string): Command {
  return async (args, ctx) => {
    // Options (`-R`, `+10`) change nothing in this editor: only the files count.
    const files = args.filter((a) => !/^[-+]/.test(a));
    if (!ctx.edit) {
      ctx.stderr(`${name}: Input is not from a terminal\n`);
      return 1;
    }
    if (!files.length) {
      ctx.stderr(`${name}: a file to edit is needed: ${name} FILE\n`);
      return 2;
    }
    for (const file of files) {
      const status = await editOne(name, file, ctx);
      if (status !== 0) return status;
    }
    return 0;
  };
}
