/**
 * Volumes with contents: the atomic writer's layout and updates, symlinks and mounts in a
 * container's filesystem, and on a cluster: emptyDir shared by containers, a claim's files
 * kept across a Pod's replacement, and ConfigMap files following their source only at the
 * kubelet's resync.
 */
import { describe, expect, it } from 'vitest';
import { openSession } from '../../../../tests/support/session.ts';
import { MemFs } from '../mem-fs.ts';
import { writeAtomic } from './atomic-writer.ts';
import { FsTree } from './fs-tree.ts';
import { formatMap } from './payload.ts';

const fixed = { int: () => 42 };
const T0 = Date.UTC(2026, 11, 1, 10, 0, 0);

describe('atomic writer', () => {
  it('writes a timestamped directory, the ..data link and one link per top-level name', () => {
    const t = new FsTree();
    expect(writeAtomic(t, { 'game.properties': { content: 'lives=3\n', mode: 0o644 }, 'conf/a.yaml': { content: 'a: 1\n', mode: 0o400 } }, T0, fixed)).toBe(true);
    expect(t.children('')).toEqual(['..2026_12_01_10_00_00.42', '..data', 'conf', 'game.properties']);
    expect(t.get('..data')).toMatchObject({ kind: 'link', target: '..2026_12_01_10_00_00.42' });
    expect(t.get('game.properties')).toMatchObject({ kind: 'link', target: '..data/game.properties' });
    expect(t.get('..2026_12_01_10_00_00.42/conf/a.yaml')).toMatchObject({ kind: 'file', mode: 0o400 });
    expect(writeAtomic(t, { 'conf/a.yaml': { content: 'a: 1\n', mode: 0o400 }, 'game.properties': { content: 'lives=3\n', mode: 0o644 } }, T0 + 1000, fixed)).toBe(false);
  });

  it('an update swaps ..data, drops the old version and links that are gone', () => {
    const t = new FsTree();
    writeAtomic(t, { a: { content: '1', mode: 0o644 }, b: { content: '2', mode: 0o644 } }, T0, fixed);
    writeAtomic(t, { a: { content: '3', mode: 0o644 } }, T0 + 61_000, fixed);
    expect(t.children('')).toEqual(['..2026_12_01_10_01_01.42', '..data', 'a']);
    const fs = new MemFs(() => T0);
    fs.mount({ path: '/etc/cfg', tree: t, sub: '', readOnly: true });
    expect(fs.read('/etc/cfg/a')).toBe('3');
    expect(fs.read('/etc/cfg/b')).toBeUndefined();
  });
});

describe('MemFs', () => {
  it('follows relative symlinks through mounts, hides what a mount covers, refuses writes on read-only mounts', () => {
    const fs = new MemFs(() => T0);
    fs.write('/etc/app/old', 'image file');
    const t = new FsTree();
    writeAtomic(t, { MODE: { content: 'prod', mode: 0o644 } }, T0, fixed);
    fs.mount({ path: '/etc/app', tree: t, sub: '', readOnly: true });
    expect(fs.read('/etc/app/MODE')).toBe('prod');
    expect(fs.read('/etc/app/..data/MODE')).toBe('prod');
    expect(fs.list('/etc/app')).toEqual(['..2026_12_01_10_00_00.42', '..data', 'MODE']);
    expect(fs.read('/etc/app/old')).toBeUndefined();
    expect(fs.write('/etc/app/MODE', 'x')).toBe(false);
    expect(fs.remove('/etc/app/MODE')).toBe(false);
    expect(fs.lstat('/etc/app/MODE')?.node.kind).toBe('link');
    expect(fs.lstat('/etc/app/MODE', true)?.node.kind).toBe('file');
  });

  it('a subPath mount shows one entry of the tree', () => {
    const shared = new FsTree();
    const a = new MemFs();
    const b = new MemFs();
    a.mount({ path: '/data', tree: shared, sub: '', readOnly: false });
    b.mount({ path: '/srv/logs', tree: shared, sub: 'logs', readOnly: false });
    a.write('/data/logs/app.log', 'line\n', { append: true });
    expect(b.read('/srv/logs/app.log')).toBe('line\n');
  });
});

describe('downward API files', () => {
  it('formats labels as sorted key="value" lines without a final newline', () => {
    expect(formatMap({ zone: 'us-est-coast', cluster: 'test-cluster1', rack: 'rack-22' })).toBe('cluster="test-cluster1"\nrack="rack-22"\nzone="us-est-coast"');
  });
});

describe('volumes on a cluster', () => {
  it('emptyDir is shared by the containers of a Pod; a claim keeps its files when the StatefulSet Pod is replaced', { timeout: 60_000 }, async () => {
    const s = await openSession({ seed: 4 });
    await s.run(`kubectl apply -f - <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: two
spec:
  containers:
  - name: writer
    image: busybox:1.36
    command: ["sh", "-c", "echo hi > /out/msg; sleep 3600"]
    volumeMounts: [{name: scratch, mountPath: /out}]
  - name: reader
    image: busybox:1.36
    command: ["sleep", "3600"]
    volumeMounts: [{name: scratch, mountPath: /in}]
  volumes:
  - name: scratch
    emptyDir: {}
EOF`);
    await s.run('kubectl wait --for=condition=Ready pod/two');
    expect((await s.run('kubectl exec two -c reader -- cat /in/msg')).output).toBe('hi\n');

    await s.run(`kubectl apply -f - <<'EOF'
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: web
  replicas: 1
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
        volumeMounts: [{name: www, mountPath: /usr/share/nginx/html}]
  volumeClaimTemplates:
  - metadata: {name: www}
    spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}
EOF`);
    await s.run('kubectl rollout status statefulset/web');
    await s.run("kubectl exec web-0 -- sh -c 'echo kept > /usr/share/nginx/html/index.html'");
    const uid = (await s.run("kubectl get pod web-0 -o jsonpath='{.metadata.uid}'")).output;
    await s.run('kubectl delete pod web-0');
    await s.run('kubectl wait --for=condition=Ready pod/web-0');
    expect((await s.run("kubectl get pod web-0 -o jsonpath='{.metadata.uid}'")).output).not.toBe(uid);
    expect((await s.run('kubectl exec web-0 -- cat /usr/share/nginx/html/index.html')).output).toBe('kept\n');
  });

  it('ConfigMap files follow an update at the next resync (60-90 s), env and subPath never', { timeout: 60_000 }, async () => {
    const s = await openSession({ seed: 4 });
    await s.run('kubectl create configmap cfg --from-literal=MODE=prod');
    await s.run(`kubectl apply -f - <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: app
spec:
  containers:
  - name: app
    image: busybox:1.36
    command: ["sleep", "3600"]
    envFrom: [{configMapRef: {name: cfg}}]
    volumeMounts:
    - {name: cfg, mountPath: /etc/cfg}
    - {name: cfg, mountPath: /etc/mode, subPath: MODE}
  volumes:
  - name: cfg
    configMap: {name: cfg}
EOF`);
    await s.run('kubectl wait --for=condition=Ready pod/app');
    await s.run(`kubectl patch configmap cfg -p '{"data":{"MODE":"staging"}}'`);
    s.cluster.advance(30_000);
    expect((await s.run('kubectl exec app -- cat /etc/cfg/MODE')).output).toBe('prod');
    s.cluster.advance(60_000);
    expect((await s.run('kubectl exec app -- cat /etc/cfg/MODE')).output).toBe('staging');
    expect((await s.run('kubectl exec app -- cat /etc/mode')).output).toBe('prod');
    expect((await s.run('kubectl exec app -- printenv MODE')).output).toBe('prod\n');
  });
});
