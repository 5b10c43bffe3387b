import { describe, expect, it } from 'vitest';
import { validateContainerProbes } from './probe-validation.ts';

const messages = (c: Record<string, unknown>, init = false) => validateContainerProbes(c, 'spec.containers[0]', init).map((x) => x.message);
const http = { path: '/', port: 80, scheme: 'HTTP' };

describe('probe validation', () => {
  it('accepts one handler with defaulted fields', () => {
    expect(messages({ livenessProbe: { httpGet: http, successThreshold: 1 }, readinessProbe: { tcpSocket: { port: 'http' }, successThreshold: 3 }, startupProbe: { grpc: { port: 2379 } } })).toEqual([]);
  });

  it('wants exactly one handler', () => {
    expect(messages({ livenessProbe: { exec: { command: ['true'] }, httpGet: http, tcpSocket: { port: 80 } } })).toEqual([
      'spec.containers[0].livenessProbe.httpGet: Forbidden: may not specify more than 1 handler type',
      'spec.containers[0].livenessProbe.tcpSocket: Forbidden: may not specify more than 1 handler type',
    ]);
    expect(messages({ readinessProbe: { periodSeconds: 5 } })).toEqual(['spec.containers[0].readinessProbe: Required value: must specify a handler type']);
  });

  it('checks handlers: command, path, ports, scheme, header names', () => {
    expect(messages({ readinessProbe: { exec: {} } })).toEqual(['spec.containers[0].readinessProbe.exec.command: Required value']);
    expect(messages({ readinessProbe: { httpGet: { path: '', port: 0, scheme: 'FTP', httpHeaders: [{ name: 'Bad Header', value: 'x' }] } } })).toEqual([
      'spec.containers[0].readinessProbe.httpGet.path: Required value',
      'spec.containers[0].readinessProbe.httpGet.port: Invalid value: 0: must be between 1 and 65535, inclusive',
      'spec.containers[0].readinessProbe.httpGet.scheme: Unsupported value: "FTP": supported values: "HTTP", "HTTPS"',
      `spec.containers[0].readinessProbe.httpGet.httpHeaders: Invalid value: "Bad Header": a valid HTTP header must consist of alphanumeric characters or '-' (e.g. 'X-Header-Name', regex used for validation is '[-A-Za-z0-9]+')`,
    ]);
    expect(messages({ readinessProbe: { grpc: { port: 70000 } } })).toEqual(['spec.containers[0].readinessProbe.grpc.port: Invalid value: 70000: must be between 1 and 65535, inclusive']);
  });

  it('refuses negative timings, successThreshold other than 1 for liveness and startup, and grace periods where they do not belong', () => {
    expect(messages({ livenessProbe: { httpGet: http, initialDelaySeconds: -1, periodSeconds: -2, successThreshold: 2 } })).toEqual([
      'spec.containers[0].livenessProbe.initialDelaySeconds: Invalid value: -1: must be greater than or equal to 0',
      'spec.containers[0].livenessProbe.periodSeconds: Invalid value: -2: must be greater than or equal to 0',
      'spec.containers[0].livenessProbe.successThreshold: Invalid value: 2: must be 1',
    ]);
    expect(messages({ startupProbe: { httpGet: http, successThreshold: 3, terminationGracePeriodSeconds: 0 } })).toEqual([
      'spec.containers[0].startupProbe.terminationGracePeriodSeconds: Invalid value: 0: must be greater than 0',
      'spec.containers[0].startupProbe.successThreshold: Invalid value: 3: must be 1',
    ]);
    expect(messages({ readinessProbe: { httpGet: http, terminationGracePeriodSeconds: 10 } })).toEqual([
      'spec.containers[0].readinessProbe.terminationGracePeriodSeconds: Invalid value: 10: must not be set for readinessProbes',
    ]);
  });

  it('forbids probes on init containers that are not sidecars', () => {
    expect(messages({ livenessProbe: { httpGet: http } }, true)).toEqual(['spec.containers[0].livenessProbe: Forbidden: may not be set for init containers without restartPolicy=Always']);
  });
});
