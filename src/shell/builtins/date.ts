/** `date` in cluster time (loaded on first use). */
import type { Command } from '../../command/contract.ts';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/** Formats cluster time (UTC) with the common `date +FORMAT` specifiers. */
export function formatDate(ms: number, format = '%a %b %e %H:%M:%S %Z %Y'): string {
  const d = new Date(ms);
  const f: Record<string, string> = {
    a: DAYS[d.getUTCDay()]!, b: MONTHS[d.getUTCMonth()]!, h: MONTHS[d.getUTCMonth()]!, d: pad(d.getUTCDate()), e: String(d.getUTCDate()).padStart(2),
    H: pad(d.getUTCHours()), M: pad(d.getUTCMinutes()), S: pad(d.getUTCSeconds()), Y: String(d.getUTCFullYear()), y: pad(d.getUTCFullYear() % 100),
    m: pad(d.getUTCMonth() + 1), Z: 'UTC', z: '+0000', s: String(Math.floor(ms / 1000)), N: pad((ms % 1000) * 1_000_000, 9), j: pad(Math.floor((ms - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000) + 1, 3),
    '%': '%', n: '\n', t: '\t',
  };
  f.T = `${f.H}:${f.M}:${f.S}`;
  f.F = `${f.Y}-${f.m}-${f.d}`;
  f.D = `${f.m}/${f.d}/${f.y}`;
  f.R = `${f.H}:${f.M}`;
  return format.replace(/%([a-zA-Z%])/g, (all, c: string) => f[c] ?? all);
}

/** `date`, `date -u`, `date +FORMAT`, `date -Iseconds`, in cluster time. */
export function createDate(now: () => number): Command {
  return async (args, ctx) => {
    let format: string | undefined;
    for (const a of args) {
      if (a.startsWith('+')) format = a.slice(1);
      else if (a === '-u' || a === '--utc') continue;
      else if (a.startsWith('-I') || a === '--iso-8601') format = a === '-I' || a === '-Idate' ? '%F' : '%Y-%m-%dT%H:%M:%S+00:00';
      else if (a === '-R') format = '%a, %d %b %Y %H:%M:%S +0000';
      else {
        ctx.stderr(`date: invalid date '${a}'\n`);
        return 1;
      }
    }
    ctx.stdout(formatDate(now(), format) + '\n');
    return 0;
  };
}
