import { describe, expect, it } from 'vitest';
import type { LocalReply } from '../../../command/local-ports.ts';
import { kindSession } from '../../testing.ts';

describe('kubectl port-forward', () => {
  it('forwards a local port to the targetPort behind a Service until interrupted', async () => {
    const { c, k, run } = await kindSession();
    await run('create deployment web --image=nginx:1.27 --port=80');
    await run('expose deployment web --port=8080 --target-port=80');
    c.advance(20_000);
    let during: LocalReply | undefined;
    c.clock.setTimeout(() => (during = k.localPorts!.connect('::1', 8080)?.('/', 'curl/8.5.0')), 500);
    const r = await run('port-forward svc/web 8080:8080', { streamFor: 1000 });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Forwarding from 127.0.0.1:8080 -> 80\nForwarding from [::1]:8080 -> 80\nHandling connection for 8080\n');
    expect(during && 'status' in during && during.body).toContain('Welcome to nginx!');
    // Once stopped, nothing listens on the port any more.
    expect(k.localPorts!.connect('127.0.0.1', 8080)).toBeUndefined();
    expect(k.localPorts!.connect('::1', 8080)).toBeUndefined();
  });

  it('listens on the addresses asked for, on a free port for `:PORT`, several ports at once', async () => {
    const { c, k, run } = await kindSession();
    await run('run web --image=nginx:1.27 --port=80');
    c.advance(20_000);
    const seen: string[] = [];
    c.clock.setTimeout(() => {
      seen.push(k.localPorts!.connect('10.1.2.3', 8080) ? 'wildcard' : 'none');
      seen.push(k.localPorts!.connect('::1', 8080) ? 'v6' : 'no v6');
    }, 500);
    const wild = await run('port-forward --address 0.0.0.0 pod/web 8080:80 8443:80', { streamFor: 1000 });
    expect(wild.stdout).toBe('Forwarding from 0.0.0.0:8080 -> 80\nForwarding from 0.0.0.0:8443 -> 80\n');
    expect(seen).toEqual(['wildcard', 'no v6']);
    const random = await run('port-forward pod/web :80', { streamFor: 1000 });
    const m = /^Forwarding from 127\.0\.0\.1:(\d+) -> 80\nForwarding from \[::1\]:(\d+) -> 80\n$/.exec(random.stdout);
    expect(m?.[1]).toBe(m?.[2]);
    expect(Number(m?.[1])).toBeGreaterThanOrEqual(32768);
    expect(Number(m?.[1])).toBeLessThanOrEqual(60999);
    expect((await run('port-forward --address nowhere pod/web 8080:80')).stderr).toBe('error: nowhere is not a valid IP\n');
  });

  it('reports a port already taken, and skips it when another port opens', async () => {
    const { c, k, run } = await kindSession();
    await run('run web --image=nginx:1.27 --port=80');
    c.advance(20_000);
    const held = k.localPorts!.listen('127.0.0.1', 8080, () => ({ status: 200, body: '' }))!;
    // localhost: one of its two addresses is enough.
    expect((await run('port-forward pod/web 8080:80', { streamFor: 1000 })).stdout).toBe('Forwarding from [::1]:8080 -> 80\n');
    // A named address that is taken fails its port; with no port left, the command fails.
    const taken = await run('port-forward --address 127.0.0.1 pod/web 8080:80');
    expect(taken.stderr).toBe(
      'Unable to listen on port 8080: Listeners failed to create with the following errors: [unable to create listener: Error listen tcp4 127.0.0.1:8080: bind: address already in use]\nerror: unable to listen on any of the requested ports: [{8080 80}]\n',
    );
    expect(taken.code).toBe(1);
    const partly = await run('port-forward --address 127.0.0.1 pod/web 8080:80 9090:80', { streamFor: 1000 });
    expect(partly.stdout).toBe('Forwarding from 127.0.0.1:9090 -> 80\n');
    expect(partly.stderr).toContain('Unable to listen on port 8080:');
    held.close();
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
