import { describe, expect, it } from 'vitest';
import { executeJsonPath } from './jsonpath.ts';

const list = {
  kind: 'List',
  items: [
    { metadata: { name: 'a', labels: { app: 'web' } }, status: { phase: 'Running' }, spec: { ports: [{ port: 80 }, { port: 443 }] } },
    { metadata: { name: 'b' }, status: { phase: 'Pending' }, spec: { ports: [] } },
  ],
};

describe('executeJsonPath', () => {
  it('joins several results with spaces and prints maps as JSON', () => {
    expect(executeJsonPath('{.items[*].metadata.name}', list)).toBe('a b');
    expect(executeJsonPath('{.items[0].metadata.labels}', list)).toBe('{"app":"web"}');
    expect(executeJsonPath('{.items[-1].metadata.name}{"\\n"}', list)).toBe('b\n');
  });

  it('supports range, filters, slices and recursive descent', () => {
    expect(executeJsonPath('{range .items[*]}{.metadata.name}{"\\t"}{.status.phase}{"\\n"}{end}', list)).toBe('a\tRunning\nb\tPending\n');
    expect(executeJsonPath('{.items[?(@.status.phase=="Running")].metadata.name}', list)).toBe('a');
    expect(executeJsonPath('{.items[0].spec.ports[0:1].port}', list)).toBe('80');
    expect(executeJsonPath('{..port}', list)).toBe('80 443');
    expect(executeJsonPath('{.missing.key}', list)).toBe('');
  });

  it('reports template errors', () => {
    expect(() => executeJsonPath('{.items[', list)).toThrow(/unclosed action|unterminated array/);
    expect(() => executeJsonPath('{end}', list)).toThrow(/not in range/);
  });
});
