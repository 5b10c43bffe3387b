/**
 * The kubeconfig document (clientcmd's api.Config): named clusters, users (AuthInfos) and
 * contexts, the current context and preferences. Read from and written to the terminal's
 * file as kubectl writes it (YAML with sorted keys, entries sorted by name, empty lists as
 * `null`), shown by `config view` in either that form or clientcmd's JSON field order.
 */
import { base64Decode, base64Encode, clone, KIND_ADMIN_CERTIFICATE, type Credentials, type Impersonation } from '../../sim/index.ts';
import { unpem } from '../../encoding/crypto/der.ts';
import { readCertificate, readPrivateKey } from '../../encoding/crypto/x509.ts';
import { parseCertificate } from '../../encoding/crypto/x509-ca.ts';
import type { ExecContext } from '../../command/contract.ts';
import { CliError } from '../cli/errors.ts';
import type { KubeconfigState } from '../cli/verb.ts';
import { toYaml } from '../printers/yaml.ts';
import { KIND_SERVER } from './kind.ts';

type Fields = Record<string, unknown>;

/** api.Config with its three maps keyed by entry name. */
export interface KubeconfigDoc {
  clusters: Map<string, Fields>;
  users: Map<string, Fields>;
  contexts: Map<string, Fields>;
  currentContext: string;
  preferences: Fields;
}

/** The three maps, as `config set` and `unset` name them. */
export type Section = 'clusters' | 'users' | 'contexts';

/** Field order of each entry's Go struct (clientcmd/api/v1 types.go), for JSON output. */
export const FIELD_ORDER: Record<Section, string[]> = {
  clusters: ['server', 'tls-server-name', 'insecure-skip-tls-verify', 'certificate-authority', 'certificate-authority-data', 'proxy-url', 'disable-compression', 'extensions'],
  users: ['client-certificate', 'client-certificate-data', 'client-key', 'client-key-data', 'token', 'tokenFile', 'as', 'as-uid', 'as-groups', 'as-user-extra', 'username', 'password', 'auth-provider', 'exec', 'extensions'],
  contexts: ['cluster', 'user', 'namespace', 'extensions'],
};

/** The entry key of each section's list items (`- name: x\n  cluster: {...}`). */
export const ENTRY_KEY: Record<Section, string> = { clusters: 'cluster', users: 'user', contexts: 'context' };

/** Base64 of the PEM blocks kind writes (shortened, as the cluster's CA is elsewhere in the course). */
const b64 = (s: string) => base64Encode(s);
/** The cluster CA's certificate that kind's kubeconfig carries. */
export const CA_PEM =
  '-----BEGIN CERTIFICATE-----\nMIIDBTCCAe2gAwIBAgIIUq7NRdKFxVwwDQYJKoZIhvcNAQELBQAwFTETMBEGA1UE\nAxMKa3ViZXJuZXRlczAeFw0yNjExMzAwMjQ5MzhaFw0zNjExMjgwMjU0MzhaMBUx\nEzARBgNVBAMTCmt1YmVybmV0ZXMwggEiMA0GCSqGSIb3DQEBAQUAA4IBDwAwggEK\n-----END CERTIFICATE-----\n';
const CLIENT_PEM = KIND_ADMIN_CERTIFICATE;
const KEY_PEM = '-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEAxq0C1l6mZ7sWnqJ3o9mJbQ2u8hT4cF0yVdKz5rNwE1gLxP7a\n-----END RSA PRIVATE KEY-----\n';

/** The client certificate data of kind's admin user (what the API server knows as kubernetes-admin). */
export const ADMIN_CERT_DATA = b64(CLIENT_PEM);

/** kind's kubeconfig for the course cluster. */
export function kindDocument(): KubeconfigDoc {
  return {
    clusters: new Map([['kind-kind', { 'certificate-authority-data': b64(CA_PEM), server: KIND_SERVER }]]),
    users: new Map([['kubernetes-admin', { 'client-certificate-data': ADMIN_CERT_DATA, 'client-key-data': b64(KEY_PEM) }]]),
    contexts: new Map([['kind-kind', { cluster: 'kind-kind', namespace: 'default', user: 'kubernetes-admin' }]]),
    currentContext: 'kind-kind',
    preferences: {},
  };
}

