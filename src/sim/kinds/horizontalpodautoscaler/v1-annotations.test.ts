import { describe, expect, it } from 'vitest';
import { specFromV1, specToV1, statusFromV1, statusToV1 } from './v1-annotations.ts';

const selector = { matchLabels: { tier: 'web' } };

describe('autoscaling/v1 metric annotations', () => {
  it('write each source type in v1 field names and Go order, with the zeros the conversion writes', () => {
    const object = { type: 'Object', object: { describedObject: { kind: 'Ingress', name: 'main' }, metric: { name: 'hits', selector }, target: { type: 'Value', value: '10' } } };
    expect(JSON.stringify(specToV1(object))).toBe('{"type":"Object","object":{"target":{"kind":"Ingress","name":"main"},"metricName":"hits","targetValue":"10","selector":{"matchLabels":{"tier":"web"}}}}');
    expect(specToV1({ type: 'Pods', pods: { metric: { name: 'rps' } } })).toEqual({ type: 'Pods', pods: { metricName: 'rps', targetAverageValue: '0' } });
    expect(statusToV1({ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 40 } } })).toEqual({
      type: 'Resource',
      resource: { name: 'cpu', currentAverageUtilization: 40, currentAverageValue: '0' },
    });
    expect(statusToV1({ type: 'External', external: { metric: { name: 'queue' }, current: {} } })).toEqual({ type: 'External', external: { metricName: 'queue', currentValue: '0' } });
    expect(specToV1({ type: 'External', external: { metric: { name: 'queue' }, target: { type: 'AverageValue', averageValue: '5' } } })).toEqual({
      type: 'External',
      external: { metricName: 'queue', targetAverageValue: '5' },
    });
    expect(statusToV1({ type: '' })).toEqual({ type: '' });
  });

  it('come back as the v2 metrics they were written from', () => {
    const specs = [
      { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } },
      { type: 'ContainerResource', containerResource: { name: 'memory', target: { type: 'AverageValue', averageValue: '100Mi' }, container: 'app' } },
      { type: 'Pods', pods: { metric: { name: 'rps', selector }, target: { type: 'AverageValue', averageValue: '1k' } } },
      { type: 'Object', object: { metric: { name: 'hits' }, describedObject: { kind: 'Ingress', name: 'main' }, target: { type: 'AverageValue', averageValue: '3' } } },
      { type: 'External', external: { metric: { name: 'queue', selector }, target: { type: 'Value', value: '5' } } },
    ];
    for (const m of specs) expect(specFromV1(specToV1(m))).toEqual(m);
    const statuses = [
      { type: 'ContainerResource', containerResource: { name: 'cpu', container: 'app', current: { averageUtilization: 20, averageValue: '50m' } } },
      { type: 'Pods', pods: { metric: { name: 'rps' }, current: { averageValue: '7' } } },
      { type: 'Object', object: { metric: { name: 'hits' }, current: { value: '10', averageValue: '2' }, describedObject: { kind: 'Ingress', name: 'main' } } },
      { type: 'External', external: { metric: { name: 'queue', selector }, current: { value: '4', averageValue: '1' } } },
    ];
    for (const m of statuses) expect(JSON.stringify(statusFromV1(statusToV1(m)))).toBe(JSON.stringify(m));
  });
});
