/**
 * busybox ping: `ping [-c COUNT] [-W SEC] [-w SEC] [-q] HOST`. The name goes through the Pod's
 * resolver (/etc/hosts, then DNS with the search list, ndots:5); an address answers when something has it on the Pod network
 * (a Pod, a node), as ICMP reaches them; a ClusterIP answers nothing (kube-proxy's rules are for
 * the Service's ports only). Times are simulated round trips.
 */
import type { CommandContext } from './commands.ts';
import { hostsAddress } from './hosts-file.ts';

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** The Pod's /etc/hosts, read as the resolver reads it on each lookup. */
function hostsFile(ctx: CommandContext): string | undefined {
  return ctx.shell.io.fs.read('/etc/hosts');
}

/** The first address the resolver finds for `host` (/etc/hosts, then DNS), or undefined. */
function resolve(ctx: CommandContext, host: string): string | undefined {
  if (IPV4.test(host)) return host;
  const listed = hostsAddress(hostsFile(ctx), host);
  if (listed) return listed;
  if (host === 'localhost') return '127.0.0.1';
  const dns = ctx.shell.io.dns;
  if (!dns) return undefined;
  for (const name of dns.candidates(host)) {
    const r = dns.query(name, 'A');
    const a = r?.answers.find((x) => x.type === 'A');
    if (a) return a.data;
  }
  return undefined;
}

export function* ping(ctx: CommandContext) {
  let count = Infinity;
  let wait = 10;
  let quiet = false;
  let host: string | undefined;
  const args = ctx.args;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-c') count = Number(args[++i]);
    else if (a.startsWith('-c')) count = Number(a.slice(2));
    else if (a === '-W' || a === '-w') wait = Number(args[++i]);
    else if (a === '-q') quiet = true;
    else if (!a.startsWith('-')) host = a;
  }
  if (!host) {
    ctx.err('BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: ping [OPTIONS] HOST\n\nSend ICMP ECHO_REQUEST packets to network hosts\n');
    return 1;
  }
  const ip = resolve(ctx, host);
  if (!ip) {
    ctx.err(`ping: bad address '${host}'\n`);
    return 1;
  }
  // The Pod's own address (its hostname's line in /etc/hosts) answers from inside, as loopback does.
  const self = ip.startsWith('127.') || ip === hostsAddress(hostsFile(ctx), ctx.shell.io.hostname);
  // Port 0: nothing listens there, so a host that exists refuses, and an address nobody has times out.
  const probe = self ? undefined : ctx.shell.io.fetch?.(ip, 0, '/', 'ping');
  const answers = self || (probe !== undefined && !('error' in probe && probe.error === 'timeout'));
  ctx.out(`PING ${host} (${ip}): 56 data bytes\n`);
  const n = Number.isFinite(count) && count > 0 ? count : 1;
  const times: number[] = [];
  for (let seq = 0; seq < n; seq++) {
    if (answers) {
      const t = self ? 0.05 : 0.08 + ((seq * 37 + ip.length * 11) % 50) / 1000;
      times.push(t);
      if (!quiet) ctx.out(`64 bytes from ${ip}: seq=${seq} ttl=${self ? 64 : 62} time=${t.toFixed(3)} ms\n`);
    }
    if (seq < n - 1) yield { sleep: 1000 };
  }
  if (!answers) yield { sleep: Math.max(0, wait * 1000 - (n - 1) * 1000) };
  ctx.out(`\n--- ${host} ping statistics ---\n`);
  const loss = Math.round(((n - times.length) / n) * 100);
  ctx.out(`${n} packets transmitted, ${times.length} packets received, ${loss}% packet loss\n`);
  if (times.length) {
    const min = Math.min(...times), max = Math.max(...times), avg = times.reduce((a, b) => a + b, 0) / times.length;
    ctx.out(`round-trip min/avg/max = ${min.toFixed(3)}/${avg.toFixed(3)}/${max.toFixed(3)} ms\n`);
  }
  return times.length ? 0 : 1;
}
