import { describe, expect, it } from 'vitest';
import type { LocalReply } from '../../../command/local-ports.ts';
import { kindSession } from '../../testing.ts';

describe('kubectl proxy', () => {
  it('serves the API server on 127.0.0.1:8001 until interrupted, indented for curl', async () => {
    const { c, k, run } = await kindSession();
    await run('create configmap app --from-literal=mode=dev');
    const got: Record<string, LocalReply | undefined> = {};
    const ask = (path: string, agent = 'curl/8.5.0') => (got[`${agent} ${path}`] = k.localPorts!.connect('127.0.0.1', 8001)?.(path, agent));
    c.clock.setTimeout(() => {
      ask('/api/v1/namespaces/default/configmaps/app');
      ask('/api/v1/namespaces/default/configmaps/app', 'kubectl/v1.32.4');
      ask('/api/v1/namespaces/default/pods/nope');
      ask('/healthz');
      ask('/nothing');
    }, 500);
    const r = await run('proxy', { streamFor: 1000 });
    expect(r).toEqual({ stdout: 'Starting to serve on 127.0.0.1:8001\n', stderr: '', code: 0 });
    const cm = got['curl/8.5.0 /api/v1/namespaces/default/configmaps/app'] as { status: number; body: string };
    expect(cm.status).toBe(200);
    expect(cm.body).toMatch(/^\{\n  "kind": "ConfigMap",\n  "apiVersion": "v1",\n  "metadata": \{\n    "name": "app",\n    "namespace": "default",\n/);
    expect(cm.body).toMatch(/\n  "data": \{\n    "mode": "dev"\n  \}\n\}$/);
    expect((got['kubectl/v1.32.4 /api/v1/namespaces/default/configmaps/app'] as { body: string }).body).toMatch(/^\{"kind":"ConfigMap","apiVersion":"v1",.*\}\n$/);
    expect(got['curl/8.5.0 /api/v1/namespaces/default/pods/nope']).toEqual({
      status: 404,
      body: '{\n  "kind": "Status",\n  "apiVersion": "v1",\n  "metadata": {},\n  "status": "Failure",\n  "message": "pods \\"nope\\" not found",\n  "reason": "NotFound",\n  "details": {\n    "name": "nope",\n    "kind": "pods"\n  },\n  "code": 404\n}',
    });
    expect(got['curl/8.5.0 /healthz']).toEqual({ status: 200, body: 'ok' });
    expect(got['curl/8.5.0 /nothing']).toEqual({ status: 404, body: '404 page not found\n' });
    expect(k.localPorts!.connect('127.0.0.1', 8001)).toBeUndefined();
  });

  it('takes --port and --address, and fails on a port in use or out of range', async () => {
    const { k, run } = await kindSession();
    expect((await run('proxy --port=8080 --address=0.0.0.0', { streamFor: 10 })).stdout).toBe('Starting to serve on 0.0.0.0:8080\n');
    const held = k.localPorts!.listen('127.0.0.1', 8001, () => ({ status: 200, body: '' }))!;
    expect(await run('proxy')).toEqual({ stdout: '', stderr: 'error: listen tcp 127.0.0.1:8001: bind: address already in use\n', code: 1 });
    held.close();
    expect((await run('proxy --port=-1')).stderr).toBe('error: listen tcp: address -1: invalid port\n');
    expect((await run('proxy --port=abc')).stderr).toBe(
      'error: invalid argument "abc" for "-p, --port" flag: strconv.ParseInt: parsing "abc": invalid syntax\nSee \'kubectl proxy --help\' for usage.\n',
    );
  });
});
