import { describe, expect, it } from 'vitest';
import { CliError } from '../../cli/errors.ts';
import { renderGoTemplate } from './index.ts';
import recordings from './kubectl-1.32-recordings.json';

/** What kubectl prints for `-o go-template=TPL`: stdout, stderr and exit code. */
function run(tpl: string, data: unknown, allowMissing: boolean) {
  try {
    return { stdout: renderGoTemplate(tpl, data, allowMissing), stderr: '', code: 0 };
  } catch (e) {
    if (!(e instanceof CliError)) throw e;
    return { stdout: e.stdout, stderr: `error: ${e.message}\n`, code: 1 };
  }
}

// kubectl prints the raw JSON in the typed object's field order; the simulator's objects are
// unstructured and print with sorted keys, so that one debugging line is compared as JSON.
function normalise(stdout: string): string {
  return stdout.replace(/(\traw data was:\n\t\t)(.*)\n/, (_, head: string, json: string) => `${head}${JSON.stringify(sortKeys(JSON.parse(json)))}\n`);
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]),
    );
  return v;
}

describe('go-template printer, against kubectl 1.32 recordings', () => {
  for (const c of recordings.cases) {
    it(`${c.allow ? '' : '(no missing keys) '}${c.tpl}`, () => {
      const got = run(c.tpl, recordings.object, c.allow);
      expect({ ...got, stdout: normalise(got.stdout) }).toEqual({ stdout: normalise(c.stdout), stderr: c.stderr, code: c.code });
    });
  }
});
