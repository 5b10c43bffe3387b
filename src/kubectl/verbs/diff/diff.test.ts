import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';
import { unifiedHunks } from './unified.ts';

const app = (replicas: number) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: app
  labels:
    app: app
spec:
  replicas: ${replicas}
  selector:
    matchLabels:
      app: app
  template:
    metadata:
      labels:
        app: app
    spec:
      containers:
      - name: app
        image: nginx:1.25
        ports:
        - containerPort: 80
---
apiVersion: v1
kind: Service
metadata:
  name: app
spec:
  selector:
    app: app
  ports:
  - port: 80
`;

describe('unified hunks', () => {
  it('match GNU diff -u', () => {
    // Expected texts printed by GNU diffutils 3.8 for the same inputs.
    const a = 'a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n';
    expect(unifiedHunks(a, 'a\nb\nc\nD\ne\nf\ng\nh\ni\nj\nk\n')).toBe('@@ -1,10 +1,11 @@\n a\n b\n c\n-d\n+D\n e\n f\n g\n h\n i\n j\n+k\n');
    expect(unifiedHunks(a, 'a\nb\nc\nd\ne\nf\ng\nh\ni\nJ\n')).toBe('@@ -7,4 +7,4 @@\n g\n h\n i\n-j\n+J\n');
    expect(unifiedHunks('', 'x\ny\n')).toBe('@@ -0,0 +1,2 @@\n+x\n+y\n');
    expect(unifiedHunks('x\n', '')).toBe('@@ -1 +0,0 @@\n-x\n');
    expect(unifiedHunks('1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n', '1\nX\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\nY\n15\n')).toBe(
      '@@ -1,5 +1,5 @@\n 1\n-2\n+X\n 3\n 4\n 5\n@@ -11,5 +11,5 @@\n 11\n 12\n 13\n-14\n+Y\n 15\n',
    );
    expect(unifiedHunks(a, a)).toBe('');
  });
});

describe('kubectl diff', () => {
  it('shows what applying would change, as the recording of real kubectl does, and exits 1', async () => {
    const { c, run } = await kindSession({ 'app.yaml': app(2), 'app-v2.yaml': app(4) });
    await run('apply -f app.yaml');
    c.advance(5_000);
    expect((await run('apply -f app-v2.yaml')).stdout).toBe('deployment.apps/app configured\nservice/app unchanged\n');
    c.advance(5_000);
    const out = await run('diff -f app.yaml');
    expect(out.code).toBe(1);
    expect(out.stderr).toBe('');
    const live = JSON.parse((await run('get deploy app -o json')).stdout);
    const lines = out.stdout.split('\n');
    expect(lines[0]).toMatch(/^diff -u -N \/tmp\/LIVE-\d+\/apps\.v1\.Deployment\.default\.app \/tmp\/MERGED-\d+\/apps\.v1\.Deployment\.default\.app$/);
    expect(lines[1]).toMatch(/^--- \/tmp\/LIVE-\d+\/apps\.v1\.Deployment\.default\.app\t\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{9} \+0000$/);
    expect(lines[2]).toMatch(/^\+\+\+ \/tmp\/MERGED-\d+\/apps\.v1\.Deployment\.default\.app\t\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{9} \+0000$/);
    expect(lines.slice(3).join('\n')).toBe(
      [
        '@@ -6,7 +6,7 @@',
        '     kubectl.kubernetes.io/last-applied-configuration: |',
        `       ${live.metadata.annotations['kubectl.kubernetes.io/last-applied-configuration'].trimEnd()}`,
        `   creationTimestamp: "${live.metadata.creationTimestamp}"`,
        '-  generation: 2',
        '+  generation: 3',
        '   labels:',
        '     app: app',
        '   name: app',
        '@@ -15,7 +15,7 @@',
        `   uid: ${live.metadata.uid}`,
        ' spec:',
        '   progressDeadlineSeconds: 600',
        '-  replicas: 4',
        '+  replicas: 2',
        '   revisionHistoryLimit: 10',
        '   selector:',
        '     matchLabels:',
        '',
      ].join('\n'),
    );
    // A dry run changes nothing.
    expect(JSON.parse((await run('get deploy app -o json')).stdout).spec.replicas).toBe(4);
  });

  it('prints nothing and exits 0 when the live objects match; a new object is all additions', async () => {
    const { run } = await kindSession({ 'app.yaml': app(2), 'cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg\ndata:\n  a: "1"\n' });
    await run('apply -f app.yaml');
    expect(await run('diff -f app.yaml')).toEqual({ stdout: '', stderr: '', code: 0 });
    const out = await run('diff -f cm.yaml');
    expect(out.code).toBe(1);
    expect(out.stdout).toMatch(
      /^diff -u -N \/tmp\/LIVE-\d+\/v1\.ConfigMap\.default\.cfg \/tmp\/MERGED-\d+\/v1\.ConfigMap\.default\.cfg\n--- \/tmp\/LIVE-\d+\/v1\.ConfigMap\.default\.cfg\t1970-01-01 00:00:00\.000000000 \+0000\n\+\+\+ .*\n@@ -0,0 \+1,9 @@\n\+apiVersion: v1\n\+data:\n\+  a: "1"\n\+kind: ConfigMap\n\+metadata:\n\+  creationTimestamp: "[^"]+"\n\+  name: cfg\n\+  namespace: default\n\+  uid: [0-9a-f-]+\n$/,
    );
    expect((await run('get cm cfg')).stderr).toBe('Error from server (NotFound): configmaps "cfg" not found\n');
  });

  it('diffs what a kustomization builds (-k)', async () => {
    const { run } = await kindSession({
      'k/kustomization.yaml': 'resources:\n- cm.yaml\nnamePrefix: dev-\n',
      'k/cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg\ndata:\n  a: "1"\n',
    });
    const out = await run('diff -k k');
    expect(out.code).toBe(1);
    expect(out.stdout).toMatch(/^diff -u -N \/tmp\/LIVE-\d+\/v1\.ConfigMap\.default\.dev-cfg /);
    await run('apply -k k');
    expect(await run('diff -k k')).toEqual({ stdout: '', stderr: '', code: 0 });
  });

  it('needs -f', async () => {
    const { run } = await kindSession();
    expect(await run('diff')).toEqual({ stdout: '', stderr: 'error: must specify one of -f and -k\n', code: 1 });
  });
});