/**
 * What the kubectl session uses from `doc` with context `name` (default: the current one):
 * that context's cluster, user, namespace and server, and, when the API server cannot be
 * reached that way, the error commands that need it print.
 */
export function stateOf(doc: KubeconfigDoc, name = doc.currentContext): KubeconfigState {
  const ctx = doc.contexts.get(name);
  const cluster = String(ctx?.cluster ?? '');
  const server = String(doc.clusters.get(cluster)?.server ?? '');
  const state: KubeconfigState = { context: name, cluster, user: String(ctx?.user ?? ''), namespace: String(ctx?.namespace || 'default'), server };
  if (name && !ctx) state.connectError = `Error in configuration: context was not found for specified context: ${name}`;
  else if (server !== KIND_SERVER) state.connectError = refused(server);
  return state;
}

/** The error of a server the terminal's machine has nothing listening on (none: localhost:8080, kubectl's default). */
function refused(server: string): string {
  const m = /^(?:https?:\/\/)?([^/]+)/.exec(server);
  const host = m ? m[1]! : 'localhost:8080';
  return `The connection to the server ${host} was refused - did you specify the right host or port?`;
}

const isObject = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The document in a parsed YAML/JSON value (as clientcmd's loader reads it). */
export function fromValue(v: unknown, path: string): KubeconfigDoc {
  if (v === null || v === undefined) v = {};
  if (!isObject(v)) throw new CliError(`error loading config file "${path}": couldn't get version/kind; json parse error: json: cannot unmarshal ${Array.isArray(v) ? 'array' : typeof v === 'string' ? 'string' : 'number'} into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }`);
  const section = (s: Section): Map<string, Fields> => {
    const out = new Map<string, Fields>();
    const list = v[s];
    if (Array.isArray(list)) for (const item of list) if (isObject(item) && typeof item.name === 'string') out.set(item.name, isObject(item[ENTRY_KEY[s]]) ? { ...(item[ENTRY_KEY[s]] as Fields) } : {});
    return out;
  };
  return {
    clusters: section('clusters'),
    users: section('users'),
    contexts: section('contexts'),
    currentContext: typeof v['current-context'] === 'string' ? v['current-context'] : '',
    preferences: isObject(v.preferences) ? v.preferences : {},
  };
}

/** Reads the kubeconfig file at `path` (kind's document when there is none). */
export async function readDocument(ctx: ExecContext, path: string): Promise<KubeconfigDoc> {
  const text = ctx.fs.exists(path) && !ctx.fs.isDir(path) ? ctx.fs.read(path) : undefined;
  if (text === undefined) return kindDocument();
  const cached = CACHE.get(text);
  if (cached) return copyOf(cached);
  const manifests = await ctx.loadCode(import('../resource/manifests.ts'));
  await ctx.loadCode(manifests.loadManifestParser());
  let value: unknown;
  try {
    value = manifests.parseDocuments(text, path)[0];
  } catch (e) {
    throw new CliError(`error loading config file "${path}": ${e instanceof Error ? e.message.replace(/^error: /, '') : String(e)}`);
  }
  const doc = fromValue(value, path);
  CACHE.clear();
  CACHE.set(text, doc);
  return copyOf(doc);
}

/** The last file text parsed, so commands after a change do not parse it again. */
const CACHE = new Map<string, KubeconfigDoc>();

function copyOf(d: KubeconfigDoc): KubeconfigDoc {
  const m = (x: Map<string, Fields>) => new Map([...x].map(([k, v]) => [k, clone(v)]));
  return { clusters: m(d.clusters), users: m(d.users), contexts: m(d.contexts), currentContext: d.currentContext, preferences: clone(d.preferences) };
}

function sortedKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortedKeys);
  if (!isObject(v)) return v;
  return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortedKeys(v[k])]));
}

