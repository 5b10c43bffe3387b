import { describe, expect, it } from 'vitest';
import { executableNotFound } from './programs.ts';

describe("runc's reason for a missing executable", () => {
  it('looks a name up in $PATH and only stats a path', () => {
    expect(executableNotFound('bash')).toBe('exec: "bash": executable file not found in $PATH');
    expect(executableNotFound('/bin/bash')).toBe('exec: "/bin/bash": stat /bin/bash: no such file or directory');
  });
});
