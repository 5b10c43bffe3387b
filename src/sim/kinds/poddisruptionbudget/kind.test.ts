/** What the API server refuses in a PodDisruptionBudget (ValidatePodDisruptionBudget). */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import { createCluster } from '../../index.ts';

function refusal(spec: Record<string, unknown>): string {
  const cluster = createCluster();
  try {
    cluster.api.create('poddisruptionbudgets.policy', {
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name: 'b', namespace: 'default' },
      spec: { selector: { matchLabels: { app: 'web' } }, ...spec },
    });
  } catch (e) {
    return ((e as ApiError).details.causes ?? []).map((c) => c.message).join('\n');
  }
  return '';
}

describe('PodDisruptionBudget validation', () => {
  it('accepts one of the two fields, or neither', () => {
    expect(refusal({ minAvailable: 2 })).toBe('');
    expect(refusal({ maxUnavailable: '100%' })).toBe('');
    expect(refusal({})).toBe('');
    expect(refusal({ minAvailable: 1, unhealthyPodEvictionPolicy: 'AlwaysAllow' })).toBe('');
  });

  it('refuses both fields, bad percentages, negative numbers and unknown policies', () => {
    expect(refusal({ minAvailable: 1, maxUnavailable: 1 })).toMatch(
      /^spec: Invalid value: policy\.PodDisruptionBudgetSpec\{MinAvailable:.*\}: minAvailable and maxUnavailable cannot be both set$/,
    );
    expect(refusal({ minAvailable: '120%' })).toBe(
      'spec.minAvailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"120%"}: must not be greater than 100%',
    );
    expect(refusal({ maxUnavailable: 'half' })).toBe(
      "spec.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:\"half\"}: a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')",
    );
    expect(refusal({ maxUnavailable: -1 })).toBe('spec.maxUnavailable: Invalid value: -1: must be greater than or equal to 0');
    expect(refusal({ minAvailable: 1, unhealthyPodEvictionPolicy: 'Never' })).toBe(
      'spec.unhealthyPodEvictionPolicy: Unsupported value: "Never": supported values: "AlwaysAllow", "IfHealthyBudget"',
    );
  });
});
