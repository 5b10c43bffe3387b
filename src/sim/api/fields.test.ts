import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { fieldMatches, fieldSelectorFor, parseFieldSelector } from './fields.ts';
import type { KubeObject } from './types.ts';

const pod: KubeObject = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web', namespace: 'default' },
  spec: { nodeName: 'kind-worker', restartPolicy: 'Always' },
  status: { phase: 'Running', podIPs: [{ ip: '10.244.1.2' }] },
};

describe('field selectors', () => {
  it('matches =, == and !=', () => {
    expect(fieldMatches(parseFieldSelector('status.phase=Running'), pod, 'pods')).toBe(true);
    expect(fieldMatches(parseFieldSelector('status.phase==Pending'), pod, 'pods')).toBe(false);
    expect(fieldMatches(parseFieldSelector('spec.nodeName!=kind-worker2,metadata.name=web'), pod, 'pods')).toBe(true);
    expect(fieldMatches(parseFieldSelector('status.podIP=10.244.1.2'), pod, 'pods')).toBe(true);
    expect(fieldMatches(parseFieldSelector('spec.nodeName='), pod, 'pods')).toBe(false);
  });
  it('selects events by involved object', () => {
    const ev = { apiVersion: 'v1', kind: 'Event', metadata: { name: 'e' }, involvedObject: { kind: 'Pod', name: 'web' }, reason: 'Scheduled', type: 'Normal', source: { component: 'default-scheduler' } } as KubeObject;
    expect(fieldMatches(parseFieldSelector('involvedObject.kind=Pod,involvedObject.name=web,type=Normal,source=default-scheduler'), ev, 'events')).toBe(true);
    expect(fieldMatches(parseFieldSelector('reason=Killing'), ev, 'events')).toBe(false);
  });
  it('rejects unsupported fields with the server message', () => {
    let err: unknown;
    try {
      fieldSelectorFor('foo=bar', 'pods');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).reason).toBe('BadRequest');
    expect((err as ApiError).message).toBe(
      'Unable to find "/v1, Resource=pods" that match label selector "", field selector "foo=bar": field label not supported: foo',
    );
    expect(() => fieldSelectorFor('status.phase=Running', 'deployments.apps')).toThrow('"apps/v1, Resource=deployments"');
  });
  it('rejects terms without an operator', () => {
    expect(() => parseFieldSelector('status.phase')).toThrow("invalid selector: 'status.phase'; can't understand 'status.phase'");
  });
});
