/**
 * Chooses what a container runs: the image's own program for its argv (nginx, mysql, ...),
 * else the argv as a shell command in images that have a shell, else the runtime's StartError
 * (`exec: "foo": executable file not found in $PATH`, exit code 128).
 */
import type { ImageInfo, RunContext } from './images/catalogue.ts';
import type { ProcessIO, ProgramGen } from './process.ts';
import { isKnownCommand, runArgv } from './sh/run.ts';

/** The argv a container runs: command/args override the image's ENTRYPOINT/CMD as in Kubernetes. */
export function containerArgv(image: ImageInfo, spec: { command?: string[]; args?: string[] }): string[] {
  const entry = spec.command ?? image.entrypoint;
  const args = spec.args ?? (spec.command ? [] : image.cmd);
  return [...entry, ...args];
}

export function startErrorMessage(argv: string[]): string {
  const what = argv.length ? `exec: "${argv[0]}": executable file not found in $PATH` : 'no command specified';
  return `failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: ${what}: unknown`;
}

/** The program to run, or a StartError message when the image cannot run argv. */
export function selectProgram(image: ImageInfo, argv: string[], io: ProcessIO, ctx: RunContext): ProgramGen | { startError: string } {
  const own = image.main?.(argv, io, ctx);
  if (own) return own;
  if (image.shell && argv.length > 1 && ENTRYPOINT_SCRIPTS.has(argv[0]!)) return viaEntrypointScript(argv, io);
  if (image.shell && argv.length && isKnownCommand(argv[0]!, io.commands)) return runArgv(argv, io);
  return { startError: startErrorMessage(argv) };
}

/** Entrypoint scripts of official images: they `exec "$@"` when the arguments are not their server. */
const ENTRYPOINT_SCRIPTS = new Set([
  '/docker-entrypoint.sh',
  'docker-entrypoint.sh',
  '/usr/local/bin/docker-entrypoint.sh',
  '/entrypoint.sh',
  '/bin/entrypoint.sh',
]);

function* viaEntrypointScript(argv: string[], io: ProcessIO): ProgramGen {
  const rest = argv.slice(1);
  if (!isKnownCommand(rest[0]!, io.commands)) {
    io.err(`${argv[0]}: exec: line 47: ${rest[0]}: not found\n`);
    return 127;
  }
  return yield* runArgv(rest, io);
}
