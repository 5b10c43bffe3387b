/**
 * `kubectl create secret tls NAME --cert --key` and `kubectl create secret docker-registry
 * NAME --docker-server --docker-username --docker-password [--docker-email]`: the typed
 * Secrets kubectl generates (create_secret_tls.go, create_secret_docker.go).
 */
import { base64Encode, type KubeObject } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import type { Invocation, Verb } from '../../cli/verb.ts';
import { createGenerated, nameArg } from './shared.ts';

function readLocal(inv: Invocation, file: string): string {
  const path = file.startsWith('/') ? file : `${inv.ctx.cwd}/${file}`;
  const text = inv.ctx.fs.read(path);
  if (text === undefined) throw new CliError(`Cannot read file ${file}, open ${file}: no such file or directory`);
  return text;
}

export const tlsSecret: Verb = {
  name: 'tls',
  short: 'Create a TLS secret',
  run: async (inv) => {
    const name = nameArg(inv);
    const certFile = inv.flags.str('cert');
    const keyFile = inv.flags.str('key');
    if (!certFile || !keyFile) throw new CliError('key and cert must be specified');
    const cert = readLocal(inv, certFile);
    const key = readLocal(inv, keyFile);
    // kubectl loads the pair with crypto/tls; the simulator checks only that both are PEM.
    if (!cert.includes('-----BEGIN')) throw new CliError('tls: failed to find any PEM data in certificate input');
    if (!key.includes('-----BEGIN')) throw new CliError('tls: failed to find any PEM data in key input');
    const obj = {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name },
      data: { 'tls.crt': base64Encode(cert), 'tls.key': base64Encode(key) },
      type: 'kubernetes.io/tls',
    };
    return createGenerated(inv, 'secrets', obj as unknown as KubeObject, 'failed to create secret ');
  },
};

export const dockerRegistrySecret: Verb = {
  name: 'docker-registry',
  short: 'Create a secret for use with a Docker registry',
  run: async (inv) => {
    const name = nameArg(inv);
    const user = inv.flags.str('docker-username');
    const password = inv.flags.str('docker-password');
    const server = inv.flags.str('docker-server') || 'https://index.docker.io/v1/';
    if (!inv.flags.list('from-file').length && (!user || !password)) {
      throw new CliError('either --from-file or the combination of --docker-username, --docker-password and --docker-server is required');
    }
    const email = inv.flags.str('docker-email');
    const entry = { username: user, password, ...(email ? { email } : {}), auth: base64Encode(`${user}:${password}`) };
    const config = JSON.stringify({ auths: { [server]: entry } });
    const obj = {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name },
      data: { '.dockerconfigjson': base64Encode(config) },
      type: 'kubernetes.io/dockerconfigjson',
    };
    return createGenerated(inv, 'secrets', obj as unknown as KubeObject, 'failed to create secret ');
  },
};
