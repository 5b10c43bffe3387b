import { beforeEach, describe, expect, it } from 'vitest';
import { createClusterReader } from '../sim/index.ts';
import { Cluster, type KubeObject } from '../sim/index.ts';
import {
  containerCount,
  containerEnvSet,
  imageMatches,
  parseImage,
  podExists,
  podHasLabel,
  podPhase,
  podReady,
  podRestartPolicy,
  podRunning,
  podRunsImage,
} from './checks.ts';
import { allPassed, runChecks } from './run-checks.ts';

/** A bare cluster (no kubelet, no scheduler): Pods keep exactly the status the test writes. */
function bareCluster(): Cluster {
  const c = new Cluster({ seed: 1 });
  c.api.create('namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
  return c;
}

function addPod(c: Cluster, name: string, spec: Record<string, unknown>, status: Record<string, unknown>, labels?: Record<string, string>): KubeObject {
  c.api.create('pods', { apiVersion: 'v1', kind: 'Pod', metadata: { name, labels }, spec });
  return c.api.updateStatus('pods', 'default', name, status);
}

const running = (name: string, ready = true) => ({ name, ready, restartCount: 0, state: { running: { startedAt: '2026-11-30T03:00:05Z' } } });
const crashing = (name: string) => ({ name, ready: false, restartCount: 2, state: { waiting: { reason: 'CrashLoopBackOff' } } });
const readyCondition = (status: 'True' | 'False') => ({ type: 'Ready', status });

let c: Cluster;
beforeEach(() => {
  c = bareCluster();
});

describe('pod checks', () => {
  it('say a missing Pod does not exist', async () => {
    for (const check of [podExists('web'), podRunning('web'), podReady('web'), podHasLabel('web', 'a', 'b')]) {
      expect(await check.run(createClusterReader(c))).toEqual({ passed: false, detail: 'pod "web" does not exist' });
    }
    expect((await podExists('web', { namespace: 'dev' }).run(createClusterReader(c))).detail).toBe('pod "web" does not exist in namespace "dev"');
  });

  it('podRunning passes a running Pod and names the STATUS otherwise', async () => {
    addPod(c, 'web', { containers: [{ name: 'web', image: 'nginx' }] }, { phase: 'Running', containerStatuses: [running('web')], conditions: [readyCondition('True')] });
    addPod(c, 'new', { containers: [{ name: 'new', image: 'nginx' }] }, { phase: 'Pending' });
    addPod(c, 'creating', { containers: [{ name: 'x', image: 'nginx' }] }, {
      phase: 'Pending',
      containerStatuses: [{ name: 'x', ready: false, restartCount: 0, state: { waiting: { reason: 'ContainerCreating' } } }],
    });
    addPod(c, 'db', { containers: [{ name: 'db', image: 'mysql' }] }, { phase: 'Running', containerStatuses: [crashing('db')] });
    expect(await podRunning('web').run(createClusterReader(c))).toEqual({ passed: true });
    expect(await podRunning('new').run(createClusterReader(c))).toEqual({ passed: false, detail: 'pod "new" exists but is Pending, not Running' });
    expect((await podRunning('creating').run(createClusterReader(c))).detail).toBe('pod "creating" exists but is ContainerCreating, not Running');
    expect((await podRunning('db').run(createClusterReader(c))).detail).toBe('pod "db" exists but is CrashLoopBackOff, not Running');
  });

  it('podRunning sees a Pod being deleted as Terminating', async () => {
    addPod(c, 'web', { containers: [{ name: 'web', image: 'nginx' }] }, { phase: 'Running', containerStatuses: [running('web')] });
    c.api.modifyStatus('pods', 'default', 'web', (p) => {
      p.metadata.deletionTimestamp = '2026-11-30T03:00:10Z';
    });
    expect((await podRunning('web').run(createClusterReader(c))).detail).toBe('pod "web" exists but is Terminating, not Running');
  });

  it('podReady counts ready containers like the READY column', async () => {
    const spec = { containers: [{ name: 'web', image: 'nginx' }, { name: 'sidecar', image: 'busybox' }] };
    addPod(c, 'pair', spec, { phase: 'Running', containerStatuses: [running('sidecar', false), running('web')] });
    expect(await podReady('pair').run(createClusterReader(c))).toEqual({ passed: false, detail: 'pod "pair" has 1/2 containers ready (STATUS Running)' });
    c.api.updateStatus('pods', 'default', 'pair', { phase: 'Running', containerStatuses: [running('sidecar'), running('web')] });
    expect(await podReady('pair').run(createClusterReader(c))).toEqual({ passed: true });
  });

  it('podPhase compares the phase', async () => {
    addPod(c, 'once', { containers: [{ name: 'once', image: 'busybox' }], restartPolicy: 'Never' }, {
      phase: 'Succeeded',
      containerStatuses: [{ name: 'once', ready: false, state: { terminated: { reason: 'Completed', exitCode: 0 } } }],
    });
    addPod(c, 'fail', { containers: [{ name: 'fail', image: 'busybox' }] }, {
      phase: 'Failed',
      containerStatuses: [{ name: 'fail', ready: false, state: { terminated: { reason: 'Error', exitCode: 1 } } }],
    });
    expect(await podPhase('once', 'Succeeded').run(createClusterReader(c))).toEqual({ passed: true });
    expect((await podPhase('fail', 'Succeeded').run(createClusterReader(c))).detail).toBe('pod "fail" is in phase Failed (STATUS Error), not Succeeded');
  });

  it('podHasLabel tells a missing label from a different value', async () => {
    addPod(c, 'web', { containers: [{ name: 'web', image: 'nginx' }] }, {}, { tier: 'backend', run: 'web' });
    expect((await podHasLabel('web', 'tier', 'frontend').run(createClusterReader(c))).detail).toBe('pod "web" has label tier=backend, not tier=frontend');
    expect((await podHasLabel('web', 'app', 'web').run(createClusterReader(c))).detail).toBe('pod "web" has no label app');
    expect(await podHasLabel('web', 'run', 'web').run(createClusterReader(c))).toEqual({ passed: true });
  });

  it('containerCount, podRunsImage and podRestartPolicy read the spec', async () => {
    addPod(c, 'pair', { containers: [{ name: 'web', image: 'nginx:1.25' }, { name: 's', image: 'busybox:1.36' }] }, {});
    addPod(c, 'solo', { containers: [{ name: 'web', image: 'nginx:1.19' }] }, {});
    expect(await containerCount('pair', 2).run(createClusterReader(c))).toEqual({ passed: true });
    expect((await containerCount('solo', 2).run(createClusterReader(c))).detail).toBe('pod "solo" has 1 container, not 2');
    expect(await podRunsImage('pair', 'busybox').run(createClusterReader(c))).toEqual({ passed: true });
    expect(await podRunsImage('pair', 'nginx:1.25').run(createClusterReader(c))).toEqual({ passed: true });
    expect((await podRunsImage('solo', 'nginx:1.25').run(createClusterReader(c))).detail).toBe('pod "solo" runs nginx:1.19, not nginx:1.25');
    expect((await podRestartPolicy('solo', 'Never').run(createClusterReader(c))).detail).toBe('pod "solo" has restartPolicy Always, not Never');
  });

  it('containerEnvSet accepts a value or a reference, not an empty value', async () => {
    addPod(c, 'a', { containers: [{ name: 'db', image: 'mysql:8.0', env: [{ name: 'MYSQL_ROOT_PASSWORD', value: 'x' }] }] }, {});
    addPod(c, 'b', {
      containers: [{ name: 'db', image: 'mysql', env: [{ name: 'MYSQL_ROOT_PASSWORD', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } }] }],
    }, {});
    addPod(c, 'c', { containers: [{ name: 'db', image: 'mysql:8.0', env: [{ name: 'MYSQL_ROOT_PASSWORD', value: '' }] }] }, {});
    addPod(c, 'd', { containers: [{ name: 'web', image: 'nginx' }] }, {});
    const check = (n: string) => containerEnvSet(n, 'mysql', 'MYSQL_ROOT_PASSWORD');
    expect(await check('a').run(createClusterReader(c))).toEqual({ passed: true });
    expect(await check('b').run(createClusterReader(c))).toEqual({ passed: true });
    expect((await check('c').run(createClusterReader(c))).detail).toBe('the mysql container of pod "c" does not set MYSQL_ROOT_PASSWORD');
    expect((await check('d').run(createClusterReader(c))).detail).toBe('pod "d" has no container running mysql');
  });
});

