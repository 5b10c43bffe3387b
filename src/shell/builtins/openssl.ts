/**
 * `openssl` (as OpenSSL 3.0 behaves) for the key and certificate steps tutorials take:
 * `req -x509 -nodes -days N -newkey rsa:BITS -keyout K -out C -subj /CN=...` (a real RSA key and
 * a real self-signed certificate, accepted by `kubectl create secret tls`), `req -new -key K`
 * (a certificate request), `genrsa`, `x509 -noout -text -subject -issuer -dates -serial -fingerprint`,
 * `rand -base64|-hex N` and `base64 [-d]`. Keys come from the terminal's deterministic random
 * source (crypto/random.ts), so a replayed session makes the same keys.
 */
import type { Command, ExecContext } from '../../command/contract.ts';
import { abs } from './util.ts';
import { encodeBase64Bytes, decodeBase64Bytes } from '../../encoding/crypto/base64-bytes.ts';
import { pem, unpem } from '../../encoding/crypto/der.ts';
import { bytesOf, sha1, sha256 } from '../../encoding/crypto/hash.ts';
import { certificateText } from '../../encoding/crypto/x509-text.ts';
import { DeterministicRandom } from '../../encoding/crypto/random.ts';
import { generateRsa, type RsaKey } from '../../encoding/crypto/rsa.ts';
import { certificateRequest, knownAttribute, parseSubject, pkcs8, readCertificate, readPrivateKey, selfSigned, type SubjectAltName } from '../../encoding/crypto/x509.ts';

const VERSION = 'OpenSSL 3.0.19 27 Jan 2026 (Library: OpenSSL 3.0.19 27 Jan 2026)\n';
/** The thread id OpenSSL puts before each line of its error stack (a real one differs per process). */
const THREAD = '40D7829D0E7F0000';

const DN_PROMPT = `-----
You are about to be asked to enter information that will be incorporated
into your certificate request.
What you are about to enter is what is called a Distinguished Name or a DN.
There are quite a few fields but you can leave some blank
For some fields there will be a default value,
If you enter '.', the field will be left blank.
-----
Country Name (2 letter code) [AU]:`;

/** Options of a subcommand: flags and their values, in order. */
function options(args: string[], withValue: Set<string>, ctx: ExecContext, cmd: string): Map<string, string | true> | undefined {
  const out = new Map<string, string | true>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const name = a.replace(/^--?/, '');
    if (!a.startsWith('-')) {
      out.set(`#${out.size}`, a);
      continue;
    }
    if (withValue.has(name)) {
      const v = args[++i];
      if (v === undefined) {
        ctx.stderr(`${cmd}: Option -${name} needs a value\n${cmd}: Use -help for summary.\n`);
        return undefined;
      }
      out.set(name, v);
    } else out.set(name, true);
  }
  return out;
}

/** The `openssl` command for a terminal; `seed` gives each run its own deterministic randomness. */
export function createOpenssl(now: () => number, seed: () => string): Command {
  return async (args, ctx) => {
    const [sub, ...rest] = args;
    const rnd = new DeterministicRandom(`openssl ${seed()} ${args.join('\0')}`);
    switch (sub) {
      case undefined:
      case 'help':
        ctx.stderr('help:\n\nStandard commands\nbase64            genrsa            rand              req\nversion           x509\n\n');
        return 0;
      case 'version':
        ctx.stdout(VERSION);
        return 0;
      case 'rand':
        return rand(rest, ctx, rnd);
      case 'base64':
        return base64(rest, ctx);
      case 'genrsa':
        return genrsa(rest, ctx, rnd);
      case 'req':
        return req(rest, ctx, rnd, now);
      case 'x509':
        return x509(rest, ctx);
      default:
        ctx.stderr(`Invalid command '${sub}'; type "help" for a list.\n`);
        return 1;
    }
  };
}

function write(ctx: ExecContext, file: string | true | undefined, text: string): void {
  if (typeof file === 'string') ctx.fs.write(abs(ctx, file), text);
  else ctx.stdout(text);
}

function rand(args: string[], ctx: ExecContext, rnd: DeterministicRandom): number {
  const o = options(args, new Set(['out']), ctx, 'rand');
  if (!o) return 1;
  const count = [...o].find(([k]) => k.startsWith('#'))?.[1];
  if (typeof count !== 'string' || !/^\d+$/.test(count)) {
    ctx.stderr('Usage: rand [options] num\nrand: Use -help for summary.\n');
    return 1;
  }
  const bytes = rnd.bytes(Number(count));
  let text: string;
  if (o.has('base64')) {
    const b = encodeBase64Bytes(bytes);
    text = b ? b.match(/.{1,64}/g)!.join('\n') + '\n' : '';
  } else if (o.has('hex')) text = [...bytes].map((x) => x.toString(16).padStart(2, '0')).join('') + '\n';
  else text = String.fromCharCode(...bytes);
  write(ctx, o.get('out'), text);
  return 0;
}

