/** Network clients of the busybox shell (wget), over the simulated Pod network. */
import { parseUrl, STATUS_TEXT } from '../http.ts';
import type { CommandContext } from './commands.ts';

/** busybox wget: `-q`, `-O FILE` / `-O-`, `-S`; errors worded as busybox prints them. */
export function* wget(ctx: CommandContext) {
  const args = ctx.args;
  let quiet = false;
  let output: string | undefined;
  let url: string | undefined;
  let hostHeader: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-q') quiet = true;
    else if (a === '-O') output = args[++i];
    else if (a.startsWith('-O')) output = a.slice(2);
    else if (a === '-qO-' || a === '-qO') {
      quiet = true;
      output = a === '-qO-' ? '-' : args[++i];
    } else if (a === '--header' || a.startsWith('--header=')) {
      const h = a === '--header' ? (args[++i] ?? '') : a.slice('--header='.length);
      if (/^host:/i.test(h)) hostHeader = h.slice(5).trim();
    } else if (a === '-T' || a === '--timeout') i++;
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
  if ('error' in r) {
    if (r.error === 'bad-address') ctx.err(`wget: bad address '${target.host}'\n`);
    else {
      if (!quiet) ctx.err(`Connecting to ${target.host}:${target.port} (${r.ip ?? target.host}:${target.port})\n`);
      ctx.err(`wget: can't connect to remote host (${r.ip ?? target.host}): Connection refused\n`);
    }
    return 1;
  }
  const ip = r.ip ?? (/^\d+\.\d+\.\d+\.\d+$/.test(target.host) ? target.host : target.host === 'localhost' ? '127.0.0.1' : target.host);
  if (!quiet) ctx.err(`Connecting to ${target.host}:${target.port} (${ip}:${target.port})\n`);
  if (r.status >= 400) {
    ctx.err(`wget: server returned error: HTTP/1.1 ${r.status} ${STATUS_TEXT[r.status] ?? ''}\n`);
    return 1;
  }
  const file = output ?? (target.path.split('/').pop() || 'index.html');
  if (file === '-') {
    if (!quiet) ctx.err('writing to stdout\n');
    ctx.out(r.body);
    if (!quiet) ctx.err(`-                    100% |********************************|   ${r.body.length}  0:00:00 ETA\nwritten to stdout\n`);
    return 0;
  }
  ctx.shell.io.fs.write(ctx.shell.abs(file), r.body);
  if (!quiet) ctx.err(`saving to '${file}'\n${file.padEnd(20)} 100% |********************************|   ${r.body.length}  0:00:00 ETA\n'${file}' saved\n`);
  return 0;
}

