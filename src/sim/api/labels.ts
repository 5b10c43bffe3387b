/**
 * Label selectors as apimachinery implements them (pkg/labels/selector.go): the text syntax
 * `kubectl -l` sends, the structured `{matchLabels, matchExpressions}` form objects carry, and
 * the String() form kubectl prints in SELECTOR columns.
 */
import { Parser } from './label-parser.ts';

/** Requirement operators; `exists` is a bare key, `!` a negated key. */
export type SelectorOperator = '=' | '==' | '!=' | 'in' | 'notin' | 'exists' | '!' | 'gt' | 'lt';

/** One requirement of a selector: key, operator and sorted values. */
export interface Requirement {
  key: string;
  operator: SelectorOperator;
  /** Sorted, deduplicated (as sets.String.List()). */
  values: string[];
}

/** A parsed selector: every requirement must hold (logical AND). */
export interface LabelSelector {
  /** Sorted by key, as apimachinery sorts them. */
  requirements: Requirement[];
  /** A nil structured selector selects nothing. */
  nothing?: boolean;
}

/** The structured selector of workload specs (`spec.selector`). */
export interface LabelSelectorSpec {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}

function sortReqs(reqs: Requirement[]): Requirement[] {
  return [...reqs].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * Parses `kubectl -l` text. Throws `Error` whose message is the API server's parse error
 * (`unable to parse requirement: found '', expected: '('`). Empty text selects everything.
 */
export function parseLabelSelector(text: string): LabelSelector {
  return { requirements: sortReqs(new Parser(text).parse()) };
}

/**
 * The selector a structured `spec.selector` means: undefined (nil) selects nothing, `{}`
 * selects everything. Unknown operators throw `Error`.
 */
export function selectorFromSpec(sel: LabelSelectorSpec | undefined | null): LabelSelector {
  if (!sel) return { requirements: [], nothing: true };
  const reqs: Requirement[] = [];
  for (const [k, v] of Object.entries(sel.matchLabels ?? {})) reqs.push({ key: k, operator: '=', values: [String(v)] });
  for (const e of sel.matchExpressions ?? []) {
    const op = ({ In: 'in', NotIn: 'notin', Exists: 'exists', DoesNotExist: '!' } as const)[e.operator as 'In'];
    if (!op) throw new Error(`${JSON.stringify(e.operator)} is not a valid label selector operator`);
    reqs.push({ key: e.key, operator: op, values: [...new Set(e.values ?? [])].sort() });
  }
  return { requirements: sortReqs(reqs) };
}

/** Selector matching exactly these labels (labels.SelectorFromSet). */
export function selectorFromSet(set: Record<string, string> | undefined): LabelSelector {
  return { requirements: sortReqs(Object.entries(set ?? {}).map(([key, v]) => ({ key, operator: '=' as const, values: [v] }))) };
}

function reqMatches(r: Requirement, labels: Record<string, string> | undefined): boolean {
  const has = labels !== undefined && Object.prototype.hasOwnProperty.call(labels, r.key);
  const v = has ? labels![r.key]! : undefined;
  switch (r.operator) {
    case '=':
    case '==':
    case 'in':
      return has && r.values.includes(v!);
    case '!=':
    case 'notin':
      return !has || !r.values.includes(v!);
    case 'exists':
      return has;
    case '!':
      return !has;
    case 'gt':
    case 'lt': {
      if (!has || !/^-?\d+$/.test(v!)) return false;
      const n = Number(v);
      const ref = Number(r.values[0]);
      return r.operator === 'gt' ? n > ref : n < ref;
    }
  }
}

/** Whether `labels` satisfy every requirement of `sel`. */
export function matches(sel: LabelSelector, labels: Record<string, string> | undefined): boolean {
  if (sel.nothing) return false;
  for (const r of sel.requirements) if (!reqMatches(r, labels)) return false;
  return true;
}

/** Whether the selector selects everything (no requirements, not nil). */
export function isEverything(sel: LabelSelector): boolean {
  return !sel.nothing && sel.requirements.length === 0;
}

function reqString(r: Requirement): string {
  switch (r.operator) {
    case 'exists':
      return r.key;
    case '!':
      return `!${r.key}`;
    case 'in':
      return `${r.key} in (${r.values.join(',')})`;
    case 'notin':
      return `${r.key} notin (${r.values.join(',')})`;
    case 'gt':
      return `${r.key}>${r.values[0]}`;
    case 'lt':
      return `${r.key}<${r.values[0]}`;
    default:
      return `${r.key}${r.operator}${r.values[0]}`;
  }
}

/**
 * The selector's String() form (`app=web,pod-template-hash=abc`); `<none>` for an empty or
 * nil selector, as metav1.FormatLabelSelector prints in `-o wide` SELECTOR columns.
 */
export function formatLabelSelector(sel: LabelSelector | LabelSelectorSpec | undefined | null): string {
  const s = !sel ? selectorFromSpec(sel) : 'requirements' in sel ? (sel as LabelSelector) : selectorFromSpec(sel as LabelSelectorSpec);
  const text = s.requirements.map(reqString).join(',');
  return text || '<none>';
}

/** A label map as `k=v` joined by `,`, keys sorted; `<none>` when empty (labels.FormatLabels). */
export function formatLabels(labels: Record<string, string> | undefined): string {
  const keys = Object.keys(labels ?? {}).sort();
  return keys.length ? keys.map((k) => `${k}=${labels![k]}`).join(',') : '<none>';
}