/** The document as the YAML kubectl writes to the file and `config view` prints: keys sorted, entries by name. */
export function documentValue(doc: KubeconfigDoc): Fields {
  const list = (s: Section) => {
    const items = [...doc[s]].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, fields]) => ({ [ENTRY_KEY[s]]: sortedKeys(fields), name }));
    return items.length ? items : null;
  };
  return {
    apiVersion: 'v1',
    clusters: list('clusters'),
    contexts: list('contexts'),
    'current-context': doc.currentContext,
    kind: 'Config',
    preferences: sortedKeys(doc.preferences),
    users: list('users'),
  };
}

/** The document in clientcmd's JSON field order (`config view -o json`, JSONPath). */
export function jsonValue(doc: KubeconfigDoc): Fields {
  const ordered = (s: Section, f: Fields) => {
    const out: Fields = {};
    for (const k of FIELD_ORDER[s]) if (k in f) out[k] = f[k];
    for (const k of Object.keys(f)) if (!(k in out)) out[k] = f[k];
    if (s === 'clusters' && !('server' in out)) return { server: '', ...out };
    return out;
  };
  const list = (s: Section) => [...doc[s]].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, f]) => ({ name, [ENTRY_KEY[s]]: ordered(s, f) }));
  return { kind: 'Config', apiVersion: 'v1', preferences: doc.preferences, clusters: list('clusters'), users: list('users'), contexts: list('contexts'), 'current-context': doc.currentContext };
}

/** Writes `doc` to `path` as kubectl does, creating the directory. */
export function writeDocument(ctx: ExecContext, path: string, doc: KubeconfigDoc): void {
  const dir = path.slice(0, path.lastIndexOf('/'));
  if (dir && !ctx.fs.isDir(dir)) ctx.fs.mkdir?.(dir);
  ctx.fs.write(path, toYaml(documentValue(doc)));
}

/** `config view` without `--raw`: certificate and key data omitted, tokens and passwords redacted. */
export function redacted(doc: KubeconfigDoc): KubeconfigDoc {
  const d = copyOf(doc);
  for (const f of d.clusters.values()) if (f['certificate-authority-data']) f['certificate-authority-data'] = 'DATA+OMITTED';
  for (const f of d.users.values()) {
    for (const k of ['client-certificate-data', 'client-key-data']) if (f[k]) f[k] = 'DATA+OMITTED';
    for (const k of ['token', 'password']) if (f[k]) f[k] = 'REDACTED';
  }
  return d;
}

/** `config view --minify`: only the current context, its cluster and its user. */
export function minified(doc: KubeconfigDoc): KubeconfigDoc {
  if (!doc.currentContext) throw new CliError('current-context must exist in order to minify');
  const ctx = doc.contexts.get(doc.currentContext);
  if (!ctx) throw new CliError(`cannot locate context ${doc.currentContext}`);
  const pick = (m: Map<string, Fields>, name: unknown) => new Map([...m].filter(([k]) => k === name));
  return { ...doc, contexts: pick(doc.contexts, doc.currentContext), clusters: pick(doc.clusters, ctx.cluster), users: pick(doc.users, ctx.user) };
}

/**
 * What the context's user sends (client-go's transport config from the AuthInfo): a client
 * certificate with its key, a token, basic auth, or several of them at once (the API server
 * tries the certificate first); undefined for kind's admin certificate, which the API server
 * takes before anything else sent beside it. File paths are read from the terminal (relative
 * ones from the kubeconfig's directory). `problems` are what clientcmd's validation refuses
 * with before any request, `error` what building the transport refuses with after it.
 */
