import { describe, expect, it } from 'vitest';
import { createCluster } from '../../index.ts';
import { SimClock } from '../../clock/clock.ts';
import { MemFs } from '../mem-fs.ts';
import { spawn, type ProcessIO } from '../process.ts';
import { containerArgv } from '../programs.ts';
import { programFor } from '../container-code.ts';
import { pullImage } from './catalogue.ts';
import { parseImageRef } from './reference.ts';

function pull(spec: string) {
  const ref = parseImageRef(spec);
  if ('error' in ref) throw new Error(ref.error);
  return pullImage(ref);
}

/** Starts the image's default command and returns what it printed in its first second. */
function startupOutput(spec: string, env: Record<string, string> = {}): { out: string; ports: number[] } {
  const r = pull(spec);
  if (!('image' in r)) throw new Error(r.error);
  const clock = new SimClock(Date.UTC(2026, 10, 30, 3, 0, 0));
  let out = '';
  const ports: number[] = [];
  const argv = containerArgv(r.image, {});
  const io: ProcessIO = { argv, env, fs: new MemFs(), hostname: 'pod-1', now: () => clock.now(), out: (t) => (out += t), err: (t) => (out += t), listen: (p) => ports.push(p) };
  const tag = spec.split(':').pop()!;
  const program = programFor(r.image, argv, io, { tag, podIP: () => '10.244.1.9' });
  if ('startError' in program) throw new Error(program.startError);
  spawn(clock, () => program, io, () => undefined);
  clock.advance(1000);
  return { out, ports };
}

describe('image catalogue', () => {
  it('has every image the kind preset runs', () => {
    const c = createCluster({ seed: 2 });
    const images = new Set(c.store.list('pods').flatMap((p) => p.spec.containers.map((x: { image: string }) => x.image)));
    expect(images.size).toBe(8);
    for (const image of images) expect(pull(image), image).toHaveProperty('image');
    expect(pull('docker.io/kindest/local-path-helper:v20241212-8ac705d0')).toHaveProperty('image');
  });

  it('has the images of the reference recordings and the ones learners type', () => {
    const specs = [
      'registry.k8s.io/nginx-slim:0.24', 'registry.k8s.io/nginx-slim:0.27', 'registry.k8s.io/pause:3.10', 'k8s.gcr.io/echoserver:1.4',
      'nginx', 'nginx:1.14.2', 'nginx:1.25', 'nginx:1.27-alpine', 'nginx:1.28-perl', 'nginx:alpine', 'httpd:2.4', 'redis:7', 'memcached',
      'memcached:1.6', 'mongo', 'mongo:7', 'rabbitmq:3-management', 'rabbitmq:4', 'traefik:v3.3', 'busybox:1.36', 'busybox:1.37',
      'alpine:3.20', 'ubuntu:22.04', 'ubuntu:24.04', 'debian:12', 'python:3.12', 'python:3.12-slim', 'node:18', 'node:20', 'node:22-alpine',
      'golang:1.23', 'openjdk:17', 'eclipse-temurin:21', 'curlimages/curl:8.11.1', 'hashicorp/http-echo', 'hashicorp/http-echo:1.0',
      'registry.k8s.io/echoserver:1.10', 'postgres:16', 'mysql:8.0',
    ];
    for (const s of specs) expect(pull(s), s).toHaveProperty('image');
    expect(pull('nginx:9.9')).toMatchObject({ error: expect.stringContaining('not found') });
    expect(pull('memcached:nope')).toMatchObject({ error: expect.stringContaining('not found') });
  });

  it('prints real-looking startup lines for the system images', () => {
    const dns = startupOutput('registry.k8s.io/coredns/coredns:v1.11.3');
    expect(dns.out.split('\n').filter((l, i) => i !== 1)).toEqual(['.:53', 'CoreDNS-1.11.3', 'linux/amd64, go1.21.11, a6338e9', '']);
    expect(dns.ports).toEqual([53, 8080, 8181, 9153]);
    expect(startupOutput('registry.k8s.io/kube-proxy:v1.32.6').out).toContain('] "Version info" version="v1.32.6"\n');
    expect(startupOutput('registry.k8s.io/etcd:3.5.16-0').out).toContain('"etcd-version":"3.5.16"');
    expect(startupOutput('docker.io/kindest/kindnetd:v20250512-df8de77b', { HOST_IP: '172.18.0.3' }).out).toContain('] hostIP = 172.18.0.3\n');
  });

  it('runs the servers learners start', () => {
    expect(startupOutput('mongo:7').out).toContain('"msg":"Waiting for connections"');
    expect(startupOutput('rabbitmq:3').out).toContain('Server startup complete');
    expect(startupOutput('traefik:v3.3').out).toContain('INF Traefik version 3.3.4');
    expect(startupOutput('registry.k8s.io/nginx-slim:0.24').out).toContain('[notice] 1#1: start worker processes');
    expect(startupOutput('memcached').ports).toEqual([11211]);
    expect(startupOutput('k8s.gcr.io/echoserver:1.4').ports).toEqual([8080]);
    expect(startupOutput('nginx:1.28').out).toContain('nginx/1.28.0\n');
  });
});
