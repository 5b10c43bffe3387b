/**
 * Executables some images add to the busybox-style set: curl (nginx and the language images
 * ship it), apt-get (the Debian-based official images) and nginx's own binary (`nginx -v`, `nginx -t`, `nginx -s reload`). Used by a
 * container's shell and by `kubectl exec`.
 */
import type { CommandContext, CommandFn } from '../sh/commands.ts';
import { isKnownCommand } from '../sh/run.ts';
import type { ImageInfo } from './catalogue.ts';
import { curlProgram } from './tools.ts';
import { nginxVersion } from './server-programs.ts';
import { dnsCommands } from '../sh/dns-commands.ts';
import { ping } from '../sh/ping.ts';
import { dnsFlavour } from './network-tools.ts';
import { distribution } from './files.ts';
import { aptGet } from './apt-get.ts';

function* curl(ctx: CommandContext) {
  const io = ctx.shell.io;
  return yield* curlProgram(['curl', ...ctx.args], { ...io, argv: ['curl', ...ctx.args], fs: io.fs, out: ctx.out, err: ctx.err });
}

function nginxBinary(version: string): CommandFn {
  return function* (ctx) {
    const a = ctx.args;
    if (a.includes('-v')) {
      ctx.err(`nginx version: nginx/${version}\n`);
      return 0;
    }
    if (a.includes('-V')) {
      ctx.err(`nginx version: nginx/${version}\nbuilt with OpenSSL 3.0.15 3 Sep 2024\nTLS SNI support enabled\nconfigure arguments: --prefix=/etc/nginx --sbin-path=/usr/sbin/nginx --modules-path=/usr/lib/nginx/modules --conf-path=/etc/nginx/nginx.conf --error-log-path=/var/log/nginx/error.log --http-log-path=/var/log/nginx/access.log --pid-path=/var/run/nginx.pid --lock-path=/var/run/nginx.lock --user=nginx --group=nginx --with-http_ssl_module --with-http_v2_module\n`);
      return 0;
    }
    if (a.includes('-t') || a.includes('-T')) {
      ctx.err('nginx: the configuration file /etc/nginx/nginx.conf syntax is ok\nnginx: configuration file /etc/nginx/nginx.conf test is successful\n');
      return 0;
    }
    if (a[0] === '-s') {
      // The master process (PID 1) handles the signal; reload/reopen print nothing here.
      if (['reload', 'reopen', 'quit', 'stop'].includes(a[1] ?? '')) return 0;
      ctx.err(`nginx: invalid option: "-s ${a[1] ?? ''}"\n`);
      return 1;
    }
    if (a.length && !a.includes('-g')) {
      ctx.err(`nginx: invalid option: "${a[0]}"\n`);
      return 1;
    }
    // A second nginx finds port 80 taken by the running one.
    for (let i = 0; i < 5; i++) ctx.err(`${'nginx'}: [emerg] bind() to 0.0.0.0:80 failed (98: Address in use)\n`);
    ctx.err('nginx: [emerg] still could not bind()\n');
    return 1;
  };
}

/**
 * busybox's multi-call binary (/bin/busybox in the busybox and Alpine images): `busybox env`,
 * `busybox wget ...` run that applet, as the applet's own link would.
 */
function* busybox(ctx: CommandContext) {
  const [applet, ...rest] = ctx.args;
  if (applet === undefined) {
    ctx.out('Usage: busybox [function [arguments]...]\n   or: busybox --list[-full]\n   or: busybox --show SCRIPT\n   or: busybox --install [-s] [DIR]\n   or: function [arguments]...\n');
    return 0;
  }
  if (applet === 'busybox' || !isKnownCommand(applet, ctx.shell.io.commands)) {
    ctx.err(`${applet}: applet not found\n`);
    return 127;
  }
  return yield* ctx.shell.runCommand([applet, ...rest]);
}

/** The extra executables of `image` (at `tag`), by name; undefined when it has none. */
export function imageCommands(image: ImageInfo | undefined, tag: string): Record<string, CommandFn> | undefined {
  if (!image) return undefined;
  const out: Record<string, CommandFn> = {};
  if (image.curl) out['curl'] = curl;
  const dist = distribution(image.repository, tag);
  if (image.shell && (dist === 'busybox' || dist === 'alpine')) out['busybox'] = busybox;
  // The official Debian-based images keep apt.
  if (image.shell && dist === 'debian' && image.repository.startsWith('docker.io/library/')) out['apt-get'] = aptGet;
  if (image.repository === 'docker.io/library/nginx') out['nginx'] = nginxBinary(nginxVersion(tag));
  if (image.repository === 'registry.k8s.io/nginx-slim') out['nginx'] = nginxBinary('1.27.3');
  const dns = dnsFlavour(image.repository, tag);
  if (dns) Object.assign(out, dnsCommands(dns));
  // busybox's ping (busybox and Alpine-based images; Debian's have none).
  if (dns === 'busybox' || dns === 'busybox-1.28') out['ping'] = ping;
  return Object.keys(out).length ? out : undefined;
}
