import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

describe('kubectl completion', () => {
  it('prints the bash script kubectl 1.32 prints', async () => {
    const { run } = await kindSession();
    const r = await run('completion bash');
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith('\n# Copyright 2016 The Kubernetes Authors.\n')).toBe(true);
    expect(r.stdout).toContain('__start_kubectl()\n{\n');
    expect(r.stdout.endsWith('\n# ex: ts=4 sw=4 et filetype=sh\n')).toBe(true);
    expect(new TextEncoder().encode(r.stdout).length).toBe(12404);
    expect((await run('completion zsh')).stdout).toContain('#compdef kubectl');
  });

  it('answers a missing, extra or unknown shell as kubectl does', async () => {
    const { run } = await kindSession();
    expect(await run('completion')).toEqual({
      stdout: '',
      stderr: "error: Shell not specified.\nSee 'kubectl completion -h' for help and examples\n",
      code: 1,
    });
    expect((await run('completion tcsh')).stderr).toBe('error: Unsupported shell type "tcsh".\nSee \'kubectl completion -h\' for help and examples\n');
    expect((await run('completion bash zsh')).stderr).toBe(
      "error: Too many arguments. Expected only the shell type.\nSee 'kubectl completion -h' for help and examples\n",
    );
  });
});
