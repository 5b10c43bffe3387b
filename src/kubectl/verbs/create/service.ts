/**
 * `kubectl create service clusterip|nodeport|loadbalancer|externalname NAME [--tcp=port[:target]]`
 * (create_service.go): a Service selecting `app=NAME`, one TCP port per `--tcp` named after
 * the spec (`80-8080`), `--clusterip`, `--node-port`, `--external-name`.
 */
import type { KubeObject } from '../../../sim/index.ts';
import { CliError, usageError } from '../../cli/errors.ts';
import { registerSubcommand } from '../../cli/registry.ts';
import type { Invocation, Verb } from '../../cli/verb.ts';
import { HELP } from '../../help/texts.ts';
import { createGenerated, nameArg } from './shared.ts';

type ServiceType = 'ClusterIP' | 'NodePort' | 'LoadBalancer' | 'ExternalName';

/** Go's utilnet.ParsePort(s, allowZero=true): a 16-bit unsigned integer. */
function parsePort(s: string): number {
  if (!/^\d+$/.test(s)) throw new CliError(`strconv.ParseUint: parsing "${s}": invalid syntax`);
  const n = Number(s);
  if (n > 65535) throw new CliError(`strconv.ParseUint: parsing "${s}": value out of range`);
  return n;
}

/** `80`, `80:8080` or `80:http` into port and target port, with kubectl's validation messages. */
function parseTcp(spec: string): { port: number; targetPort: number | string } {
  const parts = spec.split(':');
  const port = parsePort(parts[0]!);
  if (parts.length === 1) return { port, targetPort: port };
  const target = parts[1]!;
  if (/^-?\d+$/.test(target)) {
    const n = Number(target);
    if (n < 1 || n > 65535) throw new CliError('must be between 1 and 65535, inclusive');
    return { port, targetPort: n };
  }
  if (target.length > 15) throw new CliError('must be no more than 15 characters');
  if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/.test(target) || !/[a-z]/.test(target) || target.includes('--')) {
    throw new CliError("must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)");
  }
  return { port, targetPort: target };
}

function isDns1123Subdomain(s: string): boolean {
  return s.length > 0 && s.length <= 253 && /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/.test(s);
}

function buildService(inv: Invocation, type: ServiceType, name: string): KubeObject {
  const tcp = inv.flags.list('tcp');
  const clusterIP = inv.flags.has('clusterip') ? inv.flags.str('clusterip') : '';
  const externalName = inv.flags.has('external-name') ? inv.flags.str('external-name') : '';
  if (clusterIP === 'None' && type !== 'ClusterIP') throw new CliError('ClusterIP=None can only be used with ClusterIP service type');
  if (clusterIP !== 'None' && tcp.length === 0 && type !== 'ExternalName') throw new CliError('at least one tcp port specifier must be provided');
  if (type === 'ExternalName' && !isDns1123Subdomain(externalName)) throw new CliError(`invalid service external name ${externalName}`);
  const nodePort = inv.flags.has('node-port') ? inv.flags.int('node-port') : 0;
  const ports = tcp.map((spec) => {
    const { port, targetPort } = parseTcp(spec);
    const p: Record<string, unknown> = { name: spec.replace(/:/g, '-') };
    if (nodePort) p.nodePort = nodePort;
    return { ...p, port, protocol: 'TCP', targetPort };
  });
  const spec: Record<string, unknown> = {};
  if (clusterIP) spec.clusterIP = clusterIP;
  if (externalName) spec.externalName = externalName;
  if (ports.length) spec.ports = ports;
  spec.selector = { app: name };
  spec.type = type;
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { labels: { app: name }, name },
    spec,
    status: { loadBalancer: {} },
  } as KubeObject;
}

function serviceCommand(name: string, type: ServiceType, short: string): Verb {
  return {
    name,
    short,
    run: async (inv) => {
      if (type === 'ExternalName' && !inv.flags.has('external-name')) throw new CliError('required flag(s) "external-name" not set');
      const svcName = nameArg(inv);
      return createGenerated(inv, 'services', buildService(inv, type, svcName), `failed to create ${type} service: `);
    },
  };
}

const service: Verb = {
  name: 'service',
  aliases: ['svc'],
  short: 'Create a service using a specified subcommand',
  subcommands: [
    serviceCommand('clusterip', 'ClusterIP', 'Create a ClusterIP service'),
    serviceCommand('externalname', 'ExternalName', 'Create an ExternalName service'),
    serviceCommand('loadbalancer', 'LoadBalancer', 'Create a LoadBalancer service'),
    serviceCommand('nodeport', 'NodePort', 'Create a NodePort service'),
  ],
  run: async (inv) => {
    if (inv.args.length) throw usageError('create service', `unknown command "${inv.args.join(' ')}"`);
    inv.err(HELP['create service'] ?? '');
    return 1;
  },
};

registerSubcommand('create', service);
