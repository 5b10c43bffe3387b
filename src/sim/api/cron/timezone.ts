/**
 * Time-zone arithmetic for CronJob `spec.timeZone`, on top of the IANA data `Intl` carries.
 * UTC (and an empty zone) never touch Intl, so the common case stays cheap.
 */

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Offset from UTC in ms (east positive) at that instant. */
  offset: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    // Throws RangeError for unknown zones, which callers turn into "unknown time zone X".
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

function isUTC(zone: string): boolean {
  return zone === '' || zone === 'UTC' || zone === 'Etc/UTC';
}

/** The wall-clock fields of instant `ms` in `zone`. Throws for unknown zones. */
export function wallClock(ms: number, zone: string): WallClock {
  if (isUTC(zone)) {
    const d = new Date(ms);
    return {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: d.getUTCHours(),
      minute: d.getUTCMinutes(),
      second: d.getUTCSeconds(),
      offset: 0,
    };
  }
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  const whole = ms - (((ms % 1000) + 1000) % 1000);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
    offset: wall - whole,
  };
}

/** Whether `zone` names a time zone the simulator knows. */
export function isValidTimeZone(zone: string): boolean {
  try {
    wallClock(0, zone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The instant whose wall clock in `zone` reads `wallMs` (wall fields encoded as if UTC). In a
 * DST gap the later offset wins; in an overlap the earlier instant.
 */
export function wallToInstant(wallMs: number, zone: string): number {
  if (isUTC(zone)) return wallMs;
  const guess = wallMs - wallClock(wallMs, zone).offset;
  const off = wallClock(guess, zone).offset;
  return wallMs - off;
}

/** RFC 3339 in `zone` as Go's time.Format(time.RFC3339): `2026-11-30T12:07:00+09:00`, `...Z` for UTC. */
export function formatRFC3339(ms: number, zone: string): string {
  const w = wallClock(ms, zone);
  const p = (n: number, l = 2) => String(n).padStart(l, '0');
  const base = `${p(w.year, 4)}-${p(w.month)}-${p(w.day)}T${p(w.hour)}:${p(w.minute)}:${p(w.second)}`;
  if (w.offset === 0) return `${base}Z`;
  const sign = w.offset < 0 ? '-' : '+';
  const mins = Math.abs(w.offset) / 60_000;
  return `${base}${sign}${p(Math.floor(mins / 60))}:${p(mins % 60)}`;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Go's time.RFC1123Z of the UTC time: `Mon, 30 Nov 2026 03:05:00 +0000`. */
export function formatRFC1123Z(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${DAYS[d.getUTCDay()]}, ${p(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`;
}