function base64(args: string[], ctx: ExecContext): number {
  const o = options(args, new Set(['in', 'out']), ctx, 'base64');
  if (!o) return 1;
  const input = o.get('in');
  const text = typeof input === 'string' ? ctx.fs.read(abs(ctx, input)) : ctx.stdin;
  if (text === undefined) {
    ctx.stderr(
      `Can't open "${input}" for reading, No such file or directory\n${THREAD}:error:80000002:system library:BIO_new_file:No such file or directory:../crypto/bio/bss_file.c:67:calling fopen(${input}, r)\n${THREAD}:error:10000080:BIO routines:BIO_new_file:no such file:../crypto/bio/bss_file.c:75:\n`,
    );
    return 1;
  }
  if (o.has('d')) {
    const bytes = decodeBase64Bytes(text.replace(/\s+/g, ''));
    write(ctx, o.get('out'), bytes ? String.fromCharCode(...bytes) : '');
    return 0;
  }
  const b = encodeBase64Bytes(bytesOf(text));
  write(ctx, o.get('out'), b ? (o.has('A') ? b + '\n' : b.match(/.{1,64}/g)!.join('\n') + '\n') : '');
  return 0;
}

/** Generates a key, printing OpenSSL's progress marks on stderr; undefined when interrupted. */
async function newKey(bits: number, ctx: ExecContext, rnd: DeterministicRandom): Promise<RsaKey | undefined> {
  let line = '';
  const key = await generateRsa(
    bits,
    rnd,
    (mark) => {
      line += mark;
      if (mark === '\n') {
        ctx.stderr(line);
        line = '';
      }
    },
    () => ctx.sleep(0),
  );
  return key;
}

async function genrsa(args: string[], ctx: ExecContext, rnd: DeterministicRandom): Promise<number> {
  const o = options(args, new Set(['out']), ctx, 'genrsa');
  if (!o) return 1;
  const bitsArg = [...o].find(([k]) => k.startsWith('#'))?.[1];
  const bits = typeof bitsArg === 'string' ? Number(bitsArg) : 2048;
  if (!Number.isInteger(bits) || bits < 512 || bits > 4096) {
    ctx.stderr(`genrsa: Extra option: "${bitsArg}"\ngenrsa: Use -help for summary.\n`);
    return 1;
  }
  const key = await newKey(bits, ctx, rnd);
  if (!key) return 130;
  write(ctx, o.get('out'), pem('PRIVATE KEY', pkcs8(key)));
  return 0;
}

/** `subjectAltName=DNS:a,IP:1.2.3.4` from -addext. */
function parseSan(ext: string): SubjectAltName | undefined {
  const m = /^\s*subjectAltName\s*=\s*(.*)$/.exec(ext);
  if (!m) return undefined;
  const san: SubjectAltName = { dns: [], ips: [] };
  for (const item of m[1]!.split(',')) {
    const [kind, value] = item.trim().split(':') as [string, string | undefined];
    if (kind === 'DNS' && value) san.dns.push(value);
    else if (kind === 'IP' && value && /^\d+\.\d+\.\d+\.\d+$/.test(value)) san.ips.push(value.split('.').map(Number));
  }
  return san;
}

