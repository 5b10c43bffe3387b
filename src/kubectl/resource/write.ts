/**
 * Shared pieces of commands that write objects: `--dry-run`, `--validate` (server-side field
 * validation level), `-o` for written objects, and the `kind/name verb` success lines.
 */
import type { FieldValidation, KubeObject, ResourceType } from '../../sim/index.ts';
import { CliError } from '../cli/errors.ts';
import type { Invocation } from '../cli/verb.ts';
import { checkFormat, outputFormat, renderObjects, WRITE_FORMATS } from '../printers/output.ts';
import { kindPrefix } from './resolve.ts';
import { klogHeader } from '../cli/klog.ts';

export type DryRun = 'none' | 'client' | 'server';

const warnedBareDryRun = new WeakSet<Invocation>();

/**
 * `--dry-run` as kubectl 1.32 reads it. A bare `--dry-run` (cobra's no-value default
 * `unchanged`) still means client, with klog's deprecation warning on stderr, once per command.
 */
export function dryRunOf(inv: Invocation): DryRun {
  if (!inv.flags.has('dry-run')) return 'none';
  const v = inv.flags.str('dry-run');
  if (v === 'unchanged') {
    if (!warnedBareDryRun.has(inv)) {
      warnedBareDryRun.add(inv);
      inv.err(`${klogHeader(inv.client.now(), 'helpers.go:702', 'W')} --dry-run is deprecated and can be replaced with --dry-run=client.\n`);
    }
    return 'client';
  }
  if (v === 'client' || v === 'server' || v === 'none') return v;
  throw new CliError(`Invalid dry-run value (${v}). Must be "none", "server", or "client".`);
}

/** `--validate`: strict (default, also `true`), warn, or ignore (`false`). */
export function validationOf(inv: Invocation): FieldValidation {
  const v = inv.flags.str('validate').toLowerCase();
  if (v === 'false' || v === 'ignore') return 'Ignore';
  if (v === 'warn') return 'Warn';
  if (v === '' || v === 'true' || v === 'strict') return 'Strict';
  throw new CliError(`invalid - validate option "${v}"; must be one of: strict (or true), warn, ignore (or false)`);
}

/** Suffix kubectl adds to success lines in dry-run mode. */
export function drySuffix(dry: DryRun): string {
  return dry === 'client' ? ' (dry run)' : dry === 'server' ? ' (server dry run)' : '';
}

/** `pod/web created`, `deployment.apps/web configured (dry run)`. */
export function successLine(type: ResourceType, name: string, verb: string, dry: DryRun = 'none'): string {
  return `${kindPrefix(type)}/${name} ${verb}${drySuffix(dry)}\n`;
}

/** Checks `-o` for a writing command (before anything is written). */
export function checkWriteOutput(inv: Invocation): void {
  const o = outputFormat(inv);
  if (o) checkFormat(o, WRITE_FORMATS);
}

/**
 * Prints the outcome of a write: the object in the `-o` format when one was asked for,
 * otherwise the success line.
 */
export function printWritten(inv: Invocation, type: ResourceType, obj: KubeObject, verb: string, dry: DryRun): void {
  const o = outputFormat(inv);
  if (o && o !== 'name') inv.out(renderObjects([obj], o, true, false, inv.flags.bool('allow-missing-template-keys'), true));
  else if (o === 'name') inv.out(`${kindPrefix(type)}/${obj.metadata.name}\n`);
  else inv.out(successLine(type, obj.metadata.name ?? '', verb, dry));
}

/** Server warnings, as kubectl prints them. */
export function printWarnings(inv: Invocation, warnings: string[]): void {
  for (const w of warnings) inv.err(`Warning: ${w}\n`);
}
