/**
 * What every `create <kind>` sub-command shares: the NAME argument, `--dry-run`, `-o`, and
 * its error wrapping (`error: failed to create configmap: ...`).
 */
import { ApiError, type KubeObject } from '../../../sim/index.ts';
import { CliError, formatApiError, usageError } from '../../cli/errors.ts';
import type { Invocation } from '../../cli/verb.ts';
import { resolveType, keyOf } from '../../resource/resolve.ts';
import { prepareKinds } from '../../resource/prepare.ts';
import { checkWriteOutput, dryRunOf, printWarnings, printWritten, validationOf } from '../../resource/write.ts';

/** The single NAME argument, or kubectl's usage error. */
export function nameArg(inv: Invocation): string {
  if (inv.args.length !== 1) throw usageError(inv.path, `exactly one NAME is required, got ${inv.args.length}`);
  return inv.args[0]!;
}

/**
 * Creates (or dry-runs) a generated object. `errorPrefix` is how the command wraps API
 * errors (`failed to create configmap: `); undefined prints them as plain API errors.
 */
export async function createGenerated(inv: Invocation, resource: string, obj: KubeObject, errorPrefix?: string): Promise<number> {
  checkWriteOutput(inv);
  const dry = dryRunOf(inv);
  const type = resolveType(resource);
  const generated: KubeObject = { ...obj, metadata: { creationTimestamp: null as unknown as string, ...obj.metadata } };
  if (type.namespaced && inv.namespaceExplicit) generated.metadata.namespace = inv.namespace;
  if (dry === 'client') {
    printWritten(inv, type, generated, 'created', dry);
    return 0;
  }
  const input: KubeObject = { ...obj, metadata: { ...obj.metadata } };
  if (type.namespaced) input.metadata.namespace = inv.namespace;
  delete input.status;
  await prepareKinds(inv, [keyOf(type)]);
  try {
    const res = inv.client.create(keyOf(type), input, { dryRun: dry === 'server', fieldValidation: validationOf(inv) });
    printWarnings(inv, res.warnings);
    printWritten(inv, type, res.object, 'created', dry);
    return 0;
  } catch (e) {
    if (e instanceof ApiError && errorPrefix !== undefined) throw new CliError(`${errorPrefix}${e.message}`);
    if (e instanceof ApiError) throw new CliError(formatApiError(e), { plain: true });
    throw e;
  }
}

/** Parses `key=value` for `--from-literal`. */
export function literal(s: string): [string, string] {
  const i = s.indexOf('=');
  if (i <= 0) throw new CliError(`invalid literal source ${s}, expected key=value`);
  return [s.slice(0, i), s.slice(i + 1)];
}