export function userCredentials(doc: KubeconfigDoc, user: string, ctx: ExecContext, configPath: string): { credentials?: Credentials; problems?: string[]; error?: string } {
  const u = doc.users.get(user) ?? {};
  const dir = configPath.slice(0, configPath.lastIndexOf('/')) || '/';
  const str = (k: string) => (typeof u[k] === 'string' ? (u[k] as string) : '');
  const file = (path: string, what: string): string | { error: string } => {
    const abs = path.startsWith('/') ? path : `${dir}/${path}`;
    const text = ctx.fs.exists(abs) && !ctx.fs.isDir(abs) ? ctx.fs.read(abs) : undefined;
    if (text === undefined) return { error: `unable to read ${what} ${path} for ${user} due to open ${path}: no such file or directory` };
    return text;
  };
  // The data field wins over the file when both are there (after validation has refused the pair).
  const pick = (dataKey: string, fileKey: string, what: string): string | { error: string } | undefined => {
    if (str(dataKey)) return base64Decode(str(dataKey));
    if (str(fileKey)) return file(str(fileKey), what);
    return undefined;
  };
  // clientcmd's validation gathers every problem of the AuthInfo before it gives up.
  const problems: string[] = [];
  const cert = pick('client-certificate-data', 'client-certificate', 'client-cert');
  const key = cert !== undefined ? pick('client-key-data', 'client-key', 'client-key') : undefined;
  if (cert !== undefined) {
    if (str('client-certificate') && str('client-certificate-data')) problems.push(`client-cert-data and client-cert are both specified for ${user}. client-cert-data will override.`);
    if (str('client-key') && str('client-key-data')) problems.push(`client-key-data and client-key are both specified for ${user}; client-key-data will override`);
    if (key === undefined) problems.push(`client-key-data or client-key must be specified for ${user} to use the clientCert authentication method.`);
    if (str('client-certificate')) {
      const read = file(str('client-certificate'), 'client-cert');
      if (typeof read === 'object') problems.push(read.error);
    }
    if (str('client-key')) {
      const read = file(str('client-key'), 'client-key');
      if (typeof read === 'object') problems.push(read.error);
    }
  }
  const methods = [...(str('token') ? ['token'] : []), ...(str('username') || str('password') ? ['basicAuth'] : [])];
  if (methods.length > 1) problems.push(`more than one authentication method found for ${user}; found [${methods.join(' ')}], only one is allowed`);
  if (problems.length) return { problems };
  const credentials: Credentials = {};
  if (cert !== undefined) {
    if (cert === KIND_ADMIN_CERTIFICATE) return {};
    const pairError = checkKeyPair(cert as string, key as string);
    if (pairError) return pairError;
    credentials.clientCertificate = cert as string;
  }
  let token = str('token');
  if (!token && str('tokenFile')) {
    const t = file(str('tokenFile'), 'token file');
    if (typeof t === 'object') return t;
    token = t.trim();
  }
  if (token) credentials.token = token;
  if (u.username || u.password) Object.assign(credentials, { username: String(u.username ?? ''), password: String(u.password ?? '') });
  return { credentials };
}

/** The user's impersonation (`as`, `as-groups`, `as-uid`), which client-go sends with every request. */
export function userImpersonation(doc: KubeconfigDoc, user: string): Impersonation | undefined {
  const u = doc.users.get(user) ?? {};
  const imp: Impersonation = {};
  if (typeof u.as === 'string' && u.as) imp.user = u.as;
  if (Array.isArray(u['as-groups']) && u['as-groups'].length) imp.groups = (u['as-groups'] as unknown[]).map(String);
  if (typeof u['as-uid'] === 'string' && u['as-uid']) imp.uid = u['as-uid'] as string;
  return Object.keys(imp).length ? imp : undefined;
}

/** tls.X509KeyPair: both PEM, the certificate well-formed, the key the certificate's. */
function checkKeyPair(certPem: string, keyPem: string): { error: string } | undefined {
  const certDer = unpem(certPem, 'CERTIFICATE');
  if (!certDer) return { error: 'tls: failed to find any PEM data in certificate input' };
  const pkcs8 = unpem(keyPem, 'PRIVATE KEY');
  const pkcs1 = pkcs8 ? undefined : unpem(keyPem, 'RSA PRIVATE KEY');
  if (!pkcs8 && !pkcs1) return { error: 'tls: failed to find any PEM data in key input' };
  const cert = readCertificate(certDer) && parseCertificate(certDer);
  if (!cert?.publicKey) return { error: 'x509: malformed certificate' };
  const key = readPrivateKey((pkcs8 ?? pkcs1)!, !pkcs8);
  if (!key) return { error: 'tls: failed to parse private key' };
  if (key.n !== cert.publicKey.n || key.e !== cert.publicKey.e) return { error: 'tls: private key does not match public key' };
  return undefined;
}
