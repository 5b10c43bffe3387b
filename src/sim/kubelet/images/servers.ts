/**
 * What the servers' logs share with the add-ons that log like nginx (ingress-nginx, metrics-server):
 * the access-log time. The servers themselves are in server-programs.ts, which loads with the
 * containers' programs.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** nginx access log time: `30/Nov/2026:03:00:48 +0000`. */
export function accessTime(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`;
}
