/**
 * ConfigMap, Secret and ServiceAccount admission: decoding of `data` values, `stringData`
 * folding, config-key validation, type rules and immutability.
 */
import type { StatusCause } from '../../api/errors.ts';
import { base64DecodeBytes, base64Encode } from '../../api/base64.ts';
import type { KubeObject } from '../../api/types.ts';
import { forbiddenField, invalidValue, required, tooLong, validateObjectMeta } from '../validation.ts';
import { objectMetaUnknownFields, sortFieldPaths } from './pod-spec.ts';
import { setOwn } from '../../api/own-keys.ts';
import type { ApiRegistries } from '../registries.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

/** Go's name for a JSON value's type in `json: cannot unmarshal <type> into ...`. */
export function jsonTypeName(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (v === null) return 'null';
  if (typeof v === 'object') return 'object';
  if (typeof v === 'boolean') return 'bool';
  return typeof v;
}

/** The first non-string value of a string map, as Go's unmarshal error. */
export function stringMapDecodeError(m: unknown, goField: string, goType = 'string'): string | undefined {
  if (m === undefined || m === null) return undefined;
  if (typeof m !== 'object' || Array.isArray(m)) {
    return `json: cannot unmarshal ${jsonTypeName(m)} into Go struct field ${goField} of type map[string]${goType}`;
  }
  // kubectl sends keys sorted, so the first bad value in key order is the one reported.
  for (const k of Object.keys(m as Obj).sort()) {
    const v = (m as Obj)[k];
    if (v !== null && typeof v !== 'string') return `json: cannot unmarshal ${jsonTypeName(v)} into Go struct field ${goField} of type ${goType}`;
  }
  return undefined;
}

const CONFIG_KEY_FMT = '[-._a-zA-Z0-9]+';

/** IsConfigMapKey: data keys of ConfigMaps and Secrets. */
export function configKeyErrors(key: string): string[] {
  const errs: string[] = [];
  if (key.length > 253) errs.push('must be no more than 253 characters');
  if (!new RegExp(`^${CONFIG_KEY_FMT}$`).test(key)) {
    errs.push(
      `a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '${CONFIG_KEY_FMT}')`,
    );
  }
  if (key === '.') errs.push("must not be '.'");
  else if (key === '..') errs.push("must not be '..'");
  else if (key.startsWith('..')) errs.push("must not start with '..'");
  return errs;
}

function validateKeys(obj: KubeObject, fields: string[]): StatusCause[] {
  const out: StatusCause[] = [];
  const seen = new Set<string>();
  for (const f of fields) {
    for (const k of Object.keys((obj[f] as Obj) ?? {})) {
      for (const m of configKeyErrors(k)) out.push(invalidValue(`${f}[${k}]`, k, m));
      if (seen.has(k)) out.push(invalidValue(`${f}[${k}]`, k, `duplicate of key present in ${fields[0] === f ? fields[1] : fields[0]}`));
      seen.add(k);
    }
  }
  return out;
}

/** core.MaxSecretSize: the total size of a ConfigMap's or Secret's keys and values. */
export const MAX_CONFIG_SIZE = 1024 * 1024;

function utf8Length(s: string): number {
  let n = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return n;
}

/** The bytes a value takes once decoded (base64 for Secret data and binaryData). */
function decodedLength(b64: string): number {
  try {
    return base64DecodeBytes(b64).length;
  } catch {
    return b64.length;
  }
}

/** `[]: Too long: may not be more than 1048576 bytes` when keys and values exceed 1 MiB together. */
function sizeLimit(maps: { m: unknown; base64: boolean }[]): StatusCause[] {
  let total = 0;
  for (const { m, base64 } of maps) {
    for (const [k, v] of Object.entries((m as Obj) ?? {})) {
      total += utf8Length(k) + (typeof v !== 'string' ? 0 : base64 ? decodedLength(v) : utf8Length(v));
    }
  }
  return total > MAX_CONFIG_SIZE ? [tooLong('[]', MAX_CONFIG_SIZE)] : [];
}

function immutability(obj: KubeObject, old: KubeObject | undefined, fields: string[]): StatusCause[] {
  if (!old || old.immutable !== true) return [];
  const out: StatusCause[] = [];
  if (obj.immutable !== true) out.push(forbiddenField('immutable', 'field is immutable when `immutable` is set'));
  for (const f of fields) {
    if (JSON.stringify(obj[f] ?? {}) !== JSON.stringify(old[f] ?? {})) out.push(forbiddenField(f, 'field is immutable when `immutable` is set'));
  }
  return out;
}

