/**
 * `kubectl create ingress NAME --rule=host/path=svc:port[,tls[=secret]] [--class]
 * [--default-backend=svc:port] [--annotation=k=v]` (create_ingress.go): `path*` is a Prefix
 * path, otherwise Exact; rules of the same host share one rule; `,tls` adds a TLS entry.
 */
import type { KubeObject } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import { registerSubcommand } from '../../cli/registry.ts';
import type { Invocation, Verb } from '../../cli/verb.ts';
import { createGenerated, nameArg } from './shared.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;

const RULE = /^([\w*\-.]*)(\/.*)=([\w-]+):([\w-]+)(,(tls=?([\w-]+)?))?$/i;
const BACKEND = /^([\w-]+):([\w-]+)$/;
const ANNOTATION = /^([\w\-./]+)=(.*)$/;

function backend(svc: string): Any {
  const [name, port] = svc.split(':') as [string, string];
  return { service: { name, port: /^-?\d+$/.test(port) ? { number: Number(port) } : { name: port } } };
}

function httpPath(pathSvc: string): Any {
  const [p, svc] = pathSvc.split('=') as [string, string];
  let path = '/' + p;
  let pathType = 'Exact';
  if (path.endsWith('*')) {
    pathType = 'Prefix';
    path = path.slice(0, -1);
  }
  return { backend: backend(svc), path, pathType };
}

function rulesOf(rules: string[]): Any[] {
  const out: Any[] = [];
  for (const rule of rules) {
    const [host, rest] = rule.split(',')[0]!.split(/\/(.*)/s) as [string, string];
    const path = httpPath(rest);
    const existing = out.find((r) => (r.host ?? '') === host);
    if (existing) existing.http.paths.push(path);
    else out.push({ ...(host ? { host } : {}), http: { paths: [path] } });
  }
  return out;
}

function tlsOf(rules: string[]): Any[] {
  const seen = new Set<string>();
  const out: Any[] = [];
  // As in kubectl, a rule with a bare `,tls` reuses the secret of the TLS rule before it.
  let secret = '';
  for (const rule of rules) {
    const parts = rule.split(',');
    if (parts.length === 1) continue;
    const host = rule.split('/')[0]!;
    if (seen.has(host)) continue;
    seen.add(host);
    if (parts.length === 2) {
      const s = parts[1]!.split('=');
      if (s.length === 2) secret = s[1]!;
    }
    out.push({ ...(host ? { hosts: [host] } : {}), ...(secret ? { secretName: secret } : {}) });
  }
  return out;
}

function buildIngress(inv: Invocation, name: string): KubeObject {
  const rules = inv.flags.all('rule');
  const def = inv.flags.str('default-backend');
  const annotations = inv.flags.all('annotation');
  if (!def && !rules.length) {
    throw new CliError(
      'not enough information provided: every ingress has to either specify a default-backend (which catches all traffic) or a list of rules (which catch specific paths)',
    );
  }
  for (const r of rules) if (!RULE.test(r)) throw new CliError(`rule ${r} is invalid and should be in format host/path=svcname:svcport[,tls[=secret]]`);
  if (def && !BACKEND.test(def)) throw new CliError('default-backend should be in format servicename:serviceport');
  for (const a of annotations) if (!ANNOTATION.test(a)) throw new CliError(`annotation ${a} is invalid and should be in format key=[value]`);
  const metadata: Any = { name };
  if (annotations.length) metadata.annotations = Object.fromEntries(annotations.map((a) => [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]));
  const spec: Any = {};
  if (def) spec.defaultBackend = backend(def);
  if (inv.flags.str('class')) spec.ingressClassName = inv.flags.str('class');
  if (rules.length) spec.rules = rulesOf(rules);
  const tls = tlsOf(rules);
  if (tls.length) spec.tls = tls;
  return { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata, spec, status: { loadBalancer: {} } } as KubeObject;
}

const ingressCommand: Verb = {
  name: 'ingress',
  aliases: ['ing'],
  short: 'Create an ingress with the specified name',
  run: async (inv) => {
    const name = nameArg(inv);
    return createGenerated(inv, 'ingresses.networking.k8s.io', buildIngress(inv, name), 'failed to create ingress: ');
  },
};

registerSubcommand('create', ingressCommand);
