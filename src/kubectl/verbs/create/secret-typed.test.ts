import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

const CERT = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const KEY = '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n';

describe('kubectl create secret tls / docker-registry', () => {
  it('builds the docker config JSON kubectl writes', async () => {
    const { run } = await kindSession();
    expect((await run('create secret docker-registry regcred --docker-server=r.example.com --docker-username=u --docker-password=p --docker-email=e@x.com --dry-run=client -o yaml')).stdout).toBe(
      'apiVersion: v1\ndata:\n  .dockerconfigjson: eyJhdXRocyI6eyJyLmV4YW1wbGUuY29tIjp7InVzZXJuYW1lIjoidSIsInBhc3N3b3JkIjoicCIsImVtYWlsIjoiZUB4LmNvbSIsImF1dGgiOiJkVHB3In19fQ==\nkind: Secret\nmetadata:\n  creationTimestamp: null\n  name: regcred\ntype: kubernetes.io/dockerconfigjson\n',
    );
    expect((await run('create secret docker-registry r2 --docker-username=u --docker-password=p --dry-run=client -o yaml')).stdout).toContain(
      '.dockerconfigjson: eyJhdXRocyI6eyJodHRwczovL2luZGV4LmRvY2tlci5pby92MS8iOnsidXNlcm5hbWUiOiJ1IiwicGFzc3dvcmQiOiJwIiwiYXV0aCI6ImRUcHcifX19\n',
    );
    expect((await run('create secret docker-registry regcred --docker-server=registry.example.com --docker-username=u --docker-password=p')).stdout).toBe('secret/regcred created\n');
    expect((await run('create secret docker-registry r3')).stderr).toBe(
      'error: either --from-file or the combination of --docker-username, --docker-password and --docker-server is required\n',
    );
  });

  it('stores certificate and key as a kubernetes.io/tls Secret', async () => {
    const { c, run } = await kindSession({ 'tls.crt': CERT, 'tls.key': KEY, 'bad.crt': 'nope' });
    expect(await run('create secret tls web-tls --cert=tls.crt --key=tls.key')).toEqual({ stdout: 'secret/web-tls created\n', stderr: '', code: 0 });
    const s = c.api.get('secrets', 'default', 'web-tls');
    expect(s.type).toBe('kubernetes.io/tls');
    expect(Object.keys(s.data as Record<string, string>)).toEqual(['tls.crt', 'tls.key']);
    expect((await run('create secret tls t')).stderr).toBe('error: key and cert must be specified\n');
    expect((await run('create secret tls t --cert=/nope --key=/nope')).stderr).toBe('error: Cannot read file /nope, open /nope: no such file or directory\n');
    expect((await run('create secret tls t --cert=bad.crt --key=tls.key')).stderr).toBe('error: tls: failed to find any PEM data in certificate input\n');
  });
});
