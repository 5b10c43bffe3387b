/**
 * Entry points of the shell module for containers: run an argv (`sh -c '...'`, `sleep 3600`,
 * `echo hi`) as busybox would, as a program on the cluster clock.
 */
import type { ProcessIO, ProgramGen } from '../process.ts';
import { COMMANDS } from './commands.ts';
import { PROCPS_TOOLS } from '../images/files.ts';
import { Shell } from './interpreter.ts';

/** Whether busybox-style images have this executable (`sh`, `/bin/sleep`, `echo`, ...), or the image adds it (`extra`). */
export function isKnownCommand(name: string, extra?: Record<string, unknown>, procps = true): boolean {
  const base = name.split('/').pop() ?? name;
  if (!procps && PROCPS_TOOLS.has(base)) return false;
  return base === 'sh' || base === 'bash' || base === 'ash' || Object.hasOwn(COMMANDS, base) || (!!extra && Object.hasOwn(extra, base));
}

/** Runs argv as the container's main process. */
export function* runArgv(argv: string[], io: ProcessIO): ProgramGen {
  const shell = new Shell(io);
  return yield* shell.execArgv(argv);
}
