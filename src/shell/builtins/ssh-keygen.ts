/**
 * `ssh-keygen -t ed25519 -f FILE -N '' [-C COMMENT] [-q]`: writes FILE (an OpenSSH private key)
 * and FILE.pub, and prints what OpenSSH 9 prints: the fingerprint and the randomart image, both
 * computed from the key as ssh-keygen computes them. `ssh-keygen -l -f FILE` prints a key's
 * fingerprint. The key's seed comes from the terminal's deterministic source, so a replay makes
 * the same key. Only Ed25519 keys are made here; `-t rsa` and others are refused.
 */
import type { Command, ExecContext } from '../../command/contract.ts';
import { abs } from './util.ts';
import { encodeBase64Bytes, decodeBase64Bytes } from '../../encoding/crypto/base64-bytes.ts';
import { concat } from '../../encoding/crypto/der.ts';
import { ed25519PublicKey } from '../../encoding/crypto/ed25519.ts';
import { bytesOf, sha256 } from '../../encoding/crypto/hash.ts';
import { DeterministicRandom } from '../../encoding/crypto/random.ts';

const u32 = (n: number): Uint8Array => Uint8Array.of(n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255);
const sshString = (b: Uint8Array | string): Uint8Array => {
  const bytes = typeof b === 'string' ? bytesOf(b) : b;
  return concat(u32(bytes.length), bytes);
};

/** The public key blob (`ssh-ed25519` and the key). */
export function publicBlob(pk: Uint8Array): Uint8Array {
  return concat(sshString('ssh-ed25519'), sshString(pk));
}

/** The `openssh-key-v1` private key file, unencrypted. */
export function privateKeyFile(seed: Uint8Array, pk: Uint8Array, comment: string, check: Uint8Array): string {
  const blob = publicBlob(pk);
  let priv = concat(check, check, sshString('ssh-ed25519'), sshString(pk), sshString(concat(seed, pk)), sshString(comment));
  const padding: number[] = [];
  for (let i = 1; (priv.length + padding.length) % 8; i++) padding.push(i);
  priv = concat(priv, Uint8Array.from(padding));
  const body = concat(bytesOf('openssh-key-v1\0'), sshString('none'), sshString('none'), sshString(''), u32(1), sshString(blob), sshString(priv));
  return `-----BEGIN OPENSSH PRIVATE KEY-----\n${encodeBase64Bytes(body)
    .match(/.{1,70}/g)!
    .join('\n')}\n-----END OPENSSH PRIVATE KEY-----\n`;
}

/** `SHA256:...` of a public key blob, unpadded base64 as OpenSSH prints it. */
export function fingerprint(blob: Uint8Array): string {
  return 'SHA256:' + encodeBase64Bytes(sha256(blob)).replace(/=+$/, '');
}

/** OpenSSH's randomart ("drunken bishop") of a digest. */
export function randomart(digest: Uint8Array, title: string, alg: string): string {
  const W = 17;
  const H = 9;
  const aug = ' .o+=*BOX@%&#/^SE';
  const len = aug.length - 1;
  const field = Array.from({ length: W }, () => new Array<number>(H).fill(0));
  let x = W >> 1;
  let y = H >> 1;
  for (const byte of digest) {
    let input = byte;
    for (let b = 0; b < 4; b++) {
      x += input & 1 ? 1 : -1;
      y += input & 2 ? 1 : -1;
      x = Math.max(0, Math.min(W - 1, x));
      y = Math.max(0, Math.min(H - 1, y));
      if (field[x]![y]! < len - 2) field[x]![y]!++;
      input >>= 2;
    }
  }
  field[W >> 1]![H >> 1] = len - 1;
  field[x]![y] = len;
  const border = (label: string): string => {
    const left = Math.floor((W - label.length) / 2);
    return '+' + '-'.repeat(left) + label + '-'.repeat(W - left - label.length) + '+\n';
  };
  let out = border(title);
  for (let row = 0; row < H; row++) {
    out += '|';
    for (let col = 0; col < W; col++) out += aug[Math.min(field[col]![row]!, len)];
    out += '|\n';
  }
  return out + border(`[${alg}]`);
}

