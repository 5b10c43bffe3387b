import { describe, expect, it } from 'vitest';
import { goValue, validateLabels, validateName, validateObjectMeta } from './validation.ts';
import { isDNS1035Label, isQualifiedName } from '../api/names.ts';

describe('validation helpers', () => {
  it('words name errors like the API server', () => {
    expect(validateName('Dev', 'label')[0]!.message).toBe(
      `metadata.name: Invalid value: "Dev": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`,
    );
    expect(validateName('a'.repeat(64), 'label').map((c) => c.message)).toEqual([`metadata.name: Invalid value: "${'a'.repeat(64)}": must be no more than 63 characters`]);
    expect(validateName('web.example', 'subdomain')).toEqual([]);
    expect(isDNS1035Label('1web')[0]).toMatch(/^a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character/);
  });

  it('checks label keys and values', () => {
    expect(validateLabels({ 'app.kubernetes.io/name': 'web', tier: '' }, 'metadata.labels')).toEqual([]);
    const causes = validateLabels({ 'bad key': 'ok', k: 'my app!' }, 'metadata.labels');
    expect(causes.map((c) => c.message.slice(0, 60))).toEqual([
      'metadata.labels: Invalid value: "bad key": name part must co',
      'metadata.labels: Invalid value: "my app!": a valid label mus',
    ]);
    expect(isQualifiedName('a/b/c')[0]).toMatch(/with an optional DNS subdomain prefix and '\/' \(e.g. 'example.com\/MyName'\)$/);
    expect(isQualifiedName('Example.com/x')[0]).toMatch(/^prefix part a lowercase RFC 1123 subdomain/);
  });

  it('prints values as Go does', () => {
    expect(goValue('x')).toBe('"x"');
    expect(goValue(-1)).toBe('-1');
    expect(goValue({ app: 'frontend' })).toBe('map[string]string{"app":"frontend"}');
    expect(goValue(['10.96.0.99'])).toBe('[]string{"10.96.0.99"}');
  });

  it('validates object metadata in order', () => {
    const causes = validateObjectMeta({ name: 'My_Pod', labels: { a: '-' } }, { nameRule: 'subdomain' });
    expect(causes.map((c) => c.field)).toEqual(['metadata.name', 'metadata.labels']);
  });
});
