/**
 * kustomize's configMapGenerator and secretGenerator: `literals`, `files` (`key=path` or a
 * path), `envs`, per-generator `options` and the kustomization's `generatorOptions`
 * (`disableNameSuffixHash`, `labels`, `annotations`, `immutable`).
 */
import { generatedHash } from './hash.ts';

type Obj = Record<string, unknown>;

/** An error in a kustomization, with kustomize's message. */
export class KustomizeError extends Error {}

/** Reads a file relative to the kustomization's directory (undefined when missing). */
export type ReadRel = (path: string) => string | undefined;

/** A generated object and whether its name gets the hash suffix. */
export interface Generated {
  obj: Obj;
  hash: boolean;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard base64 of a string's UTF-8 bytes. */
export function base64(text: string): string {
  const bytes: number[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) bytes.push(c);
    else if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else bytes.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += B64[(n >> 18) & 63]! + B64[(n >> 12) & 63]! + (i + 1 < bytes.length ? B64[(n >> 6) & 63]! : '=') + (i + 2 < bytes.length ? B64[n & 63]! : '=');
  }
  return out;
}

function unquote(v: string): string {
  return /^(".*"|'.*')$/s.test(v) ? v.slice(1, -1) : v;
}

function pairs(gen: Obj, read: ReadRel): [string, string][] {
  const out: [string, string][] = [];
  for (const lit of (gen.literals as string[] | undefined) ?? []) {
    const i = String(lit).indexOf('=');
    if (i < 0) throw new KustomizeError(`invalid literal source ${lit}, expected key=value`);
    out.push([String(lit).slice(0, i), unquote(String(lit).slice(i + 1))]);
  }
  for (const f of (gen.files as string[] | undefined) ?? []) {
    const i = String(f).indexOf('=');
    const key = i < 0 ? String(f).split('/').pop()! : String(f).slice(0, i);
    const path = i < 0 ? String(f) : String(f).slice(i + 1);
    const text = read(path);
    if (text === undefined) throw new KustomizeError(`evalsymlink failure on '${path}' : lstat ${path}: no such file or directory`);
    out.push([key, text]);
  }
  for (const e of (gen.envs as string[] | undefined) ?? (gen.env ? [gen.env as string] : [])) {
    const text = read(e);
    if (text === undefined) throw new KustomizeError(`evalsymlink failure on '${e}' : lstat ${e}: no such file or directory`);
    for (const raw of text.split('\n')) {
      const line = raw.replace(/^\s+/, '');
      if (!line || line.startsWith('#')) continue;
      const i = line.indexOf('=');
      if (i < 0) out.push([line, '']);
      else out.push([line.slice(0, i), line.slice(i + 1)]);
    }
  }
  return out;
}

/** Builds the objects of one generator list (`kind` ConfigMap or Secret). */
export function generate(kind: 'ConfigMap' | 'Secret', gens: Obj[], globalOpts: Obj, read: ReadRel): Generated[] {
  return gens.map((gen) => {
    const opts = { ...globalOpts, ...((gen.options as Obj | undefined) ?? {}) };
    const data: Record<string, string> = {};
    for (const [k, v] of pairs(gen, read)) {
      if (k in data) throw new KustomizeError(`configmap ${gen.name} illegally repeats the key \`${k}\``);
      data[k] = kind === 'Secret' ? base64(v) : v;
    }
    const metadata: Obj = { name: gen.name };
    if (gen.namespace) metadata.namespace = gen.namespace;
    const labels = { ...((globalOpts.labels as Obj | undefined) ?? {}), ...(((gen.options as Obj | undefined)?.labels as Obj | undefined) ?? {}) };
    const annotations = {
      ...((globalOpts.annotations as Obj | undefined) ?? {}),
      ...(((gen.options as Obj | undefined)?.annotations as Obj | undefined) ?? {}),
    };
    if (Object.keys(labels).length) metadata.labels = labels;
    if (Object.keys(annotations).length) metadata.annotations = annotations;
    const obj: Obj = { apiVersion: 'v1', kind, metadata, data };
    if (kind === 'Secret') obj.type = gen.type ?? 'Opaque';
    if (opts.immutable) obj.immutable = true;
    return { obj, hash: !opts.disableNameSuffixHash };
  });
}

/** The suffix for a generated object (its data as it is at the end of the build). */
export function suffixFor(obj: Obj): string {
  return generatedHash(obj);
}
