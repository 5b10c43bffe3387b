/**
 * Makes two transcripts comparable when they differ only where real clusters differ by nature:
 * ages and times, generated name suffixes, pod-template hashes, uids and (optionally) IPs.
 * Everything else, including spacing outside tables, must match exactly.
 *
 * Tables (a header line of upper-case column names, as kubectl prints, or a describe `Events:`
 * table) are compared cell by cell: columns are re-joined with ` | `, because an age of `5s`
 * against `12s` shifts the padding of the columns after it.
 */

export interface NormaliseOptions {
  /** Also replace IPv4 addresses with `<ip>` (default false). */
  ips?: boolean;
}

const SUFFIX = '[bcdfghjklmnpqrstvwxz2456789]';
const AGE = /^(?:\d+d)?(?:\d+h)?(?:\d+m)?(?:\d+s)?$/;
const TABLE_HEADER = /^\s*[A-Z][A-Z0-9()/_.-]*(?: [A-Z0-9()/_.-]+)*(?: {2,}[A-Z][A-Z0-9()/_.-]*(?: [A-Z0-9()/_.-]+)*)+\s*$/;
const EVENTS_HEADER = /^\s+Type\s+Reason\s+Age\s+From\s+Message\s*$/;

/** True when `cell` is an age as kubectl prints it (`5s`, `2m3s`, `45h`, `<invalid>`). */
export function isAge(cell: string): boolean {
  return cell === '<invalid>' || cell === '<unknown>' || (cell !== '' && AGE.test(cell));
}

/** Normalises one transcript (see the module comment); apply to both sides of a comparison. */
export function normaliseTranscript(text: string, opts: NormaliseOptions = {}): string {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const out: string[] = [];
  let inTable = false;
  for (const raw of lines) {
    let line = normaliseNames(raw, opts);
    if (line.startsWith('$ ') || line.trim() === '') inTable = false;
    else if (TABLE_HEADER.test(line) || EVENTS_HEADER.test(line)) inTable = true;
    if (inTable) line = normaliseRow(line);
    else line = line.replace(/\b(?:\d+[dhms])+ ago\b/g, '<age> ago');
    out.push(line);
  }
  return out.join('\n');
}

function normaliseRow(line: string): string {
  const indent = /^\s*/.exec(line)![0];
  const cells = line.trim().split(/ {2,}/);
  return (
    indent +
    cells
      .map((c) => {
        if (isAge(c)) return '<age>';
        const inner = c.replace(/\((?:\d+[dhms])+ ago\)/g, '(<age> ago)');
        return inner.replace(/^(?:\d+[dhms])+ \(x\d+ over (?:\d+[dhms])+\)$/, '<age>');
      })
      .join(' | ')
  );
}

function normaliseNames(line: string, opts: NormaliseOptions): string {
  let s = line
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, '<uid>')
    .replace(/\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})/g, '<time>')
    .replace(/\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} [+-]\d{4}/g, '<time>')
    // ReplicaSet pod-template hash followed by a Pod suffix: web-7d9f8b6c4d-x2v4k
    .replace(new RegExp(`-${SUFFIX}{6,10}-${SUFFIX}{5}\\b`, 'g'), '-<hash>-<suffix>')
    // pod-template-hash label values and ReplicaSet names ending in a hash: web-7d9f8b6c4d
    .replace(new RegExp(`(pod-template-hash[=:] ?"?)${SUFFIX}{6,10}\\b`, 'g'), '$1<hash>')
    .replace(new RegExp(`(?<=[a-z0-9])-${SUFFIX}{8,10}\\b(?!-)`, 'g'), '-<hash>')
    // generateName suffixes: web-x2v4k
    .replace(new RegExp(`(?<=[a-z0-9])-${SUFFIX}{5}\\b(?!-)`, 'g'), '-<suffix>');
  if (opts.ips) s = s.replace(/\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b/g, '<ip>');
  return s;
}
