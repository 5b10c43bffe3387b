/**
 * `curl` and `wget` in the learner's terminal: the machine that runs the kind nodes. They reach
 * what a kind host reaches: the nodes' addresses (NodePorts, e.g. `curl 172.18.0.2:30080`),
 * load-balancer addresses on the kind network, on `localhost` first what this terminal listens
 * on (`kubectl port-forward`), then the ports kind's cluster config maps to a node (`curl
 * localhost/` to an Ingress controller's host port). Pod and Service addresses are not routed
 * from the host, so those time out; cluster names (`web.default.svc.cluster.local`) do not
 * resolve here.
 */
import { loadRemoteDocuments, remoteDocument, type Cluster } from '../sim/index.ts';
import { networkCode, prepareNetworkCode, type FetchResult } from '../sim/host-api.ts';
import type { Command, ExecContext } from '../command/contract.ts';
import type { LocalPorts } from '../command/local-ports.ts';

/** Linux's TCP connect timeout (SYN retries), in ms. */
const CONNECT_TIMEOUT_MS = 130_000;

function splitUrl(url: string): { scheme: string; host: string; port: number; path: string } | undefined {
  const m = /^(?:(https?):\/\/)?(\[[^\]]+\]|[^/:?#]+)(?::(\d+))?([/?][^#]*)?$/.exec(url);
  if (!m) return undefined;
  const scheme = m[1] ?? 'http';
  const port = m[3] ? Number(m[3]) : scheme === 'https' ? 443 : 80;
  if (port > 65535) return undefined;
  return { scheme, host: m[2]!, port, path: m[4]?.startsWith('/') ? m[4] : `/${m[4] ?? ''}` };
}

/** The addresses a loopback name stands for, in the order clients try them (IPv6 first, as getaddrinfo sorts them). */
function loopback(host: string): string[] {
  if (host === 'localhost') return ['::1', '127.0.0.1'];
  return host === '127.0.0.1' || host === '::1' ? [host] : [];
}

async function request(
  cluster: Cluster,
  ports: LocalPorts,
  host: string,
  port: number,
  path: string,
  agent: string,
  hostHeader?: string,
): Promise<FetchResult> {
  for (const address of loopback(host)) {
    const listener = ports.connect(address, port);
    if (listener) return { ...listener(path, agent), ip: address };
  }
  return networkCode(cluster)!.hostRequest(cluster, host, port, path, agent, hostHeader);
}

/**
 * Loads the cluster's network code before a request (cluster time holds meanwhile); false, with
 * the reason on stderr, when it cannot be fetched (the next run tries again).
 */
async function networkReady(cluster: Cluster, ctx: ExecContext, tool: string): Promise<boolean> {
  const pending = prepareNetworkCode(cluster);
  if (!pending) return true;
  try {
    await ctx.loadCode(pending);
    return true;
  } catch (e) {
    ctx.stderr(`${tool}: could not load the cluster's network code: ${e instanceof Error ? e.message : String(e)}\n`);
    return false;
  }
}

/** The value of a `Host:` request header among `headers` (`Name: value`), if one was given. */
function hostHeaderOf(headers: string[]): string | undefined {
  const h = headers.find((x) => /^host:/i.test(x));
  return h?.slice(h.indexOf(':') + 1).trim() || undefined;
}

/**
 * A document published over HTTPS (the install manifests and the kubernetes.io examples that
 * `kubectl apply -f URL` reads), as the host fetches it from the internet.
 */
async function publishedDocument(u: { scheme: string; host: string; port: number; path: string }): Promise<FetchResult | undefined> {
  if (u.scheme !== 'https' || u.port !== 443) return undefined;
  await loadRemoteDocuments();
  const body = remoteDocument(`https://${u.host}${u.path}`);
  return body === undefined ? undefined : { status: 200, body };
}

/** `curl [-s] [-S] [-f] [-L] [-o FILE | -O] [-m SEC] [--connect-timeout SEC] URL` (curl 8.5, Ubuntu 24.04). */
export function createCurl(cluster: Cluster, ports: LocalPorts): Command {
  return async (args, ctx) => {
    const headers: string[] = [];
    let silent = false;
    let showError = false;
    let fail = false;
    let output: string | undefined;
    let remoteName = false;
    let maxTime: number | undefined;
    let url: string | undefined;
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      if (a === '-o' || a === '--output') output = args[++i];
      else if (a === '-O' || a === '--remote-name') remoteName = true;
      else if (a === '-L' || a === '--location') continue;
      else if (a === '-m' || a === '--max-time' || a === '--connect-timeout') maxTime = Number(args[++i]);
      else if (a === '--silent') silent = true;
      else if (a === '--fail') fail = true;
      else if (a === '--show-error') showError = true;
      else if (a === '-H' || a === '--header') headers.push(args[++i] ?? '');
      else if (a === '-X' || a === '-A' || a === '-d' || a === '-w') i++;
      else if (/^-[a-zA-Z]+$/.test(a)) {
        silent ||= a.includes('s');
        showError ||= a.includes('S');
        fail ||= a.includes('f');
        remoteName ||= a.includes('O');
      } else if (!a.startsWith('-')) url = a;
    }
    if (!url) {
      ctx.stderr("curl: try 'curl --help' or 'curl --manual' for more information\n");
      return 2;
    }
    const say = (code: number, msg: string) => {
      if (!silent || showError) ctx.stderr(`curl: (${code}) ${msg}\n`);
      return code;
    };
    const u = splitUrl(url);
    if (!u) return say(3, 'URL rejected: Bad hostname');
    const host = u.host.replace(/^\[|\]$/g, '');
    // -O saves under the URL's last path segment, in the current directory.
    if (remoteName && !output) output = u.path.split('?')[0]!.split('/').pop() || 'curl_response';
    if (!(await networkReady(cluster, ctx, 'curl'))) return 126;
    const r = (await publishedDocument(u)) ?? (await request(cluster, ports, host, u.port, u.path, 'curl/8.5.0', hostHeaderOf(headers)));
    if ('error' in r) {
      if (r.error === 'bad-address' || r.error === 'dns-timeout') return say(6, `Could not resolve host: ${host}`);
      if (r.error === 'timeout') {
        const wait = maxTime !== undefined && maxTime * 1000 < CONNECT_TIMEOUT_MS ? maxTime * 1000 : CONNECT_TIMEOUT_MS;
        if (!(await ctx.sleep(wait))) return 130;
        return say(
          28,
          maxTime !== undefined && wait < CONNECT_TIMEOUT_MS
            ? `Connection timed out after ${wait + 1} milliseconds`
            : `Failed to connect to ${host} port ${u.port} after ${wait} ms: Couldn't connect to server`,
        );
      }
      if (r.error === 'not-http') return say(52, 'Empty reply from server');
      return say(7, `Failed to connect to ${host} port ${u.port} after 0 ms: Couldn't connect to server`);
    }
    if (fail && r.status >= 400) return say(22, `The requested URL returned error: ${r.status}`);
    if (output && output !== '-') {
      ctx.fs.write(resolvePath(ctx, output), r.body);
      if (!silent) ctx.stderr(progress(r.body.length));
      return 0;
    }
    ctx.stdout(r.body);
    return 0;
  };
}

