/**
 * `hostname` in a container: the Pod's name, and with `-i`, `-f`, `-s` or `-d` what the
 * container's /etc/hosts (written by the kubelet: the Pod's IP, its name and, with a
 * subdomain, its FQDN) says about it, as busybox's and Debian's hostname resolve it.
 * Setting the name is refused: a container may not change its UTS name without CAP_SYS_ADMIN.
 */
import type { CommandContext } from './commands.ts';

/** The /etc/hosts lines that name `host`: their address and names. */
function hostLines(hosts: string, host: string): { address: string; names: string[] }[] {
  const found: { address: string; names: string[] }[] = [];
  for (const raw of hosts.split('\n')) {
    const [address, ...names] = raw.replace(/#.*/, '').trim().split(/\s+/);
    if (address && names.some((n) => n === host || n.split('.')[0] === host)) found.push({ address, names });
  }
  return found;
}

export function hostname(ctx: CommandContext): number {
  const io = ctx.shell.io;
  const name = io.hostname;
  const opts = ctx.args.filter((a) => a.startsWith('-'));
  const rest = ctx.args.filter((a) => !a.startsWith('-'));
  const flag = opts.map((o) => o.replace(/^--?/, '')).join('');
  if (rest.length && !flag) {
    ctx.err(io.coreutils ? 'hostname: you must be root to change the host name\n' : 'hostname: sethostname: Operation not permitted\n');
    return 1;
  }
  const lines = hostLines(io.fs.read('/etc/hosts') ?? '', name);
  const fqdn = lines[0]?.names[0] ?? name;
  if (/^(i|ip-address)$/.test(flag)) {
    if (!lines.length) {
      ctx.err(io.coreutils ? 'hostname: Name or service not known\n' : `hostname: ${name}: Unknown host\n`);
      return 1;
    }
    ctx.out(lines.map((l) => `${l.address} `).join('') + '\n');
  } else if (/^(f|fqdn|long)$/.test(flag)) ctx.out(fqdn + '\n');
  else if (/^(s|short)$/.test(flag)) ctx.out(name.split('.')[0] + '\n');
  else if (/^(d|domain)$/.test(flag)) ctx.out(fqdn.includes('.') ? fqdn.slice(fqdn.indexOf('.') + 1) + '\n' : io.coreutils ? '\n' : '');
  else ctx.out(name + '\n');
  return 0;
}
