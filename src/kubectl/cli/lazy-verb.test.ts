import { describe, expect, it, vi } from 'vitest';
import { createCodeLoading } from '../../command/code-loading.ts';
import { kindSession, memoryFS, words } from '../testing.ts';
import { VERB_TABLE } from '../verbs/table.ts';
import { isStandIn } from './lazy-verb.ts';
import { findVerb } from './registry.ts';
import type { ExecContext } from '../../command/contract.ts';

const entry = (name: string) => VERB_TABLE.find((e) => e.name === name)!;

describe('commands that load on first use', () => {
  it('imports a command only when it runs, once', async () => {
    const { run } = await kindSession();
    const load = vi.spyOn(entry('cp'), 'load');
    await run('get pods');
    await run('version --client');
    expect((await run('cp --help')).stdout).toMatch(/^Copy files and directories to and from containers\./);
    expect((await run('cp --no-such-flag')).stderr).toBe("error: unknown flag: --no-such-flag\nSee 'kubectl cp --help' for usage.\n");
    // Help and flag errors come from the outline and the flag table; a run needs the code.
    expect(load).not.toHaveBeenCalled();
    expect(isStandIn(findVerb('cp')!)).toBe(true);
    expect(await run('cp /tmp/x nginx:/tmp/x')).toEqual({ stdout: '', stderr: "error: /tmp/x doesn't exist in local filesystem\n", code: 1 });
    expect(load).toHaveBeenCalledTimes(1);
    expect(isStandIn(findVerb('cp')!)).toBe(false);
    await run('cp /tmp/x nginx:/tmp/x');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads a group once for all its sub-commands', async () => {
    const { run } = await kindSession();
    const load = vi.spyOn(entry('create'), 'load');
    expect(await run('create deploy web --image=nginx:1.27')).toEqual({ stdout: 'deployment.apps/web created\n', stderr: '', code: 0 });
    expect(await run('create svc clusterip web --tcp=80')).toEqual({ stdout: 'service/web created\n', stderr: '', code: 0 });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('holds the terminal in "loading code" until the command has arrived', async () => {
    const { c, k } = await kindSession();
    let arrive!: () => void;
    const real = entry('events').load;
    vi.spyOn(entry('events'), 'load').mockImplementationOnce(() => new Promise<void>((r) => (arrive = r)).then(real));
    const loading = createCodeLoading();
    let out = '';
    const ctx: ExecContext = {
      stdin: '',
      stdout: (t) => void (out += t),
      stderr: (t) => void (out += t),
      interrupt: { interrupted: false, onInterrupt: () => () => {} },
      fs: memoryFS(),
      cwd: '/',
      env: {},
      cols: 80,
      sleep: async () => true,
      streaming: () => {},
      loadCode: loading.loadCode,
    };
    const p = k.run(words('events -A'), ctx);
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(loading.active).toBe(true);
    expect(out).toBe('');
    arrive();
    expect(await p).toBe(0);
    expect(loading.active).toBe(false);
    expect(c.now()).toBeGreaterThan(0);
  });

  it('says in one line that a command could not be loaded, and loads it on the next run', async () => {
    const { run } = await kindSession();
    const offline = new TypeError('Failed to fetch dynamically imported module: https://course.example/_astro/drain.js');
    const load = vi.spyOn(entry('drain'), 'load').mockRejectedValueOnce(offline);
    expect(await run('drain kind-control-plane --dry-run=client')).toEqual({
      stdout: '',
      stderr: `error: could not load kubectl's "drain" command: Failed to fetch dynamically imported module: https://course.example/_astro/drain.js\n`,
      code: 1,
    });
    expect(isStandIn(findVerb('drain')!)).toBe(true);
    const again = await run('drain kind-control-plane --dry-run=client');
    expect(again.stdout).toContain('node/kind-control-plane cordoned (dry run)');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('names the group of a sub-command that could not be loaded', async () => {
    const { run } = await kindSession();
    vi.spyOn(entry('rollout'), 'load').mockRejectedValueOnce(new Error('network error'));
    expect(await run('rollout status deploy/web')).toEqual({
      stdout: '',
      stderr: `error: could not load kubectl's "rollout" command: network error\n`,
      code: 1,
    });
  });
});
