import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { generate } from '../../scripts/schema/generate.ts';

const require = createRequire(import.meta.url);

describe('schema generator', () => {
  it('regenerates the committed schema byte for byte', () => {
    const source = readFileSync(require.resolve('cdk8s-plus-32/lib/imports/k8s.d.ts'), 'utf8');
    const js = readFileSync(require.resolve('cdk8s-plus-32/lib/imports/k8s.js'), 'utf8');
    const committed = readFileSync(new URL('../../src/kubectl/verbs/explain/schema-generated.ts', import.meta.url), 'utf8');
    expect(generate(source, js) === committed).toBe(true);
  });
});