describe('images', () => {
  it('parses repository and tag', () => {
    expect(parseImage('nginx')).toEqual({ repository: 'nginx', tag: 'latest' });
    expect(parseImage('docker.io/library/nginx:1.25')).toEqual({ repository: 'nginx', tag: '1.25' });
    expect(parseImage('localhost:5000/team/app')).toEqual({ repository: 'localhost:5000/team/app', tag: 'latest' });
    expect(parseImage('busybox@sha256:abc')).toEqual({ repository: 'busybox', tag: '@sha256:abc' });
  });

  it('matches any tag when none is wanted, else the same tag', () => {
    expect(imageMatches('nginx:1.25', 'nginx')).toBe(true);
    expect(imageMatches('nginx', 'nginx:latest')).toBe(true);
    expect(imageMatches('nginx:1.19', 'nginx:1.25')).toBe(false);
    expect(imageMatches('mynginx:1.25', 'nginx')).toBe(false);
  });
});

describe('runChecks', () => {
  it('awaits every check, keeps order and turns a throwing check into a failure', async () => {
    addPod(c, 'web', { containers: [{ name: 'web', image: 'nginx' }] }, {});
    const outcomes = await runChecks(
      [
        podExists('web'),
        { label: 'async', run: async () => ({ passed: true }) },
        { label: 'broken', run: () => { throw new Error('boom'); } },
        podExists('nope'),
      ],
      c,
    );
    expect(outcomes).toEqual([
      { label: 'Pod web exists', passed: true },
      { label: 'async', passed: true },
      { label: 'broken', passed: false, detail: 'could not check: boom' },
      { label: 'Pod nope exists', passed: false, detail: 'pod "nope" does not exist' },
    ]);
    expect(allPassed(outcomes)).toBe(false);
    expect(allPassed(outcomes.slice(0, 2))).toBe(true);
    expect(allPassed([])).toBe(false);
  });
});