/** The `ssh-keygen` command; `seed` gives each run its own deterministic randomness. */
export function createSshKeygen(seed: () => string): Command {
  return async (args, ctx) => {
    const o = new Map<string, string | true>();
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      if (/^-[tfNCb]$/.test(a)) {
        const v = args[++i];
        if (v === undefined) {
          ctx.stderr(`option requires an argument -- ${a[1]}\n`);
          return 255;
        }
        o.set(a[1]!, v);
      } else if (/^-[qly]$/.test(a)) o.set(a[1]!, true);
      else {
        ctx.stderr(`unknown option -- ${a.replace(/^-/, '')[0]}\n`);
        return 255;
      }
    }
    if (o.has('l')) return listFingerprint(o.get('f'), ctx);
    const type = (o.get('t') as string | undefined) ?? 'ed25519';
    if (type !== 'ed25519') {
      ctx.stderr(['rsa', 'ecdsa', 'dsa'].includes(type) ? `ssh-keygen: only ed25519 keys can be made in this terminal\n` : `unknown key type ${type}\n`);
      return 255;
    }
    const file = o.get('f');
    const quiet = o.has('q');
    if (typeof file !== 'string') {
      ctx.stderr('ssh-keygen: give the key file with -f FILE (this terminal cannot ask for it)\n');
      return 1;
    }
    if (!quiet) ctx.stdout('Generating public/private ed25519 key pair.\n');
    const path = abs(ctx, file);
    if (ctx.fs.exists(path)) {
      ctx.stdout(`${file} already exists.\nOverwrite (y/n)? `);
      return 1;
    }
    if (o.get('N') === undefined) {
      ctx.stdout('Enter passphrase (empty for no passphrase): ');
      ctx.stderr('\n');
      return 1;
    }
    if (o.get('N') !== '') {
      ctx.stderr('ssh-keygen: keys with a passphrase cannot be made in this terminal\n');
      return 1;
    }
    const rnd = new DeterministicRandom(`ssh-keygen ${seed()} ${args.join('\0')}`);
    const sk = rnd.bytes(32);
    const pk = ed25519PublicKey(sk);
    const comment = typeof o.get('C') === 'string' ? (o.get('C') as string) : `${ctx.env.USER ?? 'learner'}@course`;
    const blob = publicBlob(pk);
    ctx.fs.write(path, privateKeyFile(sk, pk, comment, rnd.bytes(4)));
    ctx.fs.write(path + '.pub', `ssh-ed25519 ${encodeBase64Bytes(blob)}${comment ? ' ' + comment : ''}\n`);
    if (quiet) return 0;
    ctx.stdout(
      `Your identification has been saved in ${file}\nYour public key has been saved in ${file}.pub\nThe key fingerprint is:\n${fingerprint(blob)} ${comment}\nThe key's randomart image is:\n`,
    );
    ctx.stdout(randomart(sha256(blob), '[ED25519 256]', 'SHA256'));
    return 0;
  };
}

function listFingerprint(file: string | true | undefined, ctx: ExecContext): number {
  if (typeof file !== 'string') {
    ctx.stderr('ssh-keygen: give the key file with -f FILE\n');
    return 1;
  }
  const pub = ctx.fs.read(abs(ctx, file.endsWith('.pub') ? file : file + '.pub')) ?? ctx.fs.read(abs(ctx, file));
  const m = pub && /^(ssh-ed25519) (\S+)(?: (.*))?$/m.exec(pub);
  const blob = m ? decodeBase64Bytes(m[2]!) : undefined;
  if (!m || !blob) {
    ctx.stderr(`${file} is not a public key file.\n`);
    return 255;
  }
  ctx.stdout(`256 ${fingerprint(blob)} ${m[3] ?? 'no comment'} (ED25519)\n`);
  return 0;
}
