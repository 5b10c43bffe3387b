/**
 * `kubectl proxy`: serves the API server on a local port (default 127.0.0.1:8001) until
 * Ctrl-C. It prints `Starting to serve on ADDRESS:PORT`, then each request from this machine
 * (`curl localhost:8001/api/v1/namespaces/default/pods`) gets what the API server answers:
 * the objects and lists in their served version, discovery (`/api`, `/apis`), `/version` and
 * the health endpoints, a `Status` for a failure. As the API server does for curl, wget and
 * browsers (their User-Agent), JSON comes indented by two spaces.
 */
import { ApiError } from '../../../sim/index.ts';
import type { LocalReply } from '../../../command/local-ports.ts';
import { CliError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';
import { rawBody } from '../get/raw.ts';

/** Go's encoding/json escapes these in strings; JSON.stringify does not. */
const goEscapes = (s: string) => s.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/** The API server's pretty-printing rule (isPrettyPrint): curl, Wget and browsers get indented JSON. */
function pretty(agent: string): boolean {
  return agent.startsWith('curl') || agent.startsWith('Wget') || agent.startsWith('Mozilla/5.0');
}

/** The serializer's output: MarshalIndent (no newline after it) when pretty, else Encode (with one). */
function json(v: unknown, agent: string): string {
  return pretty(agent) ? goEscapes(JSON.stringify(v, null, 2)) : goEscapes(JSON.stringify(v)) + '\n';
}

/** A failure's Status, with the empty detail fields the API server leaves out. */
function status(e: ApiError): Record<string, unknown> {
  const s = e.toStatus();
  const details = Object.fromEntries(Object.entries(e.details).filter(([, v]) => v !== '' && v !== undefined));
  return { ...s, details };
}

/** `/api` and `/apis`: APIVersions and APIGroupList. */
function discovery(inv: Invocation, path: string, agent: string): string | undefined {
  const groups = inv.client.discovery.groups();
  if (path === '/api') return json({ kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: '172.18.0.2:6443' }] }, agent);
  if (path === '/apis') {
    const list = groups
      .filter((g) => g.name)
      .map((g) => ({
        name: g.name,
        versions: g.versions.map((v) => ({ groupVersion: `${g.name}/${v}`, version: v })),
        preferredVersion: { groupVersion: `${g.name}/${g.preferredVersion}`, version: g.preferredVersion },
      }));
    return json({ kind: 'APIGroupList', apiVersion: 'v1', groups: list }, agent);
  }
  return undefined;
}

/** What the API server answers GET `path` with, through the proxy. */
function serve(inv: Invocation, path: string, agent: string): LocalReply {
  const clean = path.split('?')[0]!.replace(/\/+$/, '') || '/';
  try {
    const d = discovery(inv, clean, agent);
    if (d !== undefined) return { status: 200, body: d };
    if (!/^\/(api|apis|version|healthz|livez|readyz)(\/|$)/.test(clean)) return { status: 404, body: '404 page not found\n' };
    const body = rawBody(inv, path);
    if (body.startsWith('{') && pretty(agent) && clean !== '/version') return { status: 200, body: json(JSON.parse(body), agent) };
    return { status: 200, body };
  } catch (e) {
    if (e instanceof ApiError) return { status: e.code, body: json(status(e), agent) };
    throw e;
  }
}

registerVerb({
  name: 'proxy',
  short: 'Run a proxy to the Kubernetes API server',
  async run(inv) {
    const portText = inv.flags.str('port') || '8001';
    const port = Number(portText);
    const address = inv.flags.str('address') || '127.0.0.1';
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new CliError(`listen tcp: address ${portText}: invalid port`);
    const bound = port === 0 ? inv.localPorts.ephemeralPort() : port;
    const listener = inv.localPorts.listen(address, bound, (path, agent) => serve(inv, path, agent));
    const where = address.includes(':') ? `[${address}]:${bound}` : `${address}:${bound}`;
    if (!listener) throw new CliError(`listen tcp ${where}: bind: address already in use`);
    inv.out(`Starting to serve on ${where}\n`);
    inv.ctx.streaming();
    await new Promise<void>((resolve) => inv.ctx.interrupt.onInterrupt(() => resolve()));
    listener.close();
    return 0;
  },
});
