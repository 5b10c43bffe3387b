import { describe, expect, it } from 'vitest';
import { combineResourceGroup, describeRole, policyRuleRows } from './rbac.ts';
import type { KubeObject } from '../../../sim/index.ts';

describe('describe role', () => {
  it('breaks rules down, merges single-resource ones verb by verb, and sorts by PolicyRule.String()', () => {
    const rows = policyRuleRows([
      { apiGroups: ['apps', ''], resources: ['deployments'], verbs: ['get'] },
      { apiGroups: [''], resources: ['deployments'], verbs: ['list', 'get'] },
      { nonResourceURLs: ['/healthz'], verbs: ['get'] },
    ]);
    // The verbs come first in the text compared: "[get list" sorts before "[get]" (a space before "]"),
    // and an empty group list "[]" before "[apps]".
    expect(rows).toEqual([
      { apiGroups: [''], resources: ['deployments'], verbs: ['get', 'list', 'get'] },
      { nonResourceURLs: ['/healthz'], verbs: ['get'] },
      { apiGroups: ['apps'], resources: ['deployments'], verbs: ['get'] },
    ]);
  });

  it('prints resources as resource.group/subresource and lists as Go prints them', () => {
    expect(combineResourceGroup(['deployments/scale'], ['apps'])).toBe('deployments.apps/scale');
    expect(combineResourceGroup(['pods'], [''])).toBe('pods');
    const role = {
      metadata: { name: 'r' },
      rules: [{ apiGroups: [''], resources: ['configmaps'], resourceNames: ['a'], verbs: ['get'] }],
    } as unknown as KubeObject;
    expect(describeRole(role)).toBe(
      [
        'Name:         r',
        'Labels:       <none>',
        'Annotations:  <none>',
        'PolicyRule:',
        '  Resources   Non-Resource URLs  Resource Names  Verbs',
        '  ---------   -----------------  --------------  -----',
        '  configmaps  []                 [a]             [get]',
        '',
      ].join('\n'),
    );
  });
});
