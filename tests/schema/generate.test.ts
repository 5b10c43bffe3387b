import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generate, loadSources } from '../../scripts/schema/generate.ts';

describe('schema generator', () => {
  it('regenerates the committed schema byte for byte', () => {
    const committed = readFileSync(new URL('../../src/kubectl/verbs/explain/schema-generated.ts', import.meta.url), 'utf8');
    expect(generate(loadSources()) === committed).toBe(true);
  });
});
