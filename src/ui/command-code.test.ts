import { describe, expect, it, vi } from 'vitest';
import { codeFor, requestLines, warmRequestCode } from './command-code.ts';
import { findVerb } from '../kubectl/cli/registry.ts';
import { isStandIn, verbCodeLoad } from '../kubectl/cli/lazy-verb.ts';
import { flagLinesReady } from '../kubectl/help/flag-lines.ts';
import '../kubectl/index.ts';

describe('command-code', () => {
  it('names the kubectl lines of Run and Apply requests', () => {
    expect(requestLines({ kind: 'run', commands: ['kubectl get pods', 'ls'] })).toEqual(['kubectl get pods', 'ls']);
    expect(requestLines({ kind: 'apply', file: 'web.yaml', content: '' })).toEqual(['kubectl apply -f web.yaml']);
    expect(requestLines({ kind: 'edit', file: 'web.yaml', content: '' })).toEqual([]);
  });

  it('finds the manifest reader and describers a line needs, pipeline parts included', () => {
    expect(codeFor('kubectl apply -f web.yaml')).toEqual([{ words: ['apply', '-f', 'web.yaml'], manifests: true, describers: false }]);
    expect(codeFor('kubectl create --filename=x.yaml')[0]!.manifests).toBe(true);
    expect(codeFor('kubectl delete -fweb.yaml')[0]!.manifests).toBe(true);
    expect(codeFor('kubectl apply -k ./base')[0]!.manifests).toBe(true);
    expect(codeFor('kubectl get pods --field-selector=x')[0]!.manifests).toBe(false);
    expect(codeFor('cat web.yaml | kubectl describe pod web')).toEqual([{ words: ['describe', 'pod', 'web'], manifests: false, describers: true }]);
    expect(codeFor('echo kubectl; ls -f')).toEqual([]);
  });

  it("starts kubectl's own load of the command's code, and of nothing else", async () => {
    expect(isStandIn(findVerb('apply')!)).toBe(true);
    expect(isStandIn(findVerb('label')!)).toBe(true);
    expect(flagLinesReady('apply')).toBe(false);
    warmRequestCode({ kind: 'apply', file: 'web.yaml', content: '' });
    // Nothing else asks for the code: the real verb replaces the stand-in once the warm-up's import is in.
    await vi.waitFor(() => expect(isStandIn(findVerb('apply')!)).toBe(false), { timeout: 10_000 });
    // Its flag lines too, which kubectl reads before the line.
    await vi.waitFor(() => expect(flagLinesReady('apply')).toBe(true));
    expect(isStandIn(findVerb('label')!)).toBe(true);
    // kubectl's own later load finds it done.
    expect(verbCodeLoad(findVerb('apply')!)).toBeUndefined();
  });

  it('ignores lines kubectl would refuse', () => {
    expect(() => warmRequestCode({ kind: 'run', commands: ['kubectl --no-such-flag get', 'kubectl nosuchverb', 'kubectl'] })).not.toThrow();
  });
});
