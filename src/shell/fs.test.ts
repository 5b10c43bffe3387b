import { describe, expect, it } from 'vitest';
import { createMemoryFS } from './fs.ts';

describe('createMemoryFS', () => {
  it('starts with the home directory and /tmp', () => {
    const fs = createMemoryFS();
    expect(fs.isDir('/home/learner')).toBe(true);
    expect(fs.isDir('/tmp')).toBe(true);
    expect(fs.list('/home/learner')).toEqual([]);
  });
  it('takes relative keys as paths under home and creates parents', () => {
    const fs = createMemoryFS({ 'k8s/pod.yaml': 'kind: Pod\n' });
    expect(fs.read('/home/learner/k8s/pod.yaml')).toBe('kind: Pod\n');
    expect(fs.isDir('/home/learner/k8s')).toBe(true);
    expect(fs.list('/home/learner')).toEqual(['k8s/']);
  });
  it('lists, walks and removes recursively', () => {
    const fs = createMemoryFS({ '/a/b/c.txt': '1', '/a/d.txt': '2', '/a/e/': '' });
    expect(fs.list('/a')).toEqual(['b/', 'd.txt', 'e/']);
    expect(fs.walk('/a')).toEqual(['/a/b/c.txt', '/a/d.txt']);
    expect(fs.remove('/a')).toBe(true);
    expect(fs.exists('/a/b/c.txt')).toBe(false);
    expect(fs.exists('/a')).toBe(false);
    expect(fs.remove('/home/learner')).toBe(false);
  });
  it('discards writes to /dev/null and reads it as empty', () => {
    const fs = createMemoryFS();
    fs.write('/dev/null', 'gone');
    expect(fs.read('/dev/null')).toBe('');
    expect(fs.toJSON()).toEqual({});
  });
  it('refuses a directory where a file is', () => {
    const fs = createMemoryFS({ f: 'x' });
    expect(fs.mkdir('/home/learner/f/sub')).toBe(false);
  });
  it('round-trips through toJSON, empty directories included', () => {
    const fs = createMemoryFS();
    fs.write('/home/learner/x/pod.yaml', 'a');
    fs.mkdir('/home/learner/empty/inner');
    const json = fs.toJSON();
    expect(json).toEqual({ '/home/learner/x/pod.yaml': 'a', '/home/learner/empty/inner/': '' });
    const again = createMemoryFS(json);
    expect(again.toJSON()).toEqual(json);
    expect(again.isDir('/home/learner/empty/inner')).toBe(true);
  });
});
