/**
 * What starting a terminal imports statically (src/ui/session.ts and everything it imports, as
 * astro.config.mjs computes the simulator's chunk) leaves out the code that only loads on first
 * use: the simulator's on-demand index, the kubectl commands' modules, whose loads the
 * terminal's first chunk knows (src/kubectl/verbs/code.ts) without importing them, and the
 * shell's rarer parts (src/shell/shell-code.ts).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

/** The project files `entry` imports statically, transitively (type-only imports left out), relative to the root. */
function staticClosure(entry: string): Set<string> {
  const seen = new Set<string>();
  const todo = [resolve(ROOT, entry)];
  for (let file = todo.pop(); file !== undefined; file = todo.pop()) {
    const rel = relative(ROOT, file);
    if (seen.has(rel)) continue;
    seen.add(rel);
    const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    for (const m of text.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^;'"]*?from\s+'(\.[^']+\.ts)'|^\s*import\s+'(\.[^']+\.ts)'/gm)) {
      todo.push(resolve(dirname(file), m[1] ?? m[2]!));
    }
  }
  return seen;
}

describe("a terminal's start", () => {
  const closure = staticClosure('src/ui/session.ts');

  it('imports the simulator, kubectl and the shell (a check that the walk follows imports)', () => {
    for (const f of ['src/sim/index.ts', 'src/kubectl/verbs/index.ts', 'src/kubectl/verbs/get/get.ts', 'src/shell/shell.ts']) expect(closure, f).toContain(f);
  });

  it("leaves out the simulator's on-demand index and what only it exports", () => {
    for (const f of ['src/sim/on-demand.ts', 'src/sim/api/cron/schedule.ts', 'src/sim/kubelet/sh/tar-format.ts', 'src/sim/controllers/cronjob/job-from-cronjob.ts']) {
      expect(closure, f).not.toContain(f);
    }
  });

  it("leaves out the certificate authority, the X.509 code, the CSR kind and the access checks kind's admin does without", () => {
    const lazy = [
      'src/sim/auth/pki.ts',
      'src/sim/auth/rbac.ts',
      'src/sim/auth/impersonation.ts',
      'src/sim/auth/service-account-token.ts',
      'src/sim/client/authenticated.ts',
      'src/sim/kinds/certificatesigningrequest/kind.ts',
      'src/sim/kinds/certificatesigningrequest/signer.ts',
      'src/encoding/crypto/x509.ts',
      'src/encoding/crypto/rsa.ts',
    ];
    for (const f of lazy) expect(closure, f).not.toContain(f);
    expect(closure).toContain('src/sim/auth/kind-admin.ts');
  });

  it("leaves out the shell's parts that load on first use (compound commands and functions, arithmetic, patterns, braces, eval/source/bash, rarer builtins)", () => {
    expect(closure).toContain('src/shell/shell-code.ts');
    for (const f of [
      'src/shell/compound.ts',
      'src/shell/programs.ts',
      'src/shell/conditional.ts',
      'src/shell-grammar/arith.ts',
      'src/shell-grammar/arith-lexer.ts',
      'src/command/glob-match.ts',
      'src/shell-grammar/brace.ts',
      'src/shell/builtins/file-changes.ts',
      'src/shell/builtins/environment.ts',
      'src/shell/builtins/date.ts',
      'src/shell/builtins/which.ts',
    ]) {
      expect(closure, f).not.toContain(f);
    }
  });

  it("leaves out the kubectl commands that load on first use, whose loads the first chunk knows", () => {
    expect(closure).toContain('src/kubectl/verbs/code.ts');
    for (const f of ['src/kubectl/verbs/apply/apply.ts', 'src/kubectl/verbs/create/all.ts', 'src/kubectl/verbs/cp/cp.ts']) expect(closure, f).not.toContain(f);
    expect(staticClosure('src/ui/terminal-start.ts')).not.toContain('src/sim/index.ts');
  });
});
