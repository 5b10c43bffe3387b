/** Timestamp formats the images' own log lines use (all UTC, as containers run). */

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const p2 = (n: number) => String(n).padStart(2, '0');

function parts(ms: number) {
  const d = new Date(ms);
  return {
    y: d.getUTCFullYear(),
    mo: d.getUTCMonth(),
    d: d.getUTCDate(),
    wd: d.getUTCDay(),
    h: p2(d.getUTCHours()),
    mi: p2(d.getUTCMinutes()),
    s: p2(d.getUTCSeconds()),
    ms: String(d.getUTCMilliseconds()).padStart(3, '0'),
  };
}

/** nginx error log: `2026/11/30 03:00:48`. */
export function nginxTime(ms: number): string {
  const t = parts(ms);
  return `${t.y}/${p2(t.mo + 1)}/${p2(t.d)} ${t.h}:${t.mi}:${t.s}`;
}

/** busybox `date`: `Mon Nov 30 03:09:11 UTC 2026` (day padded with a space). */
export function dateCommandTime(ms: number): string {
  const t = parts(ms);
  return `${DAYS[t.wd]} ${MONTHS[t.mo]} ${String(t.d).padStart(2, ' ')} ${t.h}:${t.mi}:${t.s} UTC ${t.y}`;
}

/** redis: `30 Nov 2026 03:00:48.123`. */
export function redisTime(ms: number): string {
  const t = parts(ms);
  return `${p2(t.d)} ${MONTHS[t.mo]} ${t.y} ${t.h}:${t.mi}:${t.s}.${t.ms}`;
}

/** Apache httpd: `Mon Nov 30 03:00:48.123456 2026`. */
export function httpdTime(ms: number): string {
  const t = parts(ms);
  return `${DAYS[t.wd]} ${MONTHS[t.mo]} ${p2(t.d)} ${t.h}:${t.mi}:${t.s}.${t.ms}000 ${t.y}`;
}

/** Docker entrypoint scripts (mysql, postgres): `2026-11-30 03:00:48+00:00`. */
export function entrypointTime(ms: number): string {
  const t = parts(ms);
  return `${t.y}-${p2(t.mo + 1)}-${p2(t.d)} ${t.h}:${t.mi}:${t.s}+00:00`;
}

/** RFC 3339 with microseconds, as mysqld and many Go programs print: `2026-11-30T03:00:48.123000Z`. */
export function isoMicros(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}
