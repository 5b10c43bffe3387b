/** Network clients of the busybox shell (wget, nc), over the simulated Pod network. */
import { parseUrl, STATUS_TEXT } from '../http.ts';
import type { CommandContext } from './commands.ts';

/** Linux gives up on a TCP connect after its SYN retries (about 130 s). */
export const TCP_CONNECT_TIMEOUT_MS = 130_000;
/** musl's resolver: two attempts of five seconds. */
export const RESOLVER_TIMEOUT_MS = 10_000;

/** busybox wget: `-q`, `-O FILE` / `-O-`, `-T SEC`, `--spider`; errors worded as busybox prints them. */
export function* wget(ctx: CommandContext) {
  const args = ctx.args;
  let quiet = false;
  let output: string | undefined;
  let url: string | undefined;
  let hostHeader: string | undefined;
  let timeout: number | undefined;
  let spider = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-q') quiet = true;
    else if (a === '-O') output = args[++i];
    else if (a === '--spider') spider = true;
    else if (a === '-qO-' || a === '-qO') {
      quiet = true;
      output = a === '-qO-' ? '-' : args[++i];
    } else if (a === '--header' || a.startsWith('--header=')) {
      const h = a === '--header' ? (args[++i] ?? '') : a.slice('--header='.length);
      if (/^host:/i.test(h)) hostHeader = h.slice(5).trim();
    } else if (a.startsWith('-O')) output = a.slice(2);
    else if (a === '-T' || a === '--timeout') timeout = Number(args[++i]);
    else if (a.startsWith('--timeout=')) timeout = Number(a.slice('--timeout='.length));
    else if (a === '--quiet') quiet = true;
    else if (a === '--output-document') output = args[++i];
    else if (a.startsWith('--output-document=')) output = a.slice('--output-document='.length);
    else if (a.startsWith('-T')) timeout = Number(a.slice(2));
    else if (/^-[qS]+$/.test(a)) quiet ||= a.includes('q');
    else if (!a.startsWith('-')) url = a;
  }
  if (!url) {
    ctx.err('BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: wget [-cqS] [--spider] [-O FILE] [-o LOGFILE] [--header STR]\n\t[--post-data STR | --post-file FILE] [-Y on/off]\n\t[-P DIR] [-U AGENT] [-T SEC] URL...\n\nRetrieve files via HTTP or FTP\n');
    return 1;
  }
  const target = parseUrl(url);
  if (!target) {
    ctx.err(`wget: bad address '${url}'\n`);
    return 1;
  }
  const r = ctx.shell.io.fetch?.(target.host, target.port, target.path, 'Wget', hostHeader) ?? { error: 'bad-address' as const };
  const shown = (ip?: string) => ip ?? target.host;
  // busybox names the server as the URL gives it: `nginx`, or `nginx:80` when a port is typed.
  const server = url.replace(/^[a-z]+:\/\//i, '').split('/')[0]!;
  if ('error' in r) {
    if (r.error === 'bad-address' || r.error === 'dns-timeout') {
      if (r.error === 'dns-timeout') yield { sleep: RESOLVER_TIMEOUT_MS };
      ctx.err(`wget: bad address '${target.host}'\n`);
      return 1;
    }
    if (!quiet) ctx.err(`Connecting to ${server} (${shown(r.ip)}:${target.port})\n`);
    if (r.error === 'timeout') {
      if (timeout && timeout * 1000 < TCP_CONNECT_TIMEOUT_MS) {
        yield { sleep: timeout * 1000 };
        ctx.err('wget: download timed out\n');
        return 1;
      }
      yield { sleep: TCP_CONNECT_TIMEOUT_MS };
      ctx.err(`wget: can't connect to remote host (${shown(r.ip)}): Connection timed out\n`);
      return 1;
    }
    if (r.error === 'not-http') {
      // The server closed the connection without a reply: fgets() meets end of file with no
      // errno set, so busybox's perror adds no reason after the message.
      ctx.err('wget: error getting response\n');
      return 1;
    }
    ctx.err(`wget: can't connect to remote host (${shown(r.ip)}): Connection refused\n`);
    return 1;
  }
  const ip = r.ip ?? target.host;
  if (!quiet) ctx.err(`Connecting to ${server} (${ip}:${target.port})\n`);
  if (r.status >= 400) {
    ctx.err(`wget: server returned error: HTTP/1.1 ${r.status} ${STATUS_TEXT[r.status] ?? ''}\n`);
    return 1;
  }
  if (spider) {
    if (!quiet) ctx.err('remote file exists\n');
    return 0;
  }
  const file = output ?? (target.path.split('/').pop() || 'index.html');
  if (file === '-') {
    if (!quiet) ctx.err('writing to stdout\n');
    ctx.out(r.body);
    if (!quiet) ctx.err(`-                    100% |********************************|${progressSize(r.body.length)} 0:00:00 ETA\nwritten to stdout\n`);
    return 0;
  }
  ctx.shell.io.fs.write(ctx.shell.abs(file), r.body);
  if (!quiet) ctx.err(`saving to '${file}'\n${file.slice(0, 20).padEnd(20)} 100% |********************************|${progressSize(r.body.length)} 0:00:00 ETA\n'${file}' saved\n`);
  return 0;
}

/** The size in busybox's progress line: 6 columns and a unit, which is blank below 100000 bytes. */
function progressSize(bytes: number): string {
  let n = bytes;
  let unit = 0;
  while (n >= 100000) {
    unit++;
    n = Math.floor(n / 1024);
  }
  return `${String(n).padStart(6)}${' kMGTPEZY'[unit]}`;
}

/** busybox nc, for the port checks tutorials use: `nc -z [-v] [-w SEC] HOST PORT`. */
export function* nc(ctx: CommandContext) {
  const args = ctx.args;
  let verbose = false;
  let wait: number | undefined;
  const pos: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-w') wait = Number(args[++i]);
    else if (/^-[zvn]+$/.test(a)) verbose ||= a.includes('v');
    else if (!a.startsWith('-')) pos.push(a);
  }
  const [host, portText] = pos;
  const port = Number(portText);
  if (!host || !Number.isInteger(port)) {
    ctx.err('BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: nc [OPTIONS] HOST PORT  - connect\nnc [OPTIONS] -l -p PORT [HOST] [PORT]  - listen\n');
    return 1;
  }
  const r = ctx.shell.io.fetch?.(host, port, '/', '') ?? { error: 'bad-address' as const };
  if ('error' in r) {
    if (r.error === 'bad-address' || r.error === 'dns-timeout') {
      if (r.error === 'dns-timeout') yield { sleep: RESOLVER_TIMEOUT_MS };
      ctx.err(`nc: bad address '${host}'\n`);
      return 1;
    }
    if (r.error === 'timeout') {
      yield { sleep: wait ? wait * 1000 : TCP_CONNECT_TIMEOUT_MS };
      ctx.err(wait ? 'nc: timed out\n' : `nc: can't connect to remote host (${r.ip ?? host}): Connection timed out\n`);
      return 1;
    }
    if (r.error === 'refused') {
      ctx.err(`nc: can't connect to remote host (${r.ip ?? host}): Connection refused\n`);
      return 1;
    }
  }
  const ip = ('ip' in r && r.ip) || host;
  if (verbose) ctx.err(`${host} (${ip}:${port}) open\n`);
  return 0;
}
