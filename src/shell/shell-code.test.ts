import { describe, expect, it, vi } from 'vitest';
import { createCodeLoading } from '../command/code-loading.ts';
import type { Command } from '../command/contract.ts';
import { InterruptController } from '../command/interrupt.ts';
import { parse } from './parse.ts';
import { loadFailure, shellCodePart } from './shell-code.ts';

/** A fresh module graph: the shell's parts as a page that just started has them (none loaded). */
async function freshShell() {
  vi.resetModules();
  const [{ Shell }, { createBuiltins }, { createMemoryFS }, parts, { compoundCode }, { neededCode }] = await Promise.all([
    import('./shell.ts'),
    import('./commands.ts'),
    import('./fs.ts'),
    import('./shell-code.ts'),
    import('./compound-code.ts'),
    import('./code-needs.ts'),
  ]);
  const commands = createBuiltins(() => 0);
  const kubectl: Command = async (args, ctx) => {
    ctx.stdout(`kubectl ${args.join(' ')}\n`);
    return 0;
  };
  commands.set('kubectl', kubectl);
  const loading = createCodeLoading();
  const shell = new Shell({ fs: createMemoryFS({ '/home/learner/a.yaml': '', '/home/learner/b.yaml': '' }), commands, sleep: async () => true, loading });
  const run = (src: string): { done: Promise<string>; loadingAtStart: boolean } => {
    let out = '';
    const done = shell.run(src, { interrupt: new InterruptController(), write: (t) => (out += t) }).then(() => out);
    return { done, loadingAtStart: loading.active };
  };
  const all = { compound: compoundCode, arith: parts.arithCode, glob: parts.globCode, brace: parts.braceCode };
  const loaded = (): string[] => Object.entries(all).flatMap(([k, p]) => (p.loaded ? [k] : []));
  const needs = (src: string): string[] => {
    const p = parse(src);
    if (!p.ok) throw new Error(src);
    return neededCode(p.script).map((part) => part.name);
  };
  return { run, loaded, needs, loading };
}

describe("the shell's parts that load on first use", () => {
  it('a part loads once, is counted as loading meanwhile, and after a failure loads again', async () => {
    let loads = 0;
    let fail = true;
    const part = shellCodePart('demo', async () => {
      loads++;
      if (fail) throw new Error('network error');
      return { value: 1 };
    });
    const loading = createCodeLoading();
    expect(() => part.now()).toThrow("the shell's code for demo is not loaded");
    const first = part.load(loading.loadCode);
    expect(loading.active).toBe(true);
    const e = await first.catch((x: unknown) => x);
    expect(loadFailure(part, e)).toBe("bash: could not load the shell's code for demo: network error");
    expect(loading.active).toBe(false);
    expect(part.loaded).toBeUndefined();
    fail = false;
    expect(await Promise.all([part.load(loading.loadCode), part.load(loading.loadCode)])).toEqual([{ value: 1 }, { value: 1 }]);
    expect(part.now()).toEqual({ value: 1 });
    await part.load(loading.loadCode);
    expect(loads).toBe(2);
  });

  it('knows from the parsed line which parts it needs', async () => {
    const { needs } = await freshShell();
    expect(needs('kubectl get pods -o wide')).toEqual([]);
    expect(needs("kubectl get pods -o jsonpath='{.items[*].metadata.name}' | grep web > out.txt")).toEqual([]);
    expect(needs('echo $((1 + 2))')).toEqual(['arithmetic']);
    expect(needs('echo "${a[1]}" ${x:1:2}')).toEqual(['arithmetic']);
    expect(needs('ls *.yaml')).toEqual(['patterns']);
    expect(needs('echo "${f%.yaml}"')).toEqual(['patterns']);
    expect(needs('echo web-{1..3}')).toEqual(['brace expansion']);
    const all = ['compound commands', 'arithmetic', 'patterns', 'brace expansion'];
    expect(needs('for i in 1 2; do echo $i; done')).toEqual(all);
    expect(needs('f() { echo hi; }')).toEqual(all);
    expect(needs('[[ -n x ]] && echo y')).toEqual(all);
  });

  it('a simple kubectl line loads none; a loop loads its parts before it runs, holding the terminal meanwhile', async () => {
    const { run, loaded, loading } = await freshShell();
    const simple = run('kubectl get pods; echo done');
    expect(simple.loadingAtStart).toBe(false);
    expect(await simple.done).toBe('kubectl get pods\ndone\n');
    expect(loaded()).toEqual([]);
    const loop = run('for f in *.yaml; do echo $((${#f} * 2)) web-{1,2}; done');
    expect(loop.loadingAtStart).toBe(true);
    expect(await loop.done).toBe('12 web-1 web-2\n12 web-1 web-2\n');
    expect(loading.active).toBe(false);
    expect(loaded()).toEqual(['compound', 'arith', 'glob', 'brace']);
  });

  it('an expansion run without its line asking first loads what it needs itself', async () => {
    vi.resetModules();
    const [{ expandWord }, { arithCode, globCode }, { createMemoryFS }] = await Promise.all([import('./expand.ts'), import('./shell-code.ts'), import('./fs.ts')]);
    const p = parse('echo $((2 + 3)) *.yaml');
    if (!p.ok) throw new Error('parse');
    const cmd = p.script[0]!.first.commands[0]!;
    if (cmd.kind !== undefined) throw new Error('simple');
    let waits = 0;
    const loading = createCodeLoading();
    const loadCode = <T,>(p: Promise<T>): Promise<T> => (waits++, loading.loadCode(p));
    const env = { vars: {}, status: 0, cwd: '/', fs: createMemoryFS({ '/a.yaml': '' }), substitute: async () => '', loadCode };
    expect(await expandWord(cmd.words[1]!, env)).toEqual(['5']);
    expect(await expandWord(cmd.words[2]!, env)).toEqual(['a.yaml']);
    // Each through the terminal's code loading, once.
    expect(waits).toBe(2);
    expect(await expandWord(cmd.words[1]!, env)).toEqual(['5']);
    expect(waits).toBe(2);
    expect([arithCode.loaded !== undefined, globCode.loaded !== undefined]).toEqual([true, true]);
  });
});