function resolvePath(ctx: ExecContext, p: string): string {
  return p.startsWith('/') ? p : `${ctx.cwd.replace(/\/$/, '')}/${p}`;
}

function progress(n: number): string {
  const size = String(n).padStart(5);
  return `  % Total    % Received % Xferd  Average Speed   Time    Time     Time  Current\n                                 Dload  Upload   Total   Spent    Left  Speed\n100 ${size}  100 ${size}    0     0   600k      0 --:--:-- --:--:-- --:--:--  600k\n`;
}

/** GNU wget (Ubuntu 24.04): `wget [-q] [-O FILE|-] [-T SEC] URL`. */
export function createWget(cluster: Cluster, ports: LocalPorts): Command {
  return async (args, ctx) => {
    const headers: string[] = [];
    let quiet = false;
    let output: string | undefined;
    let timeout: number | undefined;
    let url: string | undefined;
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      if (a === '-O' || a === '--output-document') output = args[++i];
      else if (a.startsWith('--output-document=')) output = a.slice(18);
      else if (a === '-T' || a === '--timeout') timeout = Number(args[++i]);
      else if (a.startsWith('--timeout=')) timeout = Number(a.slice(10));
      else if (a === '--quiet') quiet = true;
      else if (a === '--header') headers.push(args[++i] ?? '');
      else if (a.startsWith('--header=')) headers.push(a.slice(9));
      else if (/^-q*O-?$/.test(a) || a === '-qO-') {
        quiet ||= a.includes('q');
        output = a.endsWith('-') ? '-' : args[++i];
      } else if (/^-[a-zA-Z]+$/.test(a)) quiet ||= a.includes('q');
      else if (!a.startsWith('-')) url = a;
    }
    if (!url) {
      ctx.stderr("wget: missing URL\nUsage: wget [OPTION]... [URL]...\n\nTry `wget --help' for more options.\n");
      return 1;
    }
    const u = splitUrl(url);
    if (!u) {
      ctx.stderr(`${url}: Invalid host name.\n`);
      return 1;
    }
    const host = u.host.replace(/^\[|\]$/g, '');
    const full = `${u.scheme}://${u.host}${(u.scheme === 'http' && u.port === 80) || (u.scheme === 'https' && u.port === 443) ? '' : `:${u.port}`}${u.path}`;
    const stamp = () => new Date(cluster.clock.now()).toISOString().slice(0, 19).replace('T', ' ');
    const log = (s: string) => !quiet && ctx.stderr(s);
    log(`--${stamp()}--  ${full}\n`);
    if (!(await networkReady(cluster, ctx, 'wget'))) return 126;
    const r = (await publishedDocument(u)) ?? (await request(cluster, ports, host, u.port, u.path, 'Wget/1.21.4', hostHeaderOf(headers)));
    if ('error' in r) {
      if (r.error === 'bad-address' || r.error === 'dns-timeout') {
        log(`Resolving ${host} (${host})... failed: Name or service not known.\n`);
        if (!quiet) ctx.stderr(`wget: unable to resolve host address ‘${host}’\n`);
        return 4;
      }
      const where = `Connecting to ${host}:${u.port}... `;
      if (r.error === 'timeout') {
        const wait = timeout ? timeout * 1000 : CONNECT_TIMEOUT_MS;
        if (!(await ctx.sleep(wait))) return 130;
        log(`${where}failed: Connection timed out.\nRetrying.\n\n`);
        return 4;
      }
      log(`${where}failed: Connection refused.\n`);
      return 4;
    }
    log(
      `Connecting to ${host}:${u.port}... connected.\nHTTP request sent, awaiting response... ${r.status} ${r.status === 200 ? 'OK' : r.status === 404 ? 'Not Found' : ''}\n`,
    );
    if (r.status >= 400) {
      log(`${stamp()} ERROR ${r.status}: ${r.status === 404 ? 'Not Found' : 'Error'}.\n\n`);
      return 8;
    }
    if (output === '-') {
      ctx.stdout(r.body);
      return 0;
    }
    const file = output ?? (u.path.split('?')[0]!.split('/').pop() || 'index.html');
    ctx.fs.write(resolvePath(ctx, file), r.body);
    log(
      `Length: ${r.body.length} [text/html]\nSaving to: ‘${file}’\n\n${file.padEnd(19)} 100%[===================>]  ${String(r.body.length).padStart(6)}  --.-KB/s    in 0s      \n\n${stamp()} (58.7 MB/s) - ‘${file}’ saved [${r.body.length}/${r.body.length}]\n\n`,
    );
    return 0;
  };
}
