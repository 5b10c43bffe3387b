/**
 * kubectl's error presentation (cmdutil.CheckErr): API Status errors become
 * `Error from server (Reason): message`, 422s become `The Kind "name" is invalid: ...`, and
 * everything else `error: message`. Every error leaves through here, so no command ever
 * prints a stack trace.
 */
import { ApiError } from '../../sim/index.ts';

/**
 * A client-side error. `usage` adds the `See 'kubectl <cmd> --help' for usage.` line that
 * flag errors get; `plain` prints the message as is (it already carries its own prefix).
 */
export class CliError extends Error {
  readonly usage: boolean;
  readonly plain: boolean;
  /** What the command printed on stdout before failing (a template's partial output). */
  readonly stdout: string;

  constructor(message: string, opts: { usage?: boolean; plain?: boolean; stdout?: string } = {}) {
    super(message);
    this.stdout = opts.stdout ?? '';
    this.name = 'CliError';
    this.usage = opts.usage ?? false;
    this.plain = opts.plain ?? false;
  }
}

/** `error: <msg>` + `See 'kubectl <path> -h' for help and examples` (kubectl's UsageErrorf). */
export function usageError(path: string, msg: string): CliError {
  return new CliError(`error: ${msg}\nSee 'kubectl ${path} -h' for help and examples`, { plain: true });
}

/**
 * Text of an API error as kubectl prints it. `source` (a file name and the operation,
 * e.g. `creating`) reproduces the `error when creating "app.yaml": ` wrapping of `-f`.
 */
export function formatApiError(e: ApiError, source?: { file: string; op: string }): string {
  const causes = e.details.causes ?? [];
  if (e.reason === 'Invalid' && causes.length > 0) {
    const head = `The ${e.details.kind} "${e.details.name}" is invalid: `;
    if (causes.length === 1) return head + causes[0]!.message;
    return head + '\n' + causes.map((c) => `* ${c.message}`).join('\n');
  }
  if (e.reason === 'Invalid') {
    // A 422 without causes (a JSON patch that cannot apply): kubectl names the object when the
    // details do, otherwise it adds the server's message.
    if (e.details.kind || e.details.name) return `The ${e.details.kind ?? ''} "${e.details.name ?? ''}" is invalid`;
    return `The request is invalid${e.message ? ': ' + e.message : ''}`;
  }
  // StandardErrorMessage: a 401 is a login problem, whatever the request was.
  if (e.reason === 'Unauthorized') return `error: You must be logged in to the server (${e.message})`;
  const wrap = source ? `error when ${source.op} "${source.file}": ` : '';
  return `Error from server (${e.reason}): ${wrap}${e.message}`;
}

/** Writes a thrown error as kubectl would and returns the exit status (1); JavaScript faults (TypeError...) go up to the shell. */
export function reportError(e: unknown, stderr: (s: string) => void, path: string, stdout?: (s: string) => void): number {
  // A JavaScript fault is a bug of the course, not kubectl's answer: the shell reports it.
  if (e instanceof TypeError || e instanceof RangeError || e instanceof ReferenceError) throw e;
  let text: string;
  if (e instanceof CliError && e.stdout) stdout?.(e.stdout);
  if (e instanceof ApiError) text = formatApiError(e);
  else if (e instanceof CliError) {
    text = e.plain ? e.message : `error: ${e.message}`;
    if (e.usage) text += `\nSee 'kubectl${path ? ' ' + path : ''} --help' for usage.`;
  } else if (e instanceof Error) text = `error: ${e.message}`;
  else text = `error: ${String(e)}`;
  stderr(text.endsWith('\n') ? text : text + '\n');
  return 1;
}
