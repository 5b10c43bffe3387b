/**
 * DNS clients of container images, over the Pod's DNS view (ProcessIO.dns):
 *   busybox >= 1.29 nslookup (`Server:\t\t10.96.0.10`, `Address:\t10.96.0.10:53`): a dotted
 *     name is queried as is, a single label through the search list; A and AAAA queries,
 *     each reported (`*** Can't find x: No answer` for the AAAA ones);
 *   busybox 1.28 nslookup (`Address 1: 10.96.0.1 kubernetes.default.svc.cluster.local`),
 *     which resolves through the search list like libc;
 *   BIND nslookup and dig (dnsutils images): the search list for nslookup, none for dig.
 * A nameserver that does not answer gives `;; connection timed out; no servers could be reached`.
 */
import type { DnsRecord, DnsResponse, DnsType } from '../../network/dns.ts';
import type { PodDns } from '../../network/pod-dns.ts';
import type { CommandContext, CommandFn } from './commands.ts';

const TIMED_OUT = ';; connection timed out; no servers could be reached\n\n';
const IPV4 = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;
const noDot = (s: string) => s.replace(/\.$/, '');
const reverse = (ip: string) => `${ip.split('.').reverse().join('.')}.in-addr.arpa`;

function qtypeOf(args: string[]): { type?: DnsType; rest: string[] } {
  let type: DnsType | undefined;
  const rest: string[] = [];
  for (const a of args) {
    const m = /^-(?:type|q|query|querytype)=(\w+)$/i.exec(a);
    if (m) type = m[1]!.toUpperCase() as DnsType;
    else if (!a.startsWith('-')) rest.push(a);
  }
  return { type, rest };
}

function dnsOf(ctx: CommandContext): PodDns | undefined {
  return ctx.shell.io.dns;
}

/** busybox nslookup since 1.29 (1.36 in busybox:1.36). */
export function* nslookupBusybox(ctx: CommandContext) {
  const dns = dnsOf(ctx);
  const { type, rest } = qtypeOf(ctx.args);
  const name = rest[0];
  if (!name || !dns) {
    ctx.err('BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: nslookup [-type=QUERY_TYPE] [-debug] HOST [DNS_SERVER]\n\nQuery DNS about HOST\n\nQUERY_TYPE: soa,ns,a,aaaa,cname,mx,txt,ptr,srv,any\n');
    return 1;
  }
  const queries: [string, DnsType][] = [];
  if (IPV4.test(name)) queries.push([reverse(name), 'PTR']);
  else {
    // A single label goes through the search domains; with none (dnsPolicy Default on a kind node) it is asked as it is.
    const names = name.includes('.') || !dns.search.length ? [noDot(name)] : dns.search.map((d) => `${name}.${d}`);
    for (const t of type ? [type] : (['A', 'AAAA'] as DnsType[])) for (const n of names) queries.push([n, t]);
  }
  const replies: (DnsResponse | undefined)[] = [];
  for (const [n, t] of queries) {
    const r = dns.query(n, t);
    if (!r) {
      // Two tries of five seconds each before giving up.
      yield { sleep: 10_000 };
      ctx.out(TIMED_OUT);
      return 1;
    }
    replies.push(r);
  }
  ctx.out(`Server:\t\t${dns.server}\nAddress:\t${dns.server}:53\n\n`);
  let found = false;
  let pendingBlank = false;
  replies.forEach((r, i) => {
    const [n] = queries[i]!;
    if (r!.answers.length) {
      if (pendingBlank) ctx.out('\n');
      pendingBlank = false;
      for (const a of r!.answers) ctx.out(busyboxRecord(a));
      ctx.out('\n');
      found = true;
    } else if (i === 0 && r!.rcode === 'NXDOMAIN') ctx.out(`** server can't find ${n}: NXDOMAIN\n\n`);
    else {
      ctx.out(`*** Can't find ${n}: No answer\n`);
      pendingBlank = true;
    }
  });
  if (pendingBlank) ctx.out('\n');
  return found ? 0 : 1;
}

function busyboxRecord(a: DnsRecord): string {
  if (a.type === 'A') return `Name:\t${a.name}\nAddress: ${a.data}\n`;
  if (a.type === 'CNAME') return `${a.name}\tcanonical name = ${noDot(a.data)}\n`;
  if (a.type === 'PTR') return `${a.name}\tname = ${noDot(a.data)}\n`;
  return `${a.name}\tservice = ${noDot(a.data)}\n`;
}

