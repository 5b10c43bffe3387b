import { describe, expect, it } from 'vitest';
import { runTool } from './tool-harness.ts';
import { createOpenssl } from './openssl.ts';
import { readCertificate, readPrivateKey } from '../../encoding/crypto/x509.ts';
import { unpem } from '../../encoding/crypto/der.ts';
import { modPow, fromBytes } from '../../encoding/crypto/rsa.ts';
import { hex, sha256 } from '../../encoding/crypto/hash.ts';
import { kindSession } from '../../kubectl/testing.ts';
import { children, read } from '../../encoding/crypto/der.ts';

const NOW = Date.UTC(2026, 11, 2, 0, 11, 15);
const openssl = () =>
  createOpenssl(
    () => NOW,
    () => 'seed',
  );

describe('openssl req -x509, as tutorials run it', () => {
  const args = [
    'req',
    '-x509',
    '-nodes',
    '-days',
    '365',
    '-newkey',
    'rsa:2048',
    '-keyout',
    'tls.key',
    '-out',
    'tls.crt',
    '-subj',
    '/CN=foo.bar.com/O=foo.bar.com',
  ];

  it('writes a PKCS#8 key and a self-signed certificate whose signature verifies with its key', async () => {
    const r = await runTool(openssl(), args);
    expect(r.code).toBe(0);
    expect(r.out).toBe('');
    // OpenSSL 3's progress: a line of marks per prime, then the dashes.
    expect(r.err).toMatch(/^[.+*]+\n[.+*]+\n-----\n$/);
    const keyPem = r.fs.read('/home/learner/tls.key')!;
    const crtPem = r.fs.read('/home/learner/tls.crt')!;
    expect(keyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n([A-Za-z0-9+/=]{64}\n)+[A-Za-z0-9+/=]{1,64}\n-----END PRIVATE KEY-----\n$/);
    const key = readPrivateKey(unpem(keyPem, 'PRIVATE KEY')!, false)!;
    expect(key.n.toString(2)).toHaveLength(2048);
    const der = unpem(crtPem, 'CERTIFICATE')!;
    const cert = readCertificate(der)!;
    expect(cert).toMatchObject({
      subject: 'CN = foo.bar.com, O = foo.bar.com',
      issuer: 'CN = foo.bar.com, O = foo.bar.com',
      notBefore: 'Dec  2 00:11:15 2026 GMT',
      notAfter: 'Dec  2 00:11:15 2027 GMT',
    });
    // The signature: PKCS#1 v1.5 over the TBS certificate with SHA-256.
    const [tbs, , sig] = children(read(der).body);
    const s = fromBytes(sig!.body.subarray(1));
    const em = modPow(s, key.e, key.n).toString(16);
    expect(em.endsWith(hex(sha256(der.subarray(4, tbs!.end + 4))))).toBe(true);
  });

  it('is accepted by kubectl create secret tls', async () => {
    const r = await runTool(openssl(), args);
    const { run } = await kindSession({ 'tls.crt': r.fs.read('/home/learner/tls.crt')!, 'tls.key': r.fs.read('/home/learner/tls.key')! });
    expect(await run('create secret tls foo-tls --cert=tls.crt --key=tls.key')).toEqual({ stdout: 'secret/foo-tls created\n', stderr: '', code: 0 });
  });

  it('prints what openssl x509 prints about it', async () => {
    const r = await runTool(openssl(), args);
    const crt = r.fs.read('/home/learner/tls.crt')!;
    const x = await runTool(openssl(), ['x509', '-in', 'tls.crt', '-noout', '-subject', '-issuer', '-dates'], { files: { 'tls.crt': crt } });
    expect(x.out).toBe(
      'subject=CN = foo.bar.com, O = foo.bar.com\nissuer=CN = foo.bar.com, O = foo.bar.com\nnotBefore=Dec  2 00:11:15 2026 GMT\nnotAfter=Dec  2 00:11:15 2027 GMT\n',
    );
    expect((await runTool(openssl(), ['x509', '-in', 'tls.crt', '-noout', '-fingerprint', '-sha256'], { files: { 'tls.crt': crt } })).out).toMatch(
      /^sha256 Fingerprint=([0-9A-F]{2}:){31}[0-9A-F]{2}\n$/,
    );
  });

  it('makes the same key for the same seed and another for another', async () => {
    const a = (await runTool(openssl(), args)).fs.read('/home/learner/tls.key');
    const b = (await runTool(openssl(), args)).fs.read('/home/learner/tls.key');
    const c = (
      await runTool(
        createOpenssl(
          () => NOW,
          () => 'other',
        ),
        args,
      )
    ).fs.read('/home/learner/tls.key');
    expect(a).toBe(b);
    expect(a).not.toBe(c);
  });
}, 60_000);

describe('openssl: the other subcommands and bad input', () => {
  it('rand and base64', async () => {
    expect((await runTool(openssl(), ['rand', '-base64', '12'])).out).toMatch(/^[A-Za-z0-9+/]{16}\n$/);
    expect((await runTool(openssl(), ['rand', '-hex', '8'])).out).toMatch(/^[0-9a-f]{16}\n$/);
    expect((await runTool(openssl(), ['base64'], { stdin: 'hi\n' })).out).toBe('aGkK\n');
    expect((await runTool(openssl(), ['base64', '-d'], { stdin: 'aGkK\n' })).out).toBe('hi\n');
  });
  it('answers as OpenSSL 3.0 does', async () => {
    expect(await runTool(openssl(), ['foo'])).toMatchObject({ err: `Invalid command 'foo'; type "help" for a list.\n`, code: 1 });
    const missing = await runTool(openssl(), ['x509', '-in', 'nope', '-noout', '-subject']);
    expect(missing.code).toBe(1);
    expect(missing.err.split('\n')[0]).toBe('Could not open file or uri for loading certificate from nope');
    expect(missing.err.endsWith('Unable to load certificate\n')).toBe(true);
    const noSubj = await runTool(openssl(), ['req', '-x509', '-nodes', '-newkey', 'rsa:1024', '-keyout', 'k', '-out', 'c']);
    expect(noSubj.out.endsWith('Country Name (2 letter code) [AU]:')).toBe(true);
    expect(noSubj.err.endsWith('-----\nError making certificate request\n')).toBe(true);
    expect(noSubj.code).toBe(1);
  });
}, 60_000);
