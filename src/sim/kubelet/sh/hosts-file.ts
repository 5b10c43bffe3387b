/**
 * /etc/hosts as musl's resolver reads it before asking DNS: `ADDRESS NAME [ALIAS...]` lines,
 * `#` comments, names compared case-insensitively, the first line naming the host wins. Only
 * IPv4 answers are of use to the busybox tools here.
 */

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** The IPv4 address /etc/hosts (its text `hosts`) gives `name`, if any. */
export function hostsAddress(hosts: string | undefined, name: string): string | undefined {
  if (!hosts) return undefined;
  const wanted = name.toLowerCase().replace(/\.$/, '');
  for (const raw of hosts.split('\n')) {
    const [addr, ...names] = raw.replace(/#.*/, '').trim().split(/\s+/);
    if (!addr || !IPV4.test(addr)) continue;
    if (names.some((n) => n.toLowerCase() === wanted)) return addr;
  }
  return undefined;
}
