/** How the schema generator picks 1.32 texts and enums among its copies (scripts/schema/texts.ts). */
import { describe, expect, it } from 'vitest';
import { enumOf, pickText, unionValues } from '../../scripts/schema/texts.ts';
import type { KmField } from '../../scripts/schema/parse-kubernetes-models.ts';

const field = (tsType: string, description: string): KmField => ({ name: 'type', tsType, required: false, description });
const TAIL = '\n\nPossible enum values:\n - `"A"` first.\n - `"B"` second.';

describe('pickText', () => {
  it('takes the copy that is the 1.32 text once flattened, line breaks and all', () => {
    expect(pickText('One.  Two three.', 'One.\n\nTwo\nthree.' + TAIL, undefined)).toEqual({ text: 'One.\n\nTwo\nthree.' + TAIL, origin: 'checked' });
    expect(pickText('One.  Two three.', 'Changed in 1.33.', 'One.\n\nTwo three.')).toEqual({ text: 'One.\n\nTwo three.', origin: 'checked' });
  });

  it('keeps the flattened 1.32 text when no copy is it', () => {
    expect(pickText('Beta in 1.32.', 'GA in 1.33.', 'Alpha in 1.29.')).toEqual({ text: 'Beta in 1.32.', origin: 'flattened' });
  });

  it('where 1.32 has no text, takes what 1.29 and 1.33 agree on', () => {
    expect(pickText('', 'Same.', 'Same.')).toEqual({ text: 'Same.', origin: 'bracketed' });
    expect(pickText('', 'New.', undefined)).toEqual({ text: 'New.', origin: 'newer-only' });
  });
});

describe('enumOf', () => {
  it('takes an enum 1.29 and 1.33 agree on', () => {
    expect(enumOf('Whatever 1.32 says.', field('"A" | "B"', 'Text.' + TAIL), field('"A" | "B"', 'Older text.' + TAIL))).toEqual({ values: ['A', 'B'], tail: TAIL });
  });

  it('takes no enum whose values changed between 1.29 and 1.33', () => {
    expect(enumOf('Text.', field('"A" | "B"', 'Text.' + TAIL), field('"A"', 'Text.\n\nPossible enum values:\n - `"A"` first.'))).toBeUndefined();
  });

  it('for a field newer than 1.29, takes the 1.33 enum only when its text is the 1.32 text', () => {
    expect(enumOf('Text.', field('"A" | "B"', 'Text.' + TAIL), undefined)).toEqual({ values: ['A', 'B'], tail: TAIL });
    expect(enumOf('Other text.', field('"A" | "B"', 'Text.' + TAIL), undefined)).toBeUndefined();
  });

  it('reads string unions, not literal apiVersion and kind', () => {
    expect(unionValues('"" | "Always"')).toEqual(['', 'Always']);
    expect(unionValues('string')).toBeUndefined();
    expect(enumOf('x', { ...field('"v1"', ''), name: 'apiVersion' }, undefined)).toBeUndefined();
  });
});