function topLevelUnknown(obj: KubeObject, allowed: string[]): string[] {
  const set = new Set(['apiVersion', 'kind', 'metadata', ...allowed]);
  return sortFieldPaths([...Object.keys(obj).filter((k) => !set.has(k)), ...objectMetaUnknownFields(obj.metadata, 'metadata')]);
}

/** Installs its admission (defaults, strict decoding, validation) into an API server. */
export function installConfigAdmission(api: ApiRegistries): void {
  api.admission.register('configmaps', {
    unknownFields: (obj) => topLevelUnknown(obj, ['data', 'binaryData', 'immutable']),
    decodeError: (obj) =>
      stringMapDecodeError(obj.data, 'ConfigMap.data') ?? stringMapDecodeError(obj.binaryData, 'ConfigMap.binaryData', '[]uint8'),
    validate(obj, _ctx, old) {
      return [
        ...validateObjectMeta(obj.metadata, { nameRule: 'subdomain' }),
        ...validateKeys(obj, ['data', 'binaryData']),
        ...sizeLimit([{ m: obj.data, base64: false }, { m: obj.binaryData, base64: true }]),
        ...immutability(obj, old, ['data', 'binaryData']),
      ];
    },
    specChanged: (old, obj) => JSON.stringify([old.data, old.binaryData]) !== JSON.stringify([obj.data, obj.binaryData]),
  });

  /** Keys each built-in Secret type requires in `data`. */
  const SECRET_REQUIRED_KEYS: Record<string, string[]> = {
    'kubernetes.io/dockercfg': ['.dockercfg'],
    'kubernetes.io/dockerconfigjson': ['.dockerconfigjson'],
    'kubernetes.io/ssh-auth': ['ssh-privatekey'],
    'kubernetes.io/tls': ['tls.crt', 'tls.key'],
  };

  api.admission.register('secrets', {
    unknownFields: (obj) => topLevelUnknown(obj, ['data', 'stringData', 'type', 'immutable']),
    decodeError(obj) {
      const e = stringMapDecodeError(obj.data, 'Secret.data', '[]uint8') ?? stringMapDecodeError(obj.stringData, 'Secret.stringData');
      if (e) return e;
      for (const v of Object.values((obj.data as Obj) ?? {})) {
        if (typeof v !== 'string') continue;
        try {
          base64DecodeBytes(v);
        } catch (err) {
          return (err as Error).message;
        }
      }
      return undefined;
    },
    default(obj) {
      const sd = obj.stringData as Obj | undefined;
      if (sd && typeof sd === 'object') {
        const data: Obj = { ...((obj.data as Obj) ?? {}) };
        for (const [k, v] of Object.entries(sd)) setOwn(data, k, base64Encode(String(v ?? '')));
        obj.data = data;
      }
      delete obj.stringData;
      obj.type ??= 'Opaque';
    },
    validate(obj, _ctx, old) {
      const causes = [...validateObjectMeta(obj.metadata, { nameRule: 'subdomain' }), ...validateKeys(obj, ['data']), ...sizeLimit([{ m: obj.data, base64: true }])];
      const type = String(obj.type ?? 'Opaque');
      for (const k of SECRET_REQUIRED_KEYS[type] ?? []) {
        if ((obj.data as Obj | undefined)?.[k] === undefined) causes.push(required(`data[${k}]`));
      }
      if (type === 'kubernetes.io/service-account-token' && !obj.metadata.annotations?.['kubernetes.io/service-account.name']) {
        causes.push(required('metadata.annotations[kubernetes.io/service-account.name]'));
      }
      if (old && (old.type ?? 'Opaque') !== type) causes.push(invalidValue('type', type, 'field is immutable'));
      causes.push(...immutability(obj, old, ['data']));
      return causes;
    },
    specChanged: (old, obj) => JSON.stringify([old.data, old.type]) !== JSON.stringify([obj.data, obj.type]),
  });

  api.admission.register('serviceaccounts', {
    unknownFields: (obj) => topLevelUnknown(obj, ['secrets', 'imagePullSecrets', 'automountServiceAccountToken']),
    validate: (obj) => validateObjectMeta(obj.metadata, { nameRule: 'subdomain' }),
  });
}
