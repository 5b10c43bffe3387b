import { describe, expect, it } from 'vitest';
import { hostsEntry, podDomain, podHostname } from './pod-hostname.ts';

const pod = (metadata: object, spec: object) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { namespace: 'jobs', ...metadata }, spec }) as never;

describe('Pod host names', () => {
  it("takes spec.hostname when set, as an Indexed Job's Pods have it", () => {
    const p = pod({ name: 'example-job-0-qws42' }, { hostname: 'example-job-0', subdomain: 'headless-svc' });
    expect(podHostname(p)).toBe('example-job-0');
    expect(podDomain(p)).toBe('headless-svc.jobs.svc.cluster.local');
    expect(hostsEntry(p, '10.244.1.2')).toBe('10.244.1.2\texample-job-0.headless-svc.jobs.svc.cluster.local\texample-job-0\n');
  });

  it('falls back to the Pod name cut to 63 characters, with no domain and a short hosts line', () => {
    const long = `${'a'.repeat(62)}-bcdef`;
    const p = pod({ name: long }, {});
    expect(podHostname(p)).toBe('a'.repeat(62));
    expect(podDomain(p)).toBeUndefined();
    expect(hostsEntry(pod({ name: 'web' }, {}), '10.244.2.3')).toBe('10.244.2.3\tweb\n');
  });
});
