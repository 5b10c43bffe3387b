/**
 * The blocks of lines that differ between two texts, from a longest common subsequence of
 * their lines, as GNU diff's normal format groups them (a change's insertions are taken before
 * its deletions where both keep the subsequence as long). Shared by the shell's `diff` and the
 * editor's carrying of an edit onto a newer text.
 */

/** Lines `at`.. of `a` (`remove`) became lines `atB`.. of `b` (`insert`). */
export interface ChangedBlock {
  at: number;
  atB: number;
  remove: string[];
  insert: string[];
}

/** The changed blocks turning `a` into `b`, in order. */
export function changedBlocks(a: readonly string[], b: readonly string[]): ChangedBlock[] {
  const n = a.length;
  const m = b.length;
  // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..].
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const out: ChangedBlock[] = [];
  let i = 0;
  let j = 0;
  let cur: ChangedBlock | undefined;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      if (cur) out.push(cur);
      cur = undefined;
      i++;
      j++;
    } else if (j < m && (i === n || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) {
      (cur ??= { at: i, atB: j, remove: [], insert: [] }).insert.push(b[j++]!);
    } else {
      (cur ??= { at: i, atB: j, remove: [], insert: [] }).remove.push(a[i++]!);
    }
  }
  if (cur) out.push(cur);
  return out;
}
