/**
 * Where a container's commands live, as `type`, `command -v` and `which` report it: the shell's
 * builtins, then the image's executables on PATH. Busybox puts its applets in /bin; Alpine
 * splits them between /bin and /usr/bin; Debian's merged /usr keeps them in /usr/bin (servers
 * in /usr/sbin); the official images install their own programs in /usr/local/bin.
 */
import type { CommandContext, CommandFn } from './commands.ts';
import { isKnownCommand } from './run.ts';
import type { Shell } from './interpreter.ts';

/** What busybox ash and dash run themselves (`type echo`: "echo is a shell builtin"). */
const BUILTINS = new Set(
  ': . [ alias bg break cd command continue echo eval exec exit export false fg getopts hash jobs kill local printf pwd read readonly return set shift test times trap true type ulimit umask unalias unset wait'.split(' '),
);

const KEYWORDS = new Set('! case do done elif else esac fi for if in then until while { }'.split(' '));

/** Applets Alpine links in /usr/bin rather than /bin. */
const ALPINE_USR_BIN = new Set(
  'awk basename cut dirname du env expr find free head id install less nc nslookup nohup od printf realpath seq sort split tail tee test time top tr uniq uptime wc wget which xargs yes'.split(' '),
);

/** Image programs outside /usr/local/bin. */
const IMAGE_PATHS: Record<string, string> = { nginx: '/usr/sbin/nginx', curl: '/usr/bin/curl', apt: '/usr/bin/apt', 'apt-get': '/usr/bin/apt-get', dpkg: '/usr/bin/dpkg' };

/** The path `name` runs from in this container, or undefined when it has none. */
export function commandPath(shell: Shell, name: string): string | undefined {
  if (name.includes('/')) return shell.io.fs.exists(name) || isKnownCommand(name, shell.io.commands, shell.io.procps !== false) ? name : undefined;
  if (!isKnownCommand(name, shell.io.commands, shell.io.procps !== false)) return undefined;
  if (name === 'bash' && !shell.io.dash && !shell.io.coreutils) return undefined;
  if (shell.io.commands && Object.hasOwn(shell.io.commands, name)) return IMAGE_PATHS[name] ?? `/usr/local/bin/${name}`;
  if (shell.io.coreutils) return `/usr/bin/${name}`;
  if (shell.io.fs.read('/etc/os-release')?.includes('ID=alpine')) return ALPINE_USR_BIN.has(name) ? `/usr/bin/${name}` : `/bin/${name}`;
  return `/bin/${name}`;
}

function describe(shell: Shell, name: string): { text: string; path?: string } | undefined {
  if (KEYWORDS.has(name)) return { text: `${name} is a shell keyword` };
  if (BUILTINS.has(name)) return { text: `${name} is a shell builtin` };
  const path = commandPath(shell, name);
  return path === undefined ? undefined : { text: `${name} is ${path}`, path };
}

/** `type NAME...`. */
export const type: CommandFn = function* (ctx: CommandContext) {
  let status = 0;
  for (const name of ctx.args) {
    const d = describe(ctx.shell, name);
    if (d) ctx.out(d.text + '\n');
    else {
      // dash and ash write it to stdout; bash to stderr, as an error of its builtin.
      if (ctx.shell.bash) ctx.err(`bash: ${ctx.shell.prompting ? '' : `line ${ctx.shell.lineNo}: `}type: ${name}: not found\n`);
      else ctx.out(`${name}: not found\n`);
      status = ctx.shell.bash ? 1 : 127;
    }
  }
  return status;
};

/** `command -v NAME`, `command -V NAME`, or `command NAME ARGS` (the command itself, no function). */
export const command: CommandFn = function* (ctx: CommandContext) {
  const [flag, ...names] = ctx.args;
  if (flag === '-v' || flag === '-V') {
    let status = 0;
    for (const name of names) {
      const d = describe(ctx.shell, name);
      if (!d) {
        if (flag === '-V') ctx.err(`${name}: not found\n`);
        status = 127;
      } else ctx.out((flag === '-v' ? (d.path ?? name) : d.text) + '\n');
    }
    return status;
  }
  if (flag === undefined) return 0;
  return yield* ctx.shell.runCommand(ctx.args);
};

/** busybox's and Debian's `which`: the path of each name found, status 1 if any is missing. */
export const which: CommandFn = function* (ctx: CommandContext) {
  let status = ctx.args.length ? 0 : 1;
  for (const name of ctx.args.filter((a) => !a.startsWith('-'))) {
    const path = BUILTINS.has(name) && !['echo', 'printf', 'test', '[', 'true', 'false', 'kill', 'pwd'].includes(name) ? undefined : commandPath(ctx.shell, name);
    if (path === undefined) status = 1;
    else ctx.out(path + '\n');
  }
  return status;
};
