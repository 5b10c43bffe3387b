/** Node Allocatable as the kubelet computes it. */
import { describe, expect, it } from 'vitest';
import { allocatableFor, DEFAULT_KUBELET, KIND_KUBELET } from './allocatable.ts';

const KIND_CAPACITY = { cpu: '8', 'ephemeral-storage': '102625208Ki', 'hugepages-1Gi': '0', 'hugepages-2Mi': '0', memory: '16369404Ki', pods: '110' };

describe('allocatableFor', () => {
  it('equals capacity on a kind node, as kind reports it (reference transcript 02)', () => {
    expect(allocatableFor(KIND_CAPACITY, KIND_KUBELET)).toEqual(KIND_CAPACITY);
  });

  it('keeps 100Mi of memory and 10% of the disk back with the kubelet defaults', () => {
    const a = allocatableFor(KIND_CAPACITY, DEFAULT_KUBELET);
    expect(a.memory).toBe('16267004Ki');
    expect(a.cpu).toBe('8');
    expect(a.pods).toBe('110');
    // 102625208Ki is 105088212992 bytes; 10% (0.1 as a float32) is 10508821455 bytes.
    expect(a['ephemeral-storage']).toBe('94579391537');
  });

  it('subtracts kube-reserved and system-reserved, and never goes below zero', () => {
    const a = allocatableFor({ cpu: '4', memory: '8Gi' }, { kubeReserved: { cpu: '500m', memory: '1Gi' }, systemReserved: { cpu: '250m' }, evictionHard: { 'memory.available': '100Mi' } });
    expect(a.cpu).toBe('3250m');
    expect(a.memory).toBe('7068Mi');
    expect(allocatableFor({ memory: '64Mi' }, DEFAULT_KUBELET).memory).toBe('0');
  });
});
