/**
 * Errors that `apply -f` and `create -f` collect while they go on with the other objects,
 * printed at the end as kubectl's CheckErr prints an aggregate: one error alone in its usual
 * form (`error: ...`, `Error from server (...)`, `The Pod "x" is invalid: ...`), several one a
 * line, each as `Error from server (Reason): ...` or its bare message.
 */
import { ApiError } from '../../sim/index.ts';
import { CliError, formatApiError } from '../cli/errors.ts';

/** A file and the operation an API error happened in (`error when creating "app.yaml": `). */
export interface ErrorSource {
  file: string;
  op: string;
}

type Entry = { cli: CliError } | { api: ApiError; source?: ErrorSource } | { group: CliError[] };

/** The errors of one command, in the order kubectl would aggregate them. */
export class CollectedErrors {
  private readonly entries: Entry[] = [];

  get size(): number {
    return this.entries.length;
  }

  add(e: CliError | ApiError, source?: ErrorSource): void {
    this.entries.push(e instanceof ApiError ? { api: e, source } : { cli: e });
  }

  /**
   * Adds the builder's errors (reading the files) as the one aggregate kubectl apply keeps
   * them in: alone they print one a line; beside other errors they print as `[a, b]`.
   */
  addGroup(errors: CliError[]): void {
    if (errors.length === 1) this.add(errors[0]!);
    else if (errors.length > 1) this.entries.push({ group: errors });
  }

  /** Writes the errors to `err` as kubectl does and returns the exit status (0 when none). */
  report(err: (s: string) => void): number {
    let entries = this.entries;
    if (entries.length === 1 && 'group' in entries[0]!) entries = entries[0].group.map((cli) => ({ cli }));
    if (!entries.length) return 0;
    if (entries.length === 1) {
      const only = entries[0]!;
      if ('api' in only) err(formatApiError(only.api, only.source) + '\n');
      else if ('cli' in only) err((only.cli.plain ? only.cli.message : `error: ${only.cli.message}`) + '\n');
      return 1;
    }
    for (const e of entries) err(lineOf(e) + '\n');
    return 1;
  }
}

function lineOf(e: Entry): string {
  if ('api' in e) {
    const wrap = e.source ? `error when ${e.source.op} "${e.source.file}": ` : '';
    return `Error from server (${e.api.reason}): ${wrap}${e.api.message}`;
  }
  if ('cli' in e) return e.cli.message;
  // Go's aggregate prints each distinct message once.
  const distinct = [...new Set(e.group.map((c) => c.message))];
  return distinct.length === 1 ? distinct[0]! : `[${distinct.join(', ')}]`;
}
