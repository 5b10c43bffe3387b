import { describe, expect, it } from 'vitest';
import { HELP } from '../help/texts.ts';
import { parseDocuments } from '../resource/manifests.ts';
import { createCodeLoading } from '../../command/code-loading.ts';
import { loadWhatRunNeeds, mayPrintHelp } from './on-demand.ts';
import type { Invocation, Verb } from './verb.ts';

const verb = (name: string, group = false): Verb => ({
  name,
  short: '',
  run: async () => 0,
  ...(group ? { subcommands: [{ name: 'sub', short: '', run: async () => 0 }] } : {}),
});
const loading = createCodeLoading();
const inv = (flags: string[], values: Record<string, string> = {}): Invocation =>
  ({
    flags: { has: (f: string) => flags.includes(f) || f in values, str: (f: string) => values[f] ?? '', list: (f: string) => (f in values ? [values[f]!] : []) },
    ctx: { loadCode: loading.loadCode },
  }) as unknown as Invocation;

describe('on-demand loading', () => {
  it('loads the printers of formats other than tables only for commands that ask for one', async () => {
    const { mayPrintObjects, objectPrinters } = await import('../printers/objects-on-demand.ts');
    expect(mayPrintObjects(inv([], { output: 'wide' }).flags)).toBe(false);
    expect(mayPrintObjects(inv([], { template: '{{.kind}}' }).flags)).toBe(true);
    await loadWhatRunNeeds(verb('get'), inv([], { output: 'wide' }), false);
    expect(() => objectPrinters()).toThrow(/not loaded/);
    const p = loadWhatRunNeeds(verb('get'), inv([], { output: 'name' }), false);
    expect(loading.active).toBe(true);
    await p;
    expect(objectPrinters().renderObjects([{ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' } }], 'name', true)).toBe('pod/p\n');
  });

  it('loads the JSONPath printer only for -o jsonpath, -o custom-columns and --sort-by', async () => {
    const { jsonPath } = await import('../printers/jsonpath-on-demand.ts');
    await loadWhatRunNeeds(verb('get'), inv([], { output: 'yaml' }), false);
    expect(() => jsonPath()).toThrow(/not loaded/);
    const p = loadWhatRunNeeds(verb('get'), inv([], { 'sort-by': '.metadata.name' }), false);
    expect(loading.active).toBe(true);
    await p;
    expect(jsonPath().executeJsonPath('{.a}', { a: 1 }, true, false)).toBe('1');
  });

  it('knows which runs may print help texts', () => {
    expect(mayPrintHelp(verb('get'), false)).toBe(false);
    expect(mayPrintHelp(verb('get'), true)).toBe(true);
    expect(mayPrintHelp(undefined, false)).toBe(true);
    expect(mayPrintHelp(verb('help'), false)).toBe(true);
    expect(mayPrintHelp(verb('options'), false)).toBe(true);
    expect(mayPrintHelp(verb('rollout', true), false)).toBe(true);
  });

  it('loads nothing for a plain command, and is never pending then', async () => {
    const p = loadWhatRunNeeds(verb('get'), inv([]), false);
    expect(loading.active).toBe(false);
    await p;
  });

  it('loads the help texts and the YAML parser when needed, loading code until loaded', async () => {
    expect(HELP['get']).toBeUndefined();
    expect(() => parseDocuments('a: 1', 'x.yaml')).toThrow(/not loaded/);
    const p = loadWhatRunNeeds(verb('apply'), inv(['filename']), true);
    expect(loading.active).toBe(true);
    await p;
    expect(loading.active).toBe(false);
    expect(HELP['get']).toMatch(/^Display one or many resources/);
    expect(parseDocuments('a: 1', 'x.yaml')).toEqual([{ a: 1 }]);
  });

  it('loads the go-template printer and the published manifests only for the commands that use them', async () => {
    const { checkFormat, renderObjects, WRITE_FORMATS } = await import('../printers/output.ts');
    expect(() => checkFormat('go-template={{.kind}}', WRITE_FORMATS)).toThrow(/not loaded/);
    const { remoteDocument } = await import('../../sim/index.ts');
    expect(() => remoteDocument('https://example.com/x.yaml')).toThrow(/not loaded/);
    await loadWhatRunNeeds(verb('get'), inv([], { output: 'jsonpath={.a}' }), false);
    expect(() => remoteDocument('https://example.com/x.yaml')).toThrow(/not loaded/);
    const p = loadWhatRunNeeds(verb('apply'), inv([], { filename: 'https://example.com/x.yaml', template: '{{.kind}}' }), false);
    expect(loading.active).toBe(true);
    await p;
    expect(remoteDocument('https://example.com/x.yaml')).toBeUndefined();
    checkFormat('go-template={{.kind}}', WRITE_FORMATS);
    expect(renderObjects([{ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' } }], 'go-template={{.kind}}', true)).toBe('Pod');
  });
});
