import { describe, expect, it } from 'vitest';
import { hostRequest, type FetchResult } from '../../../sim/index.ts';
import { kindSession } from '../../testing.ts';

describe('kubectl port-forward', () => {
  it('forwards a local port to the targetPort behind a Service until interrupted', async () => {
    const { c, run } = await kindSession();
    await run('create deployment web --image=nginx:1.27 --port=80');
    await run('expose deployment web --port=8080 --target-port=80');
    c.advance(20_000);
    let during: FetchResult | undefined;
    c.clock.setTimeout(() => (during = hostRequest(c, 'localhost', 8080, '/', 'curl/8.5.0')), 500);
    const r = await run('port-forward svc/web 8080:8080', { streamFor: 1000 });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Forwarding from 127.0.0.1:8080 -> 80\nForwarding from [::1]:8080 -> 80\nHandling connection for 8080\n');
    expect(during && 'status' in during && during.body).toContain('Welcome to nginx!');
    // Once stopped, nothing listens on the port any more.
    expect(hostRequest(c, 'localhost', 8080, '/', 'curl/8.5.0')).toMatchObject({ error: 'refused' });
  });

  it('reports kubectl errors', async () => {
    const { c, run } = await kindSession();
    expect((await run('port-forward web')).stderr).toBe("error: TYPE/NAME and list of ports are required for port-forward\nSee 'kubectl port-forward -h' for help and examples\n");
    expect((await run('port-forward pod/nosuch 80')).stderr).toBe('Error from server (NotFound): pods "nosuch" not found\n');
    await run('create deployment web --image=nginx:1.27');
    await run('create service clusterip web --tcp=80:80');
    c.advance(20_000);
    expect((await run('port-forward svc/web 9999')).stderr).toBe('error: Service web does not have a service port 9999\n');
    await run('run pending --image=nginx:1.91');
    c.advance(5_000);
    expect((await run('port-forward pending 80')).stderr).toBe('error: unable to forward port because pod is not running. Current status=Pending\n');
  });
});
