/**
 * The import rules of .dependency-cruiser.cjs, as a test: the project's own tree keeps every
 * rule, and a miniature tree (fixtures/) that breaks each rule once is caught, rule by rule.
 * `npm run lint:deps` checks the same rules with a printed report.
 */
import { join } from 'node:path';
import { cruise, type IReporterOutput, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const FIXTURE = join(import.meta.dirname, 'fixtures');

/** Runs the project's rules over `dir` (relative to `baseDir`); returns "rule: from -> to" lines. */
async function violations(baseDir: string): Promise<string[]> {
  const options = await extractDepcruiseOptions(join(ROOT, '.dependency-cruiser.cjs'));
  const cwd = process.cwd();
  process.chdir(baseDir);
  let out: IReporterOutput;
  try {
    out = await cruise(['src'], { ...options, validate: true, outputType: 'json', tsConfig: undefined, baseDir });
  } finally {
    process.chdir(cwd);
  }
  const result = (typeof out.output === 'string' ? JSON.parse(out.output) : out.output) as ICruiseResult;
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to.replace(/^.*node_modules\//, 'node_modules/')}`).sort();
}

describe('import rules', () => {
  it('hold in the project', async () => {
    expect(await violations(ROOT)).toEqual([]);
  }, 60_000);

  it('catch each broken rule, naming it, and let the allowed imports through', async () => {
    const found = await violations(FIXTURE);
    const expected = [
      'apiserver-below-controllers: src/sim/apiserver/uses-controller.ts -> src/sim/controllers/some-controller.ts',
      'core-uses-no-node-apis: src/sim/uses-node.ts -> fs',
      'encoding-imports-nothing: src/encoding/uses-shell.ts -> src/shell/shell.ts',
      'host-stays-below-its-callers: src/host/uses-ui.ts -> src/ui/page.ts',
      'kubectl-imports-command-layer-and-sim-index: src/kubectl/uses-shell.ts -> src/shell/shell.ts',
      'kubectl-never-imports-the-shell: src/kubectl/uses-shell.ts -> src/shell/shell.ts',
      'no-import-cycles: src/sim/cycle-a.ts -> src/sim/cycle-b.ts',
      'nothing-imports-the-page: src/host/uses-ui.ts -> src/ui/page.ts',
      'only-the-page-touches-xterm: src/shell/uses-xterm.ts -> node_modules/@xterm/xterm/lib/xterm.js',
      'shell-grammar-imports-nothing: src/shell-grammar/uses-shell.ts -> src/shell/shell.ts',
      'shell-imports-only-command-layer: src/shell/uses-kubectl.ts -> src/kubectl/uses-shell.ts',
      'shell-imports-only-command-layer: src/shell/uses-xterm.ts -> node_modules/@xterm/xterm/lib/xterm.js',
      'shell-never-imports-kubectl: src/shell/uses-kubectl.ts -> src/kubectl/uses-shell.ts',
      'sim-imports-only-sim: src/sim/uses-node.ts -> fs',
    ];
    expect(found).toEqual(expected);
    expect(found.join('\n')).not.toMatch(/fine/);
  }, 60_000);
});