/** Follows the search list and CNAMEs the way libc does; undefined = no server answered. */
function libcResolve(dns: PodDns, name: string): { addresses: string[] } | 'nx' | undefined {
  for (const c of dns.candidates(name)) {
    let current = c;
    for (let hop = 0; hop < 8; hop++) {
      const r = dns.query(current, 'A');
      if (!r) return undefined;
      const a = r.answers.filter((x) => x.type === 'A').map((x) => x.data);
      if (a.length) return { addresses: a };
      const cn = r.answers.find((x) => x.type === 'CNAME');
      if (!cn) break;
      current = noDot(cn.data);
    }
  }
  return 'nx';
}

function ptrName(dns: PodDns, ip: string): string {
  const r = dns.query(reverse(ip), 'PTR');
  const p = r?.answers.find((a) => a.type === 'PTR');
  return p ? ` ${noDot(p.data)}` : '';
}

/** busybox 1.28 nslookup (the one older tutorials show). */
export function* nslookupBusybox128(ctx: CommandContext) {
  const dns = dnsOf(ctx);
  const name = qtypeOf(ctx.args).rest[0];
  if (!name || !dns) {
    ctx.err('BusyBox v1.28.4 (2018-05-22 17:00:17 UTC) multi-call binary.\n\nUsage: nslookup [HOST] [SERVER]\n\nQuery the nameserver for the IP address of the given HOST\noptionally using a specified DNS server\n');
    return 1;
  }
  const serving = dns.query(reverse(dns.server), 'PTR');
  ctx.out(`Server:    ${dns.server}\nAddress 1: ${dns.server}${serving ? ptrName(dns, dns.server) : ''}\n\n`);
  const r = IPV4.test(name) ? { addresses: [name] } : libcResolve(dns, name);
  if (!r || r === 'nx') {
    if (!r) yield { sleep: 10_000 };
    ctx.err(`nslookup: can't resolve '${name}'\n`);
    return 1;
  }
  ctx.out(`Name:      ${name}\n`);
  r.addresses.forEach((ip, i) => ctx.out(`Address ${i + 1}: ${ip}${ptrName(dns, ip)}\n`));
  return 0;
}

/** BIND 9 nslookup (dnsutils images). */
export function* nslookupBind(ctx: CommandContext) {
  const dns = dnsOf(ctx);
  const { type, rest } = qtypeOf(ctx.args);
  const name = rest[0];
  if (!name || !dns) {
    ctx.err('nslookup: interactive mode is not available here; give a name to look up\n');
    return 1;
  }
  const t: DnsType = IPV4.test(name) ? 'PTR' : (type ?? 'A');
  const names = IPV4.test(name) ? [reverse(name)] : dns.candidates(name);
  let last: DnsResponse | undefined;
  for (const n of names) {
    last = dns.query(n, t);
    if (!last) {
      // Three tries, five seconds apart.
      yield { sleep: 15_000 };
      ctx.out(TIMED_OUT);
      return 1;
    }
    if (last.rcode !== 'NXDOMAIN') break;
  }
  ctx.out(`Server:\t\t${dns.server}\nAddress:\t${dns.server}#53\n\n`);
  if (!last || last.rcode === 'NXDOMAIN') {
    ctx.out(`** server can't find ${name}: NXDOMAIN\n\n`);
    return 1;
  }
  if (!last.answers.length) {
    ctx.out(`*** Can't find ${name}: No answer\n\n`);
    return 0;
  }
  let answers = last.answers;
  // A CNAME is followed, as the recursive answer from CoreDNS would carry the target too.
  for (let hop = 0; hop < 8 && t === 'A'; hop++) {
    const cn = answers[answers.length - 1]!;
    if (cn.type !== 'CNAME') break;
    const next = dns.query(noDot(cn.data), 'A');
    if (!next || next.rcode === 'NXDOMAIN') {
      for (const a of answers) ctx.out(bindRecord(a));
      ctx.out(`** server can't find ${noDot(cn.data)}: NXDOMAIN\n\n`);
      return 1;
    }
    answers = [...answers, ...next.answers];
    if (!next.answers.length) break;
  }
  for (const a of answers) ctx.out(bindRecord(a));
  ctx.out('\n');
  return 0;
}

