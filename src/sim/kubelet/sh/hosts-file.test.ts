import { describe, expect, it } from 'vitest';
import { hostsAddress } from './hosts-file.ts';

const HOSTS = `# Kubernetes-managed hosts file.
127.0.0.1\tlocalhost
::1\tlocalhost ip6-localhost ip6-loopback
fe00::0\tip6-localnet
10.244.1.2\texample-job-0.headless-svc.default.svc.cluster.local\texample-job-0
`;

describe('/etc/hosts lookups', () => {
  it('finds a name among the names of a line, case-insensitively, IPv4 only', () => {
    expect(hostsAddress(HOSTS, 'example-job-0')).toBe('10.244.1.2');
    expect(hostsAddress(HOSTS, 'Example-Job-0.headless-svc.default.svc.cluster.local.')).toBe('10.244.1.2');
    expect(hostsAddress(HOSTS, 'localhost')).toBe('127.0.0.1');
    expect(hostsAddress(HOSTS, 'ip6-localnet')).toBeUndefined();
  });

  it('does not search: a partial name is not in the file', () => {
    expect(hostsAddress(HOSTS, 'example-job-0.headless-svc')).toBeUndefined();
    expect(hostsAddress(HOSTS, 'Kubernetes-managed')).toBeUndefined();
    expect(hostsAddress(undefined, 'localhost')).toBeUndefined();
  });
});
