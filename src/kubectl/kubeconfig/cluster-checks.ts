/**
 * What client-go checks of a kubeconfig cluster before and while it connects: clientcmd's
 * validation (a server, at most one of the CA fields, no CA beside `insecure-skip-tls-verify`,
 * a CA file it can read), then the root certificates the TLS handshake verifies the API
 * server's certificate with. kind's API server presents a certificate its cluster CA signed,
 * so only that CA (the one kind's kubeconfig carries) lets the handshake through.
 */
import type { ExecContext } from '../../command/contract.ts';

type Fields = Record<string, unknown>;

export interface ClusterCheck {
  /** clientcmd's validation problems, in its order. */
  problems: string[];
  /** What building the transport refuses with (after validation passed). */
  error?: string;
  /** What the connection ends with. */
  connectError?: string;
}

/**
 * Checks `cluster` (entry `name`, undefined when the kubeconfig has none). `named` says the name
 * came from `--cluster`: a context's missing cluster is merely empty (kubectl then falls back to
 * localhost:8080), a missing one named on the command line has no server.
 */
export function checkCluster(cluster: Fields | undefined, name: string, named: boolean, ctx: Pick<ExecContext, 'fs'>, dir: string, kindCaPem: string): ClusterCheck {
  if (!cluster && !named) return { problems: [] };
  const c = cluster ?? {};
  const problems: string[] = [];
  const caFile = typeof c['certificate-authority'] === 'string' ? (c['certificate-authority'] as string) : '';
  const caData = typeof c['certificate-authority-data'] === 'string' ? (c['certificate-authority-data'] as string) : '';
  const insecure = c['insecure-skip-tls-verify'] === true;
  if (!c.server) problems.push(`no server found for cluster "${name}"`);
  if (insecure && (caFile || caData)) problems.push('specifying a root certificates file with the insecure flag is not allowed');
  if (caFile && caData) problems.push(`certificate-authority-data and certificate-authority are both specified for ${name}. certificate-authority-data will override.`);
  let caText: string | undefined;
  if (caFile) {
    const abs = caFile.startsWith('/') ? caFile : `${dir}/${caFile}`;
    caText = ctx.fs.exists(abs) && !ctx.fs.isDir(abs) ? ctx.fs.read(abs) : undefined;
    if (caText === undefined) problems.push(`unable to read certificate-authority ${caFile} for ${name} due to open ${caFile}: no such file or directory`);
  }
  if (problems.length || insecure || caData || caText === undefined) return { problems };
  if (!/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/.test(caText)) {
    return { problems, error: 'unable to load root certificates: no valid certificate authority data seen' };
  }
  if (caText.trim() !== kindCaPem.trim()) {
    return { problems, connectError: 'Unable to connect to the server: tls: failed to verify certificate: x509: certificate signed by unknown authority' };
  }
  return { problems };
}
