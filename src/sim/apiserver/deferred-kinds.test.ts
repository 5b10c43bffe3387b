import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.ts';
import { Cluster } from '../cluster.ts';
import { codePart, coldCode, type CodePart, type CodeSource } from '../deferred/code-part.ts';
import type { ApiRegistries } from './registries.ts';

const cm = (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default' } });

/** A kind module that rejects ConfigMaps named `bad`, as a kind's validation would. */
const module = {
  install(api: ApiRegistries) {
    api.admission.register('configmaps', {
      validate: (o) => (o.metadata.name === 'bad' ? [{ reason: 'FieldValueInvalid', field: 'metadata.name', message: 'metadata.name: Invalid value: "bad"' }] : []),
    });
  },
};

/** A source whose first `failures` loads reject, as a download does offline. */
function flakySource(failures: number): CodeSource {
  const cold = coldCode();
  return {
    loaded: (part) => cold.loaded(part),
    load<T>(part: CodePart<T>): Promise<T> {
      return failures-- > 0 ? Promise.reject(new Error('offline')) : cold.load(part);
    },
  };
}

/** A bare cluster with the default namespace. */
function bare(source: CodeSource): Cluster {
  const c = new Cluster({ code: source });
  c.store.put('namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
  return c;
}

function cluster(source: CodeSource) {
  const part = codePart('test-kind', async () => module);
  const c = bare(source);
  c.api.deferred.add({ resources: ['configmaps'], part, install: (m, api) => m.install(api) });
  return { c, part };
}

describe('kinds whose admission loads on first use', () => {
  it('refuses a write before prepare, then admits as the loaded code says', async () => {
    const { c } = cluster(coldCode());
    expect(c.api.deferred.isWaiting('configmaps')).toBe(true);
    expect(() => c.api.create('configmaps', cm('a'))).toThrow(/code for configmaps has not loaded yet \(create before prepare\)/);
    const wait = c.api.deferred.prepare(['configmaps', 'pods']);
    expect(wait).toBeInstanceOf(Promise);
    await wait;
    expect(c.api.deferred.isWaiting('configmaps')).toBe(false);
    expect(c.api.deferred.prepare(['configmaps'])).toBeUndefined();
    expect(c.api.create('configmaps', cm('a')).object.metadata.name).toBe('a');
    expect(() => c.api.create('configmaps', cm('bad'))).toThrow(ApiError);
  });

  it('installs at once where the code is already there', async () => {
    const source = coldCode();
    const part = codePart('test-kind', async () => module);
    await source.load(part);
    const c = bare(source);
    c.api.deferred.add({ resources: ['configmaps'], part, install: (m, api) => m.install(api) });
    expect(c.api.deferred.isWaiting('configmaps')).toBe(false);
    expect(() => c.api.create('configmaps', cm('bad'))).toThrow(/Invalid value/);
  });

  it('a failed download rejects and leaves the kind waiting; the next prepare loads it', async () => {
    const { c } = cluster(flakySource(1));
    await expect(c.api.deferred.prepare(['configmaps'])).rejects.toThrow('offline');
    expect(c.api.deferred.isWaiting('configmaps')).toBe(true);
    expect(c.code.loading).toBe(false);
    await c.api.deferred.prepare(['configmaps']);
    expect(c.api.create('configmaps', cm('a')).object.metadata.name).toBe('a');
  });

  it('a part fetched meanwhile (by another cluster, or the page once idle) installs without waiting', async () => {
    const source = coldCode();
    const { c, part } = cluster(source);
    await source.load(part);
    expect(c.api.deferred.prepare(['configmaps'])).toBeUndefined();
    expect(c.api.deferred.isWaiting('configmaps')).toBe(false);
  });

  it('holds cluster time while it loads', async () => {
    const { c } = cluster(coldCode());
    const wait = c.api.deferred.prepare(['configmaps'])!;
    expect(c.code.loading).toBe(true);
    await wait;
    expect(c.code.loading).toBe(false);
  });

  it('a module that arrives for a controller brings its kinds', () => {
    const { c, part } = cluster(coldCode());
    c.api.deferred.installPart(part, module);
    expect(c.api.deferred.isWaiting('configmaps')).toBe(false);
    expect(() => c.api.create('configmaps', cm('bad'))).toThrow(/Invalid value/);
  });
});
