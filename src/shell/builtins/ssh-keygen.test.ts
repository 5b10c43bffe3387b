import { describe, expect, it } from 'vitest';
import recorded from './ssh-keygen.recorded.json';
import { runTool } from './tool-harness.ts';
import { createSshKeygen, fingerprint, privateKeyFile, publicBlob, randomart } from './ssh-keygen.ts';
import { ed25519PublicKey } from '../../encoding/crypto/ed25519.ts';
import { sha256 } from '../../encoding/crypto/hash.ts';
import { encodeBase64Bytes } from '../../encoding/crypto/base64-bytes.ts';

const bytes = (h: string): Uint8Array => Uint8Array.from(h.match(/../g)!.map((x) => parseInt(x, 16)));

// A key the real ssh-keygen (OpenSSH 9.2) made: `ssh-keygen -t ed25519 -f key -N '' -C learner@k8s-course`.
describe('ssh-keygen, against a key OpenSSH made', () => {
  const seed = bytes(recorded.seed);
  const pk = ed25519PublicKey(seed);

  it('derives the same Ed25519 public key from the seed', () => {
    expect([...pk].map((x) => x.toString(16).padStart(2, '0')).join('')).toBe(recorded.pk);
  });
  it('writes the same private and public key files', () => {
    expect(privateKeyFile(seed, pk, 'learner@k8s-course', bytes(recorded.check))).toBe(recorded.key);
    expect(`ssh-ed25519 ${encodeBase64Bytes(publicBlob(pk))} learner@k8s-course\n`).toBe(recorded.pub);
  });
  it('prints the same fingerprint and randomart', () => {
    const blob = publicBlob(pk);
    expect(`256 ${fingerprint(blob)} learner@k8s-course (ED25519)\n${randomart(sha256(blob), '[ED25519 256]', 'SHA256')}`).toBe(recorded.lv);
  });
});

describe('ssh-keygen in the terminal', () => {
  it("prints OpenSSH's messages and writes both files, the same for the same seed", async () => {
    const run = () =>
      runTool(
        createSshKeygen(() => 'seed-1'),
        ['-t', 'ed25519', '-f', 'key', '-N', ''],
      );
    const r = await run();
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      /^Generating public\/private ed25519 key pair\.\nYour identification has been saved in key\nYour public key has been saved in key\.pub\nThe key fingerprint is:\nSHA256:[A-Za-z0-9+/]{43} learner@course\nThe key's randomart image is:\n\+--\[ED25519 256\]--\+\n(\|.{17}\|\n){9}\+----\[SHA256\]-----\+\n$/,
    );
    expect(r.fs.read('/home/learner/key')).toMatch(/^-----BEGIN OPENSSH PRIVATE KEY-----\n/);
    expect(r.fs.read('/home/learner/key.pub')).toMatch(/^ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI\S+ learner@course\n$/);
    expect((await run()).out).toBe(r.out);
    const other = await runTool(
      createSshKeygen(() => 'seed-2'),
      ['-t', 'ed25519', '-f', 'key', '-N', ''],
    );
    expect(other.out).not.toBe(r.out);
  });
  it('asks before overwriting, and refuses unknown types as ssh-keygen does', async () => {
    const r = await runTool(
      createSshKeygen(() => 's'),
      ['-t', 'ed25519', '-f', 'key', '-N', ''],
      { files: { key: 'x' } },
    );
    expect(r).toMatchObject({ out: 'Generating public/private ed25519 key pair.\nkey already exists.\nOverwrite (y/n)? ', code: 1 });
    expect(
      await runTool(
        createSshKeygen(() => 's'),
        ['-t', 'foo', '-f', 'k', '-N', ''],
      ),
    ).toMatchObject({ err: 'unknown key type foo\n', code: 255 });
  });
});
