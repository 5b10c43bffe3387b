import { describe, expect, it } from 'vitest';
import { Cluster } from '../cluster.ts';
import { install, type Installer } from '../installer.ts';
import type { Controller } from '../runtime/controller.ts';
import { codePart, coldCode, type CodeSource } from './code-part.ts';
import { deferredController } from './deferred-controller.ts';

/** A controller that writes down each key it reconciles, as `name:key`. */
const recorder = (name: string, resource: string, log: string[]): Controller => ({
  name,
  watches: [{ resource, keys: (e) => [e.object.metadata.name!] }],
  reconcile: (key) => void log.push(`${name}:${key}`),
});

const cm = (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default' } });

/** A part whose module arrives when `release()` is called, counting how often it was imported. */
function gatedPart() {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const part = codePart('test-controller', async () => {
    part.imports++;
    await gate;
    return { make: (log: string[]) => recorder('late', 'configmaps', log) };
  }) as ReturnType<typeof codePart<{ make: (log: string[]) => Controller }>> & { imports: number };
  part.imports = 0;
  return { part, release };
}

function build(source: CodeSource, installers: Installer[]): Cluster {
  const c = new Cluster({ code: source });
  install(c, installers, (cl) => void cl.api.create('namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } }));
  c.settle();
  return c;
}

const turn = () => new Promise((r) => setImmediate(r));

describe('deferredController', () => {
  it('loads on the first trigger, holds the cluster meanwhile, and takes its turn where it was listed', async () => {
    const log: string[] = [];
    const { part, release } = gatedPart();
    const installers: Installer[] = [
      { name: 'first', start: (c) => c.addController(recorder('first', 'configmaps', log)) },
      deferredController({ name: 'late', part, triggers: ['configmaps'], controller: (m) => m.make(log) }),
      { name: 'last', start: (c) => c.addController(recorder('last', 'configmaps', log)) },
    ];
    const c = build(coldCode(), installers);
    expect(c.code.loading).toBe(false);
    expect(part.imports).toBe(0);
    c.api.create('configmaps', cm('a'));
    c.api.create('configmaps', cm('b'));
    expect(c.code.loading).toBe(true);
    release();
    await c.code.ready();
    expect(c.code.loading).toBe(false);
    c.settle();
    // Round-robin in list order, and the late one got both changes it missed.
    expect(log).toEqual(['first:a', 'late:a', 'last:a', 'first:b', 'late:b', 'last:b']);
    expect(part.imports).toBe(1);
  });

  it('prints the same order as the code loaded from the start', () => {
    const log: string[] = [];
    const part = codePart('ready', async () => ({ make: (l: string[]) => recorder('late', 'configmaps', l) }));
    const source = coldCode();
    return source.load(part).then(() => {
      const c = build(source, [
        { name: 'first', start: (cl) => cl.addController(recorder('first', 'configmaps', log)) },
        deferredController({ name: 'late', part, triggers: ['configmaps'], controller: (m) => m.make(log) }),
      ]);
      expect(c.code.loading).toBe(false);
      c.api.create('configmaps', cm('a'));
      c.settle();
      expect(log).toEqual(['first:a', 'late:a']);
    });
  });

  it('loads a part once for a source, and keeps two clusters apart', async () => {
    const { part, release } = gatedPart();
    const source = coldCode();
    const logs: [string[], string[]] = [[], []];
    const make = (log: string[]) => build(source, [deferredController({ name: 'late', part, triggers: ['configmaps'], controller: (m) => m.make(log) })]);
    const one = make(logs[0]);
    const two = make(logs[1]);
    one.api.create('configmaps', cm('a'));
    expect(one.code.loading).toBe(true);
    // The other cluster waits for nothing: it has no ConfigMap yet.
    expect(two.code.loading).toBe(false);
    release();
    await one.code.ready();
    one.settle();
    expect(logs[0]).toEqual(['late:a']);
    expect(logs[1]).toEqual([]);
    // The second cluster finds the part loaded: its controller starts at its first trigger, synchronously.
    two.api.create('configmaps', cm('b'));
    expect(two.code.loading).toBe(false);
    two.settle();
    expect(logs[1]).toEqual(['late:b']);
    expect(part.imports).toBe(1);
  });

  it('ignores changes of other resources until its trigger', async () => {
    const log: string[] = [];
    const { part, release } = gatedPart();
    const c = build(coldCode(), [deferredController({ name: 'late', part, triggers: ['secrets'], controller: (m) => m.make(log) })]);
    c.api.create('configmaps', cm('before'));
    expect(c.code.loading).toBe(false);
    c.api.create('secrets', { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'default' } });
    c.api.create('configmaps', cm('after'));
    release();
    await c.code.ready();
    c.settle();
    // It watches ConfigMaps: the one written before its trigger was not its business.
    expect(log).toEqual(['late:after']);
  });

  it('with triggerWhen, loads only for the changes it accepts', async () => {
    const log: string[] = [];
    const { part, release } = gatedPart();
    const wanted = (e: { object: { metadata: { name?: string } } }) => e.object.metadata.name === 'wanted';
    const c = build(coldCode(), [deferredController({ name: 'late', part, triggers: ['configmaps'], triggerWhen: wanted, controller: (m) => m.make(log) })]);
    c.api.create('configmaps', cm('other'));
    expect(c.code.loading).toBe(false);
    c.api.create('configmaps', cm('wanted'));
    expect(c.code.loading).toBe(true);
    release();
    await c.code.ready();
    c.settle();
    expect(log).toEqual(['late:wanted']);
  });

  it('a part that fails to load is reported by ready(), and the cluster is not held for ever', async () => {
    const part = codePart('broken', () => Promise.reject(new Error('offline')));
    const c = build(coldCode(), [deferredController({ name: 'late', part, triggers: ['configmaps'], controller: () => recorder('x', 'configmaps', []) })]);
    c.api.create('configmaps', cm('a'));
    await turn();
    await expect(c.code.ready()).rejects.toThrow('offline');
    expect(c.code.loading).toBe(false);
  });
});
