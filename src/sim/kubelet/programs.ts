/**
 * What a container runs: its argv (command/args over the image's ENTRYPOINT/CMD), the
 * runtime's StartError text, and whether starting it needs the containers' code that loads on
 * first use (container-code.ts, which chooses the program: the image's own for its argv, else
 * argv as a shell command in images that have a shell, else the StartError).
 */
import type { ImageInfo } from './images/catalogue.ts';

/** The argv a container runs: command/args override the image's ENTRYPOINT/CMD as in Kubernetes. */
export function containerArgv(image: ImageInfo, spec: { command?: string[]; args?: string[] }): string[] {
  const entry = spec.command ?? image.entrypoint;
  const args = spec.args ?? (spec.command ? [] : image.cmd);
  return [...entry, ...args];
}

/**
 * runc's reason for an executable it cannot find: a name is looked up in $PATH, a path (with
 * a `/`) is only checked with stat, as Go's exec.LookPath does.
 */
export function executableNotFound(arg0: string): string {
  return arg0.includes('/') ? `exec: "${arg0}": stat ${arg0}: no such file or directory` : `exec: "${arg0}": executable file not found in $PATH`;
}

/** The runtime's message for a container whose argv cannot start (exit code 128, StartError). */
export function startErrorMessage(argv: string[]): string {
  const what = argv.length ? executableNotFound(argv[0]!) : 'no command specified';
  return `failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: ${what}: unknown`;
}

type ProbeSpecs = { livenessProbe?: { exec?: unknown }; readinessProbe?: { exec?: unknown }; startupProbe?: { exec?: unknown } };

/** Whether a container has a probe that runs a command in it (which needs the shell). */
export function hasExecProbe(spec: ProbeSpecs): boolean {
  return !!(spec.livenessProbe?.exec || spec.readinessProbe?.exec || spec.startupProbe?.exec);
}

const base = (p: string | undefined) => p?.split('/').pop() ?? '';

/**
 * Whether a container of `image` running `argv` may need the code that loads on first use, judged
 * from the catalogue alone: an image whose program is not in its entry does; one with its own
 * program and a shell does when the container runs another binary or has an exec probe. (A
 * distroless image with its own program never does: it runs it or cannot start.)
 */
export function mayNeedContainerCode(image: ImageInfo, spec: ProbeSpecs & { command?: string[]; args?: string[] }): boolean {
  if (!image.main) return true;
  if (!image.shell) return false;
  if (hasExecProbe(spec)) return true;
  const own = base(image.entrypoint[0] ?? image.cmd[0]);
  return base(containerArgv(image, spec)[0]) !== own;
}