function bindRecord(a: DnsRecord): string {
  if (a.type === 'A') return `Name:\t${a.name}\nAddress: ${a.data}\n`;
  if (a.type === 'CNAME') return `${a.name}\tcanonical name = ${a.data}\n`;
  if (a.type === 'PTR') return `${a.name}\tname = ${a.data}\n`;
  return `${a.name}\tservice = ${a.data}\n`;
}

/** Renders spaces-to-tab-stops as real tabs (dig writes tabs). */
function tabbed(fields: string[], stops: number[]): string {
  let out = '';
  let col = 0;
  fields.forEach((f, i) => {
    if (i > 0) {
      const stop = stops[i - 1]!;
      if (col >= stop) {
        out += ' ';
        col += 1;
      } else {
        while (col < stop) {
          out += '\t';
          col = (Math.floor(col / 8) + 1) * 8;
        }
      }
    }
    out += f;
    col += f.length;
  });
  return out;
}

function wireLength(name: string): number {
  return noDot(name).split('.').reduce((n, l) => n + l.length + 1, 1);
}

/** dig from BIND 9 (dnsutils): `+short`, `-t TYPE` or a type word, no search list. */
export function* dig(ctx: CommandContext) {
  const dns = dnsOf(ctx);
  let type: DnsType = 'A';
  let name: string | undefined;
  let short = false;
  let search = false;
  const args = ctx.args;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '+short') short = true;
    else if (a === '+search') search = true;
    else if (a.startsWith('+') || a.startsWith('@')) continue;
    else if (a === '-t') type = (args[++i] ?? 'A').toUpperCase() as DnsType;
    else if (a === '-x') {
      name = reverse(args[++i] ?? '');
      type = 'PTR';
    } else if (/^(A|AAAA|SRV|CNAME|PTR|TXT|ANY|MX|NS|SOA)$/i.test(a)) type = a.toUpperCase() as DnsType;
    else if (!a.startsWith('-')) name = a;
  }
  if (!dns) return 1;
  name ??= '.';
  const tries = search ? dns.candidates(name) : [noDot(name)];
  let r: DnsResponse | undefined;
  let asked = tries[0]!;
  for (const n of tries) {
    asked = n;
    r = dns.query(n, type);
    if (!r || r.rcode !== 'NXDOMAIN') break;
  }
  if (!r) {
    yield { sleep: 15_000 };
    ctx.out(`${short ? '' : `\n; <<>> DiG 9.9.5-9+deb8u19-Debian <<>> ${ctx.args.join(' ')}\n;; global options: +cmd\n`};; connection timed out; no servers could be reached\n`);
    return 9;
  }
  const answers = [...r.answers];
  for (let hop = 0; hop < 8 && (type === 'A' || type === 'AAAA'); hop++) {
    const last = answers[answers.length - 1];
    if (last?.type !== 'CNAME') break;
    const next = dns.query(noDot(last.data), type);
    if (!next) break;
    answers.push(...next.answers);
    if (next.rcode === 'NXDOMAIN') r = { ...r, rcode: 'NXDOMAIN' };
  }
  if (short) {
    for (const a of answers) ctx.out(`${a.data}\n`);
    return 0;
  }
  const now = new Date(ctx.shell.io.now());
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const p2 = (n: number) => String(n).padStart(2, '0');
  const when = `${days[now.getUTCDay()]} ${months[now.getUTCMonth()]} ${p2(now.getUTCDate())} ${p2(now.getUTCHours())}:${p2(now.getUTCMinutes())}:${p2(now.getUTCSeconds())} UTC ${now.getUTCFullYear()}`;
  const qn = `${noDot(asked)}.`.replace(/^\.\.$/, '.');
  const id = (ctx.shell.io.now() / 1000) % 65536 | 0;
  const rdLen = (a: DnsRecord) => (a.type === 'A' ? 4 : a.type === 'SRV' ? 6 + wireLength(a.data.split(' ')[3]!) : wireLength(a.data));
  // CoreDNS puts its zone's SOA in the authority section of empty answers.
  const inZone = /(^|\.)cluster\.local\.$/.test(qn) || qn.endsWith('.in-addr.arpa.');
  const soa = !answers.length && inZone ? `${qn.endsWith('.in-addr.arpa.') ? 'in-addr.arpa.' : 'cluster.local.'}` : undefined;
  const size = (soa ? 60 : 0) + 12 + wireLength(qn) + 4 + answers.reduce((n, a) => n + 2 + 10 + rdLen(a), 0) + 11;
  let out = `\n; <<>> DiG 9.9.5-9+deb8u19-Debian <<>> ${ctx.args.join(' ')}\n;; global options: +cmd\n;; Got answer:\n`;
  out += `;; ->>HEADER<<- opcode: QUERY, status: ${r.rcode}, id: ${id}\n`;
  out += `;; flags: qr aa rd; QUERY: 1, ANSWER: ${answers.length}, AUTHORITY: ${soa ? 1 : 0}, ADDITIONAL: 1\n`;
  out += ';; WARNING: recursion requested but not available\n\n';
  out += ';; OPT PSEUDOSECTION:\n; EDNS: version: 0, flags:; udp: 4096\n';
  out += `;; QUESTION SECTION:\n${tabbed([`;${qn}`, 'IN', type], [32, 40])}\n\n`;
  if (answers.length) {
    out += ';; ANSWER SECTION:\n';
    for (const a of answers) out += `${tabbed([`${a.name}.`, String(a.ttl), 'IN', a.type, a.data], [24, 32, 40, 48])}\n`;
    out += '\n';
  }
  if (soa) out += `;; AUTHORITY SECTION:\n${tabbed([soa, '30', 'IN', 'SOA', `ns.dns.${soa} hostmaster.${soa} ${Math.floor(ctx.shell.io.now() / 1000) - 3600} 7200 1800 86400 30`], [24, 32, 40, 48])}\n\n`;
  out += `;; Query time: 0 msec\n;; SERVER: ${dns.server}#53(${dns.server})\n;; WHEN: ${when}\n;; MSG SIZE  rcvd: ${size}\n\n`;
  ctx.out(out);
  return 0;
}

