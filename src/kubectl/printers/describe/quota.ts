/**
 * `describe quota` and `describe limits` (describe.go: describeQuota, describeLimitRange),
 * plus the LimitRange table that `describe namespace` reuses. kubectl prints no labels,
 * annotations or events for either kind.
 */
import { formatQuantity, parseQuantity, quantityValue, type KubeObject, type Quantity } from '../../../sim/index.ts';
import { registerDescriber } from './common.ts';
import { PrefixWriter } from './prefix-writer.ts';
import { writeLimitRangeHeader, writeLimitRangeRows } from './limit-range-rows.ts';

type Rec = Record<string, string>;

/** Scope help texts (helpTextForResourceQuotaScope). */
const SCOPE_HELP: Record<string, string> = {
  Terminating: 'Matches all pods that have an active deadline. These pods have a limited lifespan on a node before being actively terminated by the system.',
  NotTerminating:
    'Matches all pods that do not have an active deadline. These pods usually include long running pods whose container command is not expected to terminate.',
  BestEffort: 'Matches all pods that do not have resource requirements set. These pods have a best effort quality of service.',
  NotBestEffort: 'Matches all pods that have at least one resource requirement set. These pods have a burstable or guaranteed quality of service.',
};

/** A used quantity shown in the hard limit's format, as describeQuota converts it (through Value()). */
function usedInHardFormat(used: string | undefined, hard: string): string {
  const h = parseQuantity(hard);
  const u = parseQuantity(used ?? '0');
  if (u.format === h.format) return formatQuantity(u);
  const converted: Quantity = { mantissa: BigInt(quantityValue(u)), exponent: 0, format: h.format };
  return formatQuantity(converted);
}

/** `kubectl describe quota NAME`. */
export function describeQuota(q: KubeObject): string {
  const w = new PrefixWriter();
  w.write(0, `Name:\t${q.metadata.name}\n`);
  w.write(0, `Namespace:\t${q.metadata.namespace}\n`);
  const scopes = ((q.spec?.scopes ?? []) as string[]).slice().sort();
  if (scopes.length) {
    w.write(0, `Scopes:\t${scopes.join(', ')}\n`);
    for (const s of scopes) if (SCOPE_HELP[s]) w.write(0, ` * ${SCOPE_HELP[s]}\n`);
  }
  w.write(0, 'Resource\tUsed\tHard\n');
  w.write(0, '--------\t----\t----\n');
  const hard = (q.status?.hard ?? {}) as Rec;
  const used = (q.status?.used ?? {}) as Rec;
  for (const k of Object.keys(hard).sort()) w.write(0, `${k}\t${usedInHardFormat(used[k], hard[k]!)}\t${formatQuantity(parseQuantity(hard[k]!))}\n`);
  return w.toString();
}

/** `kubectl describe limits NAME`. */
export function describeLimitRange(lr: KubeObject): string {
  const w = new PrefixWriter();
  w.write(0, `Name:\t${lr.metadata.name}\n`);
  w.write(0, `Namespace:\t${lr.metadata.namespace}\n`);
  writeLimitRangeHeader(w, '');
  writeLimitRangeRows(w, '', lr);
  return w.toString();
}

registerDescriber('resourcequotas', describeQuota);
registerDescriber('limitranges', describeLimitRange);
