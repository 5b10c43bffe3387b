import { describe, expect, it } from 'vitest';
import { isAge, normaliseTranscript } from './normalise.ts';

describe('isAge', () => {
  it('accepts kubectl ages only', () => {
    for (const a of ['5s', '2m3s', '10m', '3h', '45h', '2d', '<invalid>']) expect(isAge(a)).toBe(true);
    for (const a of ['', '1/1', 'Running', '100m0', 's5']) expect(isAge(a)).toBe(false);
  });
});

describe('normaliseTranscript', () => {
  it('makes tables equal when only ages and their padding differ', () => {
    const a = 'NAME   READY   AGE   IP\nweb    1/1     5s    10.244.0.5\n';
    const b = 'NAME   READY   AGE    IP\nweb    1/1     12s    10.244.0.5\n';
    expect(normaliseTranscript(a)).toBe(normaliseTranscript(b));
    expect(normaliseTranscript(a)).toBe('NAME | READY | AGE | IP\nweb | 1/1 | <age> | 10.244.0.5\n');
  });
  it('still tells tables with different content apart', () => {
    const a = 'NAME   READY   STATUS    AGE\nweb    1/1     Running   5s\n';
    const b = 'NAME   READY   STATUS    AGE\nweb    0/1     Pending   5s\n';
    expect(normaliseTranscript(a)).not.toBe(normaliseTranscript(b));
  });
  it('normalises generated suffixes and pod-template hashes', () => {
    const a = 'pod/web-7d9f8b6c4d-x2v4k deleted\nreplicaset.apps/web-7d9f8b6c4d\njob-xk2lp\n';
    const b = 'pod/web-5c9bd5f7b8-qq4zh deleted\nreplicaset.apps/web-5c9bd5f7b8\njob-ptr4w\n';
    expect(normaliseTranscript(a)).toBe(normaliseTranscript(b));
    expect(normaliseTranscript(a)).toBe('pod/web-<hash>-<suffix> deleted\nreplicaset.apps/web-<hash>\njob-<suffix>\n');
  });
  it('leaves ordinary names and text outside tables alone', () => {
    const text = '$ echo   spaced   out\nsample-deployment   x\ncpu: 100m\n';
    expect(normaliseTranscript(text)).toBe(text);
  });
  it('normalises restarts ago, times, uids and, when asked, IPs', () => {
    expect(normaliseTranscript('NAME   RESTARTS     AGE\nweb    2 (5s ago)   1m\n')).toBe('NAME | RESTARTS | AGE\nweb | 2 (<age> ago) | <age>\n');
    expect(normaliseTranscript('creationTimestamp: "2026-11-30T03:00:01Z"\nuid: 0b7a3c1e-52f1-4d8e-9c2a-1f2e3d4c5b6a')).toBe('creationTimestamp: "<time>"\nuid: <uid>');
    expect(normaliseTranscript('IP: 10.244.1.7', { ips: true })).toBe('IP: <ip>');
  });
  it('normalises the describe Events table', () => {
    const a = 'Events:\n  Type    Reason     Age   From               Message\n  ----    ------     ----  ----               -------\n  Normal  Scheduled  5s    default-scheduler  Successfully assigned default/web to kind-worker\n';
    const b = a.replace('5s    default', '12s   default');
    expect(normaliseTranscript(a)).toBe(normaliseTranscript(b));
  });
});
