import { describe, expect, it } from 'vitest';
import { loadMoreFlagLines } from '../help/flag-lines.ts';
import { FlagError, Flags, flagsOf, globalFlags, knownFlagsOf, parseArgs } from './flags.ts';

const specs = [...globalFlags(), ...flagsOf('get')];

function parse(args: string[]) {
  const p = parseArgs(args, specs);
  return { p, f: new Flags(p, specs) };
}

describe('parseArgs (pflag behaviour)', () => {
  it('reads flags from the real help text, those of commands but get once their lines have loaded', async () => {
    expect(flagsOf('get').find((s) => s.name === 'all-namespaces')).toEqual({ name: 'all-namespaces', short: 'A', kind: 'bool', def: 'false', noOpt: undefined });
    expect(knownFlagsOf('delete')).toBeUndefined();
    expect(() => flagsOf('delete')).toThrow(/not loaded/);
    await loadMoreFlagLines();
    expect(flagsOf('delete').find((s) => s.name === 'cascade')?.noOpt).toBe('background');
    expect(flagsOf('create secret generic').find((s) => s.name === 'from-literal')?.kind).toBe('list');
    expect(flagsOf('no such command')).toEqual([]);
  });

  it('accepts every value form and interspersed positionals', () => {
    const { p, f } = parse(['pods', '-nkube-system', '--output=wide', '-l', 'app=web', 'extra', '-A', '--', '-x']);
    expect(p.positional).toEqual(['pods', 'extra', '-x']);
    expect(p.dashAt).toBe(2);
    expect(f.str('namespace')).toBe('kube-system');
    expect(f.str('output')).toBe('wide');
    expect(f.str('selector')).toBe('app=web');
    expect(f.bool('all-namespaces')).toBe(true);
    expect(f.bool('watch')).toBe(false);
    expect(parse(['-n=dev']).f.str('namespace')).toBe('dev');
    expect(parse(['--show-labels=false']).f.bool('show-labels')).toBe(false);
  });

  it('fails like pflag', () => {
    expect(() => parse(['--nope'])).toThrow(new FlagError('unknown flag: --nope'));
    expect(() => parse(['-z'])).toThrow(new FlagError("unknown shorthand flag: 'z' in -z"));
    expect(() => parse(['--namespace'])).toThrow(new FlagError('flag needs an argument: --namespace'));
    expect(() => parse(['--watch=maybe'])).toThrow(/strconv.ParseBool: parsing "maybe": invalid syntax/);
    expect(parse(['-h']).p.help).toBe(true);
  });
});