async function req(args: string[], ctx: ExecContext, rnd: DeterministicRandom, now: () => number): Promise<number> {
  const o = options(args, new Set(['days', 'newkey', 'keyout', 'out', 'subj', 'key', 'addext', 'config', 'in', 'set_serial']), ctx, 'req');
  if (!o) return 1;
  let key: RsaKey | undefined;
  const keyFile = o.get('key');
  if (typeof keyFile === 'string') {
    const text = ctx.fs.read(abs(ctx, keyFile));
    const der = text && (unpem(text, 'PRIVATE KEY') ?? unpem(text, 'RSA PRIVATE KEY'));
    key = der ? readPrivateKey(der, !unpem(text!, 'PRIVATE KEY')) : undefined;
    if (!key) {
      ctx.stderr(text === undefined ? `Could not open file or uri for loading private key from ${keyFile}\n` : `Could not read private key from ${keyFile}\n`);
      return 1;
    }
  } else {
    const spec = o.get('newkey');
    const m = typeof spec === 'string' ? /^rsa:(\d+)$/.exec(spec) : undefined;
    if (spec === undefined && !o.has('x509') && !o.has('new')) {
      ctx.stderr('req: No private key specified and -newkey not given\n');
      return 1;
    }
    if (typeof spec === 'string' && !m) {
      ctx.stderr(`Unknown algorithm ${spec.split(':')[0]}\nreq: Error parsing -newkey option\n`);
      return 1;
    }
    const bits = m ? Number(m[1]) : 2048;
    if (bits < 512 || bits > 4096) {
      ctx.stderr(`${THREAD}:error:1C8000A1:Provider routines:rsa_gen_set_params:key size too small:../providers/implementations/keymgmt/rsa_kmgmt.c:517:\n`);
      return 1;
    }
    key = await newKey(bits, ctx, rnd);
    if (!key) return 130;
    if (!o.has('nodes') && !o.has('noenc')) {
      // Encrypting the key asks for a pass phrase on the terminal; reading none, OpenSSL gives up.
      ctx.stderr(
        `Enter PEM pass phrase:\n${THREAD}:error:1400006B:UI routines:UI_process:processing error:../crypto/ui/ui_lib.c:573:while reading strings\n${THREAD}:error:0480006D:PEM routines:PEM_def_callback:problems getting password:../crypto/pem/pem_lib.c:62:\n${THREAD}:error:07880109:common libcrypto routines:do_ui_passphrase:interrupted or cancelled:../crypto/passphrase.c:184:\n${THREAD}:error:1C80009F:Provider routines:p8info_to_encp8:unable to get passphrase:../providers/implementations/encode_decode/encode_key2any.c:115:\n`,
      );
      return 1;
    }
    ctx.stderr('-----\n');
    write(ctx, o.get('keyout') ?? 'privkey.pem', pem('PRIVATE KEY', pkcs8(key)));
  }
  const subj = o.get('subj');
  if (typeof subj !== 'string') {
    ctx.stdout(DN_PROMPT);
    ctx.stderr('Error making certificate request\n');
    return 1;
  }
  const subject = parseSubject(subj);
  if (!subject) {
    ctx.stderr(
      `name is expected to be in the format /type0=value0/type1=value1/type2=... where characters may be escaped by \\. This name is not in that format: '${subj}'\nreq: Error making certificate request\n`,
    );
    return 1;
  }
  for (const [k] of subject) if (!knownAttribute(k)) ctx.stderr(`req: Skipping unknown subject name attribute "${k}"\n`);
  const known = subject.filter(([k]) => knownAttribute(k));
  const addext = o.get('addext');
  const san = typeof addext === 'string' ? parseSan(addext) : undefined;
  if (o.has('x509')) {
    const days = Number(o.get('days') ?? 30);
    const serial = rnd.bytes(20);
    serial[0]! &= 0x7f;
    write(ctx, o.get('out'), pem('CERTIFICATE', selfSigned(key, known, now(), days, serial, san)));
  } else write(ctx, o.get('out'), pem('CERTIFICATE REQUEST', certificateRequest(key, known, san)));
  return 0;
}

function x509(args: string[], ctx: ExecContext): number {
  const o = options(args, new Set(['in', 'out', 'inform', 'outform']), ctx, 'x509');
  if (!o) return 1;
  const input = o.get('in');
  const text = typeof input === 'string' ? ctx.fs.read(abs(ctx, input)) : ctx.stdin;
  if (text === undefined) {
    ctx.stderr(
      `Could not open file or uri for loading certificate from ${input}\n${THREAD}:error:16000069:STORE routines:ossl_store_get0_loader_int:unregistered scheme:../crypto/store/store_register.c:237:scheme=file\n${THREAD}:error:80000002:system library:file_open:No such file or directory:../providers/implementations/storemgmt/file_store.c:266:calling stat(${input})\nUnable to load certificate\n`,
    );
    return 1;
  }
  const der = unpem(text, 'CERTIFICATE');
  const cert = der && readCertificate(der);
  if (!cert) {
    ctx.stderr(`Could not read certificate from ${typeof input === 'string' ? input : '<stdin>'}\nUnable to load certificate\n`);
    return 1;
  }
  const colons = (b: Uint8Array): string => [...b].map((x) => x.toString(16).toUpperCase().padStart(2, '0')).join(':');
  let out = '';
  const digest = o.has('sha256') ? 'sha256' : 'sha1';
  for (const [k] of o) {
    if (k === 'subject') out += `subject=${cert.subject}\n`;
    else if (k === 'issuer') out += `issuer=${cert.issuer}\n`;
    else if (k === 'dates') out += `notBefore=${cert.notBefore}\nnotAfter=${cert.notAfter}\n`;
    else if (k === 'startdate') out += `notBefore=${cert.notBefore}\n`;
    else if (k === 'enddate') out += `notAfter=${cert.notAfter}\n`;
    else if (k === 'serial')
      out += `serial=${[...cert.serial]
        .map((x) => x.toString(16).toUpperCase().padStart(2, '0'))
        .join('')
        .replace(/^00(?=.)/, '')}\n`;
    else if (k === 'text') out += certificateText(cert.der) ?? '';
    else if (k === 'fingerprint')
      out += `${digest === 'sha1' ? 'SHA1' : 'sha256'} Fingerprint=${colons(digest === 'sha1' ? sha1(cert.der) : sha256(cert.der))}\n`;
  }
  if (!o.has('noout')) out += pem('CERTIFICATE', cert.der);
  write(ctx, o.get('out'), out);
  return 0;
}
