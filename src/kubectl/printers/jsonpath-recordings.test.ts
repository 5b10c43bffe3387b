import { describe, expect, it } from 'vitest';
import { CliError } from '../cli/errors.ts';
import { executeJsonPath } from './jsonpath.ts';
import recordings from './jsonpath-kubectl-1.32-recordings.json';

// Recorded with `kubectl create deployment web --image=nginx:1.27 --image=busybox:1.36
// --image=redis:7 --port=80 --dry-run=client -o jsonpath=...`: a typed object, which kubectl
// hands to the JSONPath engine through encoding/json, so its numbers are float64.
function run(tpl: string, allowMissing: boolean) {
  try {
    return { stdout: executeJsonPath(tpl, recordings.object, allowMissing, true), stderr: '', code: 0 };
  } catch (e) {
    if (!(e instanceof CliError)) throw e;
    return { stdout: '', stderr: `error: ${e.message}\n`, code: 1 };
  }
}

describe('JSONPath printer, against kubectl 1.32 recordings', () => {
  for (const c of recordings.cases) {
    it(`${c.allow ? '' : '(no missing keys) '}${c.tpl}`, () => {
      expect(run(c.tpl, c.allow)).toEqual({ stdout: c.stdout, stderr: c.stderr, code: c.code });
    });
  }
});
