/**
 * A unified diff of two texts as GNU `diff -u` prints its hunks: three lines of context,
 * `@@ -start,count +start,count @@` headers (`,count` left out when it is 1, start 0 for an
 * empty side). Lines are matched by a longest common subsequence, which is what diff finds for
 * the small YAML documents kubectl compares.
 */

type Op = { kind: ' ' | '-' | '+'; line: string };

function script(a: string[], b: string[]): Op[] {
  const n = a.length;
  const m = b.length;
  // lcs[i][j]: length of the LCS of a[i..] and b[j..].
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      ops.push({ kind: ' ', line: a[i]! });
      i++;
      j++;
    } else if (j < m && (i === n || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) {
      // Deletions come before insertions within a change, as diff prints them.
      if (i < n && lcs[i + 1]![j]! === lcs[i]![j + 1]!) ops.push({ kind: '-', line: a[i++]! });
      else ops.push({ kind: '+', line: b[j++]! });
    } else ops.push({ kind: '-', line: a[i++]! });
  }
  return ops;
}

const lines = (t: string) => (t === '' ? [] : t.replace(/\n$/, '').split('\n'));

/** The hunks of `diff -u` between `before` and `after` (empty when they are equal). */
export function unifiedHunks(before: string, after: string, context = 3): string {
  const ops = script(lines(before), lines(after));
  const changed = ops.map((o, k) => (o.kind !== ' ' ? k : -1)).filter((k) => k >= 0);
  if (!changed.length) return '';
  let out = '';
  let k = 0;
  while (k < changed.length) {
    const start = Math.max(0, changed[k]! - context);
    let end = Math.min(ops.length, changed[k]! + context + 1);
    while (k + 1 < changed.length && changed[k + 1]! - context <= end) end = Math.min(ops.length, changed[++k]! + context + 1);
    k++;
    let aStart = 1;
    let bStart = 1;
    for (let p = 0; p < start; p++) {
      if (ops[p]!.kind !== '+') aStart++;
      if (ops[p]!.kind !== '-') bStart++;
    }
    const hunk = ops.slice(start, end);
    const aCount = hunk.filter((o) => o.kind !== '+').length;
    const bCount = hunk.filter((o) => o.kind !== '-').length;
    const range = (s: number, c: number) => (c === 1 ? `${s}` : `${c === 0 ? s - 1 : s},${c}`);
    out += `@@ -${range(aStart, aCount)} +${range(bStart, bCount)} @@\n`;
    for (const o of hunk) out += `${o.kind}${o.line}\n`;
  }
  return out;
}
