/**
 * Carries an edit over to a slightly different text: the lines a person changed between
 * `from` (what the editor showed) and `to` (what they saved), applied to `shown` (what the
 * editor shows now). A replayed `kubectl edit` needs it: the object it prints may differ from
 * the one the reader saw in fields the server keeps (resourceVersion, status) when a replay
 * reaches the command a moment earlier or later, and the reader's change must still be the
 * change sent. Each changed block is found again by its lines and their neighbours.
 */
import { changedBlocks } from '../../command/changed-blocks.ts';

/** Texts with more lines than this are not compared (the saved text is used as it is). */
const MAX_LINES = 3000;

/** Where `needle` occurs in `hay`, the occurrence nearest to `near`; -1 if nowhere. */
function find(hay: string[], needle: string[], near: number): number {
  let best = -1;
  for (let k = 0; k + needle.length <= hay.length; k++) {
    if (needle.every((l, x) => hay[k + x] === l) && (best < 0 || Math.abs(k - near) < Math.abs(best - near))) best = k;
  }
  return best;
}

/** `shown` with the change from `from` to `to` made to it; `to` itself when the change cannot be placed. */
export function carryEdit(shown: string, from: string, to: string): string {
  if (shown === from) return to;
  const a = from.split('\n');
  const b = to.split('\n');
  let target = shown.split('\n');
  if (a.length > MAX_LINES || b.length > MAX_LINES || target.length > MAX_LINES) return to;
  // Last block first, so earlier positions stay valid.
  for (const h of changedBlocks(a, b).reverse()) {
    const before = h.at > 0 ? [a[h.at - 1]!] : [];
    const after = h.at + h.remove.length < a.length ? [a[h.at + h.remove.length]!] : [];
    // The block with both neighbours, else with one (the other may have changed too, as a
    // resourceVersion line next to the edit does), else the removed lines alone.
    const tries: [string[], number][] = [
      [[...before, ...h.remove, ...after], before.length],
      [[...before, ...h.remove], before.length],
      [[...h.remove, ...after], 0],
      [h.remove, 0],
    ];
    let k = -1;
    let lead = 0;
    for (const [pattern, l] of tries) {
      if (!pattern.length) continue;
      k = find(target, pattern, h.at - l);
      lead = l;
      if (k >= 0) break;
    }
    if (k < 0) return to;
    target = [...target.slice(0, k + lead), ...h.insert, ...target.slice(k + lead + h.remove.length)];
  }
  return target.join('\n');
}
