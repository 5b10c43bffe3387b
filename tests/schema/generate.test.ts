import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generate, loadSources } from '../../scripts/schema/generate.ts';

describe('schema generator', () => {
  it('regenerates the committed schema and kind types byte for byte', () => {
    const { schema, types } = generate(loadSources());
    const committed = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
    expect(schema === committed('src/kubectl/verbs/explain/schema-generated.ts')).toBe(true);
    expect(types === committed('src/sim/kinds/generated-types.ts')).toBe(true);
  });
});
