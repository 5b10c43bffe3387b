import { describe, expect, it } from 'vitest';
import { generatedHash } from './hash.ts';
import { sha256Hex } from './sha256.ts';

describe('kustomize name hash', () => {
  it('computes SHA-256', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('x'.repeat(200))).toBe('aa20c23e3201834050679e1d88941b9a6fed0557c9a705cb2c315e2e63fd486d');
    expect(sha256Hex('héllo ✓')).toBe('5657cdef8a85a584e0e961e6f8247cf5d3f8ed21496ed6fdbcfd43a761e94245');
  });

  it('matches the suffixes kubectl kustomize (v5.5) gives', () => {
    expect(generatedHash({ kind: 'ConfigMap', data: { k: 'v' } })).toBe('bdg947hgcc');
    expect(generatedHash({ kind: 'ConfigMap', data: { COLOR: 'blue', SIZE: '10' } })).toBe('m6ggck28tf');
    expect(generatedHash({ kind: 'Secret', type: 'Opaque', data: { password: 'czNjcjx0Pg==' } })).toBe('bg62t2ch92');
  });
});
