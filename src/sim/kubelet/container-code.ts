/**
 * The containers' code that loads on first use: the images' own programs (nginx, redis,
 * agnhost, perl, ...), the busybox-style `sh` with its applets, the extra executables images
 * ship (curl, nslookup) and the files they bring. The kubelet starts a container that needs it
 * only once it is there (container-code-part.ts says when that is), and `kubectl exec` waits
 * for it; the kind preset's own images run their programs from the catalogue without it.
 */
import type { ImageInfo, RunContext } from './images/catalogue.ts';
import { imageProgram } from './images/image-programs.ts';
import type { ProcessIO, ProgramGen } from './process.ts';
import { startErrorMessage } from './programs.ts';
import { isKnownCommand, runArgv } from './sh/run.ts';

export { Shell } from './sh/interpreter.ts';
export { isKnownCommand } from './sh/run.ts';
export { imageCommands } from './images/exec-tools.ts';
export { hasCoreutils, hasProcps, imageFiles, shIsDash } from './images/files.ts';
export { imageProgram } from './images/image-programs.ts';
export * as network from '../network/network-code.ts';

/** The program to run, or a StartError message when the image cannot run argv. */
export function programFor(image: ImageInfo, argv: string[], io: ProcessIO, ctx: RunContext): ProgramGen | { startError: string } {
  const own = image.main?.(argv, io, ctx) ?? imageProgram(image.repository)?.(argv, io, ctx);
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
