/** Describers for Namespace, ConfigMap, Secret and ServiceAccount (describe.go). */
import type { KubeObject } from '../../../sim/index.ts';
import { annotationItems, describeEvents, labelItems, multiline, registerDescriber, type DescribeContext } from './common.ts';
import { PrefixWriter } from './prefix-writer.ts';
import { writeLimitRangeHeader, writeLimitRangeRows } from './limit-range-rows.ts';

function header(w: PrefixWriter, obj: KubeObject, withNamespace: boolean): void {
  w.write(0, `Name:\t${obj.metadata.name}\n`);
  if (withNamespace) w.write(0, `Namespace:\t${obj.metadata.namespace}\n`);
  multiline(w, 0, 'Labels', labelItems(obj.metadata.labels));
  multiline(w, 0, 'Annotations', annotationItems(obj.metadata.annotations));
}

/** `describe namespace`: status, then the quota and limit-range summaries. */
export function describeNamespace(ns: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  header(w, ns, false);
  w.write(0, `Status:\t${ns.status?.phase ?? 'Active'}\n`);
  const quotas = ctx.api.list('resourcequotas', { namespace: ns.metadata.name }).items;
  if (!quotas.length) w.write(0, '\nNo resource quota.\n');
  else {
    w.write(0, '\nResource Quotas\n');
    for (const q of quotas) {
      w.write(1, `Name:\t${q.metadata.name}\n`);
      w.write(1, 'Resource\tUsed\tHard\n');
      w.write(1, '--------\t---\t---\n');
      const hard = (q.status?.hard ?? q.spec?.hard ?? {}) as Record<string, string>;
      const used = (q.status?.used ?? {}) as Record<string, string>;
      for (const k of Object.keys(hard).sort()) w.write(1, `${k}\t${used[k] ?? '0'}\t${hard[k]}\n`);
    }
  }
  const limits = ctx.api.list('limitranges', { namespace: ns.metadata.name }).items;
  if (!limits.length) w.write(0, '\nNo LimitRange resource.\n');
  else {
    // describeLimitRanges: one table for all of them, each row after a space.
    w.write(0, '\nResource Limits\n');
    writeLimitRangeHeader(w, ' ');
    for (const lr of limits) writeLimitRangeRows(w, ' ', lr);
  }
  return w.toString();
}

/** `describe configmap`: every data key as `KEY:` / `----` / value, then BinaryData sizes. */
export function describeConfigMap(cm: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  header(w, cm, true);
  w.write(0, '\nData\n====\n');
  const data = (cm.data ?? {}) as Record<string, string>;
  for (const k of Object.keys(data).sort()) {
    w.write(0, `${k}:\n----\n`);
    w.write(0, `${data[k]}\n`);
    w.write(0, '\n');
  }
  w.write(0, '\nBinaryData\n====\n');
  const bin = (cm.binaryData ?? {}) as Record<string, string>;
  for (const k of Object.keys(bin).sort()) w.write(0, `${k}: ${Math.floor((bin[k]!.replace(/=+$/, '').length * 3) / 4)} bytes\n`);
  w.write(0, '\n');
  describeEvents(w, cm, ctx);
  return w.toString();
}

/** `describe secret`: type and value sizes, never the values. */
export function describeSecret(s: KubeObject): string {
  const w = new PrefixWriter();
  header(w, s, true);
  w.write(0, `\nType:\t${s.type ?? 'Opaque'}\n`);
  w.write(0, '\nData\n====\n');
  const data = (s.data ?? {}) as Record<string, string>;
  for (const k of Object.keys(data).sort()) {
    const b64 = data[k]!;
    const len = Math.floor((b64.length * 3) / 4) - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0);
    w.write(0, `${k}:\t${len} bytes\n`);
  }
  return w.toString();
}

/** `describe serviceaccount`. */
export function describeServiceAccount(sa: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  header(w, sa, true);
  const names = (list: unknown) => ((list as { name: string }[] | undefined) ?? []).map((x) => x.name);
  multiline(w, 0, 'Image pull secrets', names(sa.imagePullSecrets));
  multiline(w, 0, 'Mountable secrets', names(sa.secrets));
  w.write(0, 'Tokens:\t<none>\n');
  describeEvents(w, sa, ctx);
  return w.toString();
}

/** Fallback for kinds without their own describer: identity, labels, annotations, events. */
export function describeGeneric(obj: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  header(w, obj, !!obj.metadata.namespace);
  describeEvents(w, obj, ctx);
  return w.toString();
}

registerDescriber('namespaces', describeNamespace);
registerDescriber('configmaps', describeConfigMap);
registerDescriber('secrets', (o) => describeSecret(o));
registerDescriber('serviceaccounts', describeServiceAccount);
