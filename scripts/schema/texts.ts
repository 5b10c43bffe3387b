/**
 * Choosing a definition's or field's 1.32 text, and its enum list, among the copies the schema
 * generator reads:
 *
 * - `@kubernetes/client-node` 1.1.2 is Kubernetes v1.32.0's OpenAPI, but flattened (line breaks
 *   turned into spaces, `Possible enum values` lists dropped): it is the reference text.
 * - `kubernetes-models` 4.5.0 (Kubernetes 1.33) and 4.4.2 (`kubernetes-models-k8s129`,
 *   Kubernetes 1.29) keep the text line for line and the enums, but are not 1.32. A copy is
 *   used only where, flattened the same way, it is the 1.32 text.
 * - An enum list is taken when 1.29 and 1.33 agree on it (values and their notes), so 1.32,
 *   between them, has it too; or, for a field 1.29 does not have yet, when the 1.33 field's text
 *   is the 1.32 text.
 */
import type { KmField } from './parse-kubernetes-models.ts';

const ENUM_TAIL = '\n\nPossible enum values:\n';

/** `text` without its `Possible enum values` list. */
export function withoutEnumTail(text: string): string {
  const at = text.indexOf(ENUM_TAIL);
  return at < 0 ? text : text.slice(0, at);
}

/** The `Possible enum values` list of `text` (from the blank line before it), or ''. */
export function enumTail(text: string): string {
  const at = text.indexOf(ENUM_TAIL);
  return at < 0 ? '' : text.slice(at);
}

/** Text compared as client-node flattens it: every run of white space one space. */
export function flat(text: string): string {
  return withoutEnumTail(text).replace(/\s+/g, ' ').trim();
}

/** How a text was chosen (see pickText). */
export type TextOrigin = 'checked' | 'bracketed' | 'newer-only' | 'older-only' | 'flattened';

/**
 * The 1.32 text given client-node's `reference` and the 1.33 and 1.29 copies: the copy that is
 * `reference` once flattened ('checked'); where client-node has no text (it drops the
 * description of a field that refers to a definition), the copy 1.29 and 1.33 agree on
 * ('bracketed'), or the only copy there is ('newer-only', 'older-only'); else `reference`
 * itself ('flattened').
 */
export function pickText(reference: string, c133: string | undefined, c129: string | undefined): { text: string; origin: TextOrigin } {
  if (reference === '') {
    if (c133 !== undefined && c133 === c129) return { text: c133, origin: 'bracketed' };
    if (c133) return { text: c133, origin: 'newer-only' };
    if (c129) return { text: c129, origin: 'older-only' };
    return { text: '', origin: 'flattened' };
  }
  const want = flat(reference);
  for (const c of [c133, c129]) if (c !== undefined && flat(c) === want) return { text: c, origin: 'checked' };
  return { text: reference, origin: 'flattened' };
}

/** The values of a string-union TypeScript type (`"A" | "B" | ""`), or undefined. */
export function unionValues(tsType: string): string[] | undefined {
  const parts = tsType.split(' | ');
  if (!parts.every((p) => /^"[^"]*"$/.test(p))) return undefined;
  return [...new Set(parts.map((p) => p.slice(1, -1)))];
}

/**
 * An enum tail without the bare ` - \`"X"\`` lines that kubernetes-models 4.4.2 writes next to
 * the noted line of the same value (its list of `"Cluster" | "Cluster" | "Local" | "Local"`).
 */
function dedupedTail(tail: string): string {
  const lines = tail.split('\n');
  return lines.filter((l) => !(/^ - `"[^"]*"`$/.test(l) && lines.some((o) => o !== l && o.startsWith(l + ' ')))).join('\n');
}

/** An enum list and its `Possible enum values` text, as the OpenAPI document gives them. */
export interface EnumDoc {
  values: string[];
  tail: string;
}

/**
 * The 1.32 enum of a field from its 1.33 and 1.29 copies (see the module comment), given the
 * field's 1.32 text; undefined when the field has none or 1.32's cannot be told.
 */
export function enumOf(text132: string, f133: KmField | undefined, f129: KmField | undefined): EnumDoc | undefined {
  // A kind's `apiVersion: "v1"` and `kind: "Event"` are the package's literal types, not enums.
  if (f133?.name === 'apiVersion' || f133?.name === 'kind') return undefined;
  const v133 = f133 && unionValues(f133.tsType);
  if (!f133 || !v133) return undefined;
  const tail = enumTail(f133.description);
  if (f129) {
    const v129 = unionValues(f129.tsType);
    if (v129 && v129.join('\0') === v133.join('\0') && dedupedTail(enumTail(f129.description)) === tail) return { values: v133, tail };
    return undefined;
  }
  return flat(f133.description) === flat(text132) ? { values: v133, tail } : undefined;
}
