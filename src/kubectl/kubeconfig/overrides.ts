/**
 * kubectl's global flags that stand in for parts of the kubeconfig (clientcmd's ConfigOverrides):
 * `--user` and `--cluster` pick other entries for the context, `--token`, `--username`,
 * `--password`, `--client-certificate` and `--client-key` are merged over the user's fields,
 * `--server`, `--certificate-authority` and `--insecure-skip-tls-verify` over the cluster's.
 * A flag merges over what the file says field by field, as clientcmd's merge does: the user's
 * `client-certificate-data` stays beside a `--client-certificate`, which kubectl 1.32's
 * validation then refuses.
 */
import { clone } from '../../sim/index.ts';
import type { Flags } from '../cli/flags.ts';
import type { KubeconfigDoc } from './document.ts';

/** The flags given, by kubeconfig field. */
export interface KubeconfigOverrides {
  user?: string;
  cluster?: string;
  token?: string;
  username?: string;
  password?: string;
  clientCertificate?: string;
  clientKey?: string;
  server?: string;
  certificateAuthority?: string;
  insecureSkipTlsVerify?: boolean;
}

/**
 * The overrides the command line gives (only the flags given, with a non-empty value). A
 * command's own flag of the same name (`create rolebinding --user`, `config set-credentials
 * --token`) shadows the global one, as cobra's local flags do; `local` names those. File paths
 * are taken from `cwd`, where kubectl runs (the file's own paths are the file's directory's).
 */
export function overridesOf(flags: Flags, cwd: string, local: ReadonlySet<string> = new Set()): KubeconfigOverrides {
  const o: KubeconfigOverrides = {};
  const paths = new Set(['client-certificate', 'client-key', 'certificate-authority']);
  const take = (flag: string, key: Exclude<keyof KubeconfigOverrides, 'insecureSkipTlsVerify'>) => {
    const v = local.has(flag) ? '' : flags.str(flag);
    if (v) o[key] = paths.has(flag) && !v.startsWith('/') ? `${cwd.replace(/\/$/, '')}/${v}` : v;
  };
  take('user', 'user');
  take('cluster', 'cluster');
  take('token', 'token');
  take('username', 'username');
  take('password', 'password');
  take('client-certificate', 'clientCertificate');
  take('client-key', 'clientKey');
  take('server', 'server');
  take('certificate-authority', 'certificateAuthority');
  if (!local.has('insecure-skip-tls-verify') && flags.bool('insecure-skip-tls-verify')) o.insecureSkipTlsVerify = true;
  return o;
}

export const hasOverrides = (o: KubeconfigOverrides): boolean => Object.keys(o).length > 0;

/**
 * `doc` as the context `contextName` sees it with the overrides merged in: the context names
 * the overriding user and cluster, whose entries carry the overriding fields. The error is
 * clientcmd's for a `--user` that names no user (it looks the user up before anything else).
 */
export function applyOverrides(doc: KubeconfigDoc, contextName: string, o: KubeconfigOverrides): { doc: KubeconfigDoc; error?: string } {
  const context = doc.contexts.get(contextName);
  if (!context) return { doc };
  if (o.user && !doc.users.has(o.user)) return { doc, error: `auth info "${o.user}" does not exist` };
  const out: KubeconfigDoc = { ...doc, contexts: new Map(doc.contexts), users: new Map(doc.users), clusters: new Map(doc.clusters) };
  const ctx = clone(context);
  if (o.user) ctx.user = o.user;
  if (o.cluster) ctx.cluster = o.cluster;
  out.contexts.set(contextName, ctx);

  const userName = String(ctx.user ?? '');
  const user = clone(doc.users.get(userName) ?? {});
  if (o.token) user.token = o.token;
  if (o.username) user.username = o.username;
  if (o.password) user.password = o.password;
  if (o.clientCertificate) user['client-certificate'] = o.clientCertificate;
  if (o.clientKey) user['client-key'] = o.clientKey;
  out.users.set(userName, user);

  const clusterName = String(ctx.cluster ?? '');
  const known = doc.clusters.get(clusterName);
  const cluster = clone(known ?? {});
  if (o.server) cluster.server = o.server;
  // An `--insecure-skip-tls-verify` or `--certificate-authority` replaces all three of the cluster's TLS fields.
  if (o.insecureSkipTlsVerify || o.certificateAuthority) {
    delete cluster['certificate-authority-data'];
    delete cluster['certificate-authority'];
    delete cluster['insecure-skip-tls-verify'];
    if (o.insecureSkipTlsVerify) cluster['insecure-skip-tls-verify'] = true;
    if (o.certificateAuthority) cluster['certificate-authority'] = o.certificateAuthority;
  }
  if (known || Object.keys(cluster).length) out.clusters.set(clusterName, cluster);
  return { doc: out };
}
