import { describe, expect, it } from 'vitest';
import { base64Decode } from '../../../sim/index.ts';
import { kindSession } from '../../testing.ts';

function part(token: string, i: number) {
  const b64 = token.split('.')[i]!.replace(/-/g, '+').replace(/_/g, '/');
  return JSON.parse(base64Decode(b64 + '='.repeat((4 - (b64.length % 4)) % 4)));
}

describe('kubectl create token', () => {
  it('prints a JWT with the claims of a 1.32 service-account token, valid for an hour by default', async () => {
    const { c, run } = await kindSession();
    await run('create serviceaccount robot');
    const sa = JSON.parse((await run('get sa robot -o json')).stdout);
    const out = await run('create token robot');
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{342}\n$/);
    const token = out.stdout.trim();
    expect(part(token, 0)).toEqual({ alg: 'RS256', kid: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    const now = Math.floor(c.now() / 1000);
    const claims = part(token, 1);
    expect(Object.keys(claims)).toEqual(['aud', 'exp', 'iat', 'iss', 'jti', 'kubernetes.io', 'nbf', 'sub']);
    expect(claims).toEqual({
      aud: ['https://kubernetes.default.svc.cluster.local'],
      exp: now + 3600,
      iat: now,
      iss: 'https://kubernetes.default.svc.cluster.local',
      jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
      'kubernetes.io': { namespace: 'default', serviceaccount: { name: 'robot', uid: sa.metadata.uid } },
      nbf: now,
      sub: 'system:serviceaccount:default:robot',
    });
  });

  it('honours --duration, --audience and a bound Pod', async () => {
    const { c, run } = await kindSession();
    await run('run web --image=nginx:1.27');
    c.advance(5_000);
    const token = (
      await run('create token default --duration=48h --audience=vault --audience=api --bound-object-kind=Pod --bound-object-name=web')
    ).stdout.trim();
    const claims = part(token, 1);
    expect(claims.exp - claims.iat).toBe(172_800);
    expect(claims.aud).toEqual(['vault', 'api']);
    expect(Object.keys(claims['kubernetes.io'])).toEqual(['namespace', 'node', 'pod', 'serviceaccount']);
    expect(claims['kubernetes.io'].pod.name).toBe('web');
    expect(claims['kubernetes.io'].node.name).toMatch(/^kind-/);
  });

  it('reports what the client and the server refuse', async () => {
    const { run } = await kindSession();
    expect(await run('create token ghost')).toEqual({ stdout: '', stderr: 'error: failed to create token: serviceaccounts "ghost" not found\n', code: 1 });
    expect((await run('create token default --duration=-1s')).stderr).toBe('error: --duration must be greater than or equal to 0\n');
    expect((await run('create token default --duration=1.5s')).stderr).toBe('error: --duration cannot be expressed in units less than seconds\n');
    expect((await run('create token default --duration=5m')).stderr).toBe(
      'error: failed to create token: TokenRequest.authentication.k8s.io "default" is invalid: spec.expirationSeconds: Invalid value: 300: may not specify a duration less than 10 minutes\n',
    );
    expect((await run('create token default --bound-object-kind=Foo --bound-object-name=x')).stderr).toBe(
      'error: supported --bound-object-kind values are Node, Pod, Secret\n',
    );
    expect((await run('create token default --bound-object-kind=Pod')).stderr).toBe(
      'error: --bound-object-name is required if --bound-object-kind is provided\n',
    );
    expect((await run('create token default --bound-object-name=x')).stderr).toBe(
      'error: --bound-object-name can only be set if --bound-object-kind is provided\n',
    );
    expect((await run('create token default --bound-object-kind=Pod --bound-object-name=nope')).stderr).toBe(
      'error: failed to create token: pods "nope" not found\n',
    );
    expect((await run('create token default --audience=')).stderr).toBe('error: --audience must not be an empty string\n');
    expect((await run('create token a b')).stderr).toBe("error: exactly one NAME is required, got 2\nSee 'kubectl create token -h' for help and examples\n");
    expect((await run('create token default -o wide')).stderr).toBe(
      'error: unable to match a printer suitable for the output format "wide", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml\n',
    );
    expect((await run('create token default --duration=abc')).stderr).toBe(
      'error: invalid argument "abc" for "--duration" flag: time: invalid duration "abc"\nSee \'kubectl create token --help\' for usage.\n',
    );
  });

  it('prints the TokenRequest with -o yaml', async () => {
    const { run } = await kindSession();
    const out = (await run('create token default -o yaml')).stdout;
    expect(out).toMatch(
      /^apiVersion: authentication\.k8s\.io\/v1\nkind: TokenRequest\nmetadata:\n  creationTimestamp: null\n  name: default\n  namespace: default\nspec:\n  audiences:\n  - https:\/\/kubernetes\.default\.svc\.cluster\.local\n  boundObjectRef: null\n  expirationSeconds: 3600\nstatus:\n  expirationTimestamp: "\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"\n  token: \S+\n$/,
    );
  });
});
