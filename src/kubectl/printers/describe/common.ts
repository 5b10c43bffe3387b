/**
 * Pieces every describer shares: RFC1123Z times, multi-line label / annotation / toleration
 * blocks, the Events table, and the per-kind describer registry.
 */
import { humanDuration, type KubeObject, type ObjectOf, type ReadClient } from '../../../sim/index.ts';
import type { PrefixWriter } from './prefix-writer.ts';

/** What a describer may read besides the object itself. */
export interface DescribeContext {
  api: ReadClient;
  now: number;
  /** Whether to print the Events block (`--show-events`, default true). */
  showEvents: boolean;
}

export type Describer = (obj: KubeObject, ctx: DescribeContext) => string;

const describers = new Map<string, Describer>();

/**
 * Registers the describer for a resource key (`pods`, `deployments.apps`); it reads the
 * resource's own type (`describeDeployment(d: Kinds.Deployment, ...)`).
 */
export function registerDescriber<R extends string>(resource: R, d: (obj: ObjectOf<R>, ctx: DescribeContext) => string): void {
  // The registry is looked up by the same key, so each describer only ever gets its own kind.
  describers.set(resource, d as Describer);
}

export function describerFor(resource: string): Describer | undefined {
  return describers.get(resource);
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Go's RFC1123Z in UTC: `Mon, 30 Nov 2026 03:00:45 +0000`. */
export function rfc1123z(iso: string | undefined): string {
  if (!iso) return '<unknown>';
  const d = new Date(Date.parse(iso));
  const p = (n: number) => String(n).padStart(2, '0');
  return `${DAYS[d.getUTCDay()]}, ${p(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`;
}

/** Age since an RFC 3339 time, as describe prints it. */
export function since(iso: string | undefined, now: number): string {
  return iso ? humanDuration(now - Date.parse(iso)) : '<unknown>';
}

/** `Title:\tfirst\n\tsecond\n...`, or `<none>`; `items` are already formatted. */
export function multiline(w: PrefixWriter, level: number, title: string, items: string[]): void {
  if (items.length === 0) {
    w.write(level, `${title}:\t<none>\n`);
    return;
  }
  items.forEach((item, i) => (i === 0 ? w.write(level, `${title}:\t${item}\n`) : w.raw(`\t${item}\n`)));
}

/** Labels as `k=v`, sorted. */
export function labelItems(labels: Record<string, string> | undefined): string[] {
  return Object.keys(labels ?? {})
    .sort()
    .map((k) => `${k}=${labels![k]}`);
}

/** Annotations as `k: v`, sorted, without kubectl's own last-applied configuration. */
export function annotationItems(annotations: Record<string, string> | undefined): string[] {
  return Object.keys(annotations ?? {})
    .filter((k) => k !== 'kubectl.kubernetes.io/last-applied-configuration')
    .sort()
    .map((k) => `${k}: ${annotations![k]}`);
}

interface Toleration {
  key?: string;
  operator?: string;
  value?: string;
  effect?: string;
  tolerationSeconds?: number;
}

/** `key=value:Effect op=Exists for 300s`, sorted by key. */
export function tolerationItems(tolerations: Toleration[] | undefined): string[] {
  return [...(tolerations ?? [])]
    .sort((a, b) => ((a.key ?? '') < (b.key ?? '') ? -1 : (a.key ?? '') > (b.key ?? '') ? 1 : 0))
    .map((t) => {
      let s = t.key ?? '';
      if (t.value) s += `=${t.value}`;
      if (t.effect) s += `:${t.effect}`;
      if (t.operator === 'Exists' && !t.value) s += ' op=Exists';
      if (t.tolerationSeconds !== undefined && t.tolerationSeconds !== null) s += ` for ${t.tolerationSeconds}s`;
      return s;
    });
}

/** Events about `obj` (same namespace, same uid or kind+name), oldest first. */
export function eventsFor(obj: KubeObject, ctx: DescribeContext): KubeObject[] {
  const ns = obj.metadata.namespace ?? 'default';
  const uid = obj.metadata.uid;
  const events = ctx.api.list('events', { namespace: obj.metadata.namespace ? ns : undefined }).items.filter((e) => {
    const io = e.involvedObject as { uid?: string; kind?: string; name?: string } | undefined;
    return !!io && (io.uid === uid || (io.kind === obj.kind && io.name === obj.metadata.name && !io.uid));
  });
  const t = (e: KubeObject) => Date.parse(String(e.lastTimestamp ?? e.eventTime ?? e.metadata.creationTimestamp ?? 0));
  // Ties (events of the same second) keep the order they were recorded in, as the
  // resourceVersion shows.
  const rv = (e: KubeObject) => Number(e.metadata.resourceVersion ?? 0);
  return events.sort((a, b) => t(a) - t(b) || rv(a) - rv(b));
}

/** The `Events:` block (or `Events:\t<none>`, aligned with the block above it). */
export function describeEvents(w: PrefixWriter, obj: KubeObject, ctx: DescribeContext): void {
  if (!ctx.showEvents) return;
  const events = eventsFor(obj, ctx);
  if (events.length === 0) {
    w.write(0, 'Events:\t<none>\n');
    return;
  }
  w.write(0, 'Events:\n  Type\tReason\tAge\tFrom\tMessage\n');
  w.write(1, '----\t------\t----\t----\t-------\n');
  for (const e of events) {
    const count = Number(e.count ?? 1);
    const first = String(e.firstTimestamp ?? e.eventTime ?? '');
    const interval = count > 1 ? `${since(String(e.lastTimestamp), ctx.now)} (x${count} over ${since(first, ctx.now)})` : since(first, ctx.now);
    const source = (e.source as { component?: string } | undefined)?.component || String(e.reportingComponent ?? '');
    w.write(1, `${e.type}\t${e.reason}\t${interval}\t${source}\t${String(e.message ?? '').trim()}\n`);
  }
}