/** BIND's `host [-t TYPE] NAME`: one line per record, the search list applied. */
export function* host(ctx: CommandContext) {
  const dns = dnsOf(ctx);
  let type: DnsType | undefined;
  let name: string | undefined;
  for (let i = 0; i < ctx.args.length; i++) {
    const a = ctx.args[i]!;
    if (a === '-t') type = (ctx.args[++i] ?? 'A').toUpperCase() as DnsType;
    else if (!a.startsWith('-')) name ??= a;
  }
  if (!name || !dns) {
    ctx.err('Usage: host [-aCdilrTvVw] [-c class] [-N ndots] [-t type] [-W time]\n            [-R number] [-m flag] [-p port] hostname [server]\n');
    return 1;
  }
  const ptr = IPV4.test(name);
  const names = ptr ? [reverse(name)] : dns.candidates(name);
  const t: DnsType = ptr ? 'PTR' : (type ?? 'A');
  for (const n of names) {
    const r = dns.query(n, t);
    if (!r) {
      yield { sleep: 10_000 };
      ctx.out(';; connection timed out; no servers could be reached\n');
      return 1;
    }
    if (r.rcode === 'NXDOMAIN') continue;
    let answers = r.answers;
    const last = answers[answers.length - 1];
    if (last?.type === 'CNAME' && t === 'A') answers = [...answers, ...(dns.query(noDot(last.data), 'A')?.answers ?? [])];
    for (const a of answers) {
      if (a.type === 'A') ctx.out(`${a.name} has address ${a.data}\n`);
      else if (a.type === 'CNAME') ctx.out(`${a.name} is an alias for ${a.data}\n`);
      else if (a.type === 'SRV') ctx.out(`${a.name} has SRV record ${a.data}\n`);
      else if (a.type === 'PTR') ctx.out(`${a.name} domain name pointer ${a.data}\n`);
    }
    return 0;
  }
  ctx.out(`Host ${ptr ? reverse(name) : name} not found: 3(NXDOMAIN)\n`);
  return 1;
}

/** The DNS commands an image adds, by flavour. */
export function dnsCommands(flavour: 'busybox' | 'busybox-1.28' | 'bind'): Record<string, CommandFn> {
  if (flavour === 'bind') return { nslookup: nslookupBind, dig, host };
  return { nslookup: flavour === 'busybox' ? nslookupBusybox : nslookupBusybox128 };
}
