/**
 * Cron schedules as the CronJob controller reads them: robfig/cron v3 `ParseStandard`
 * (minute hour day-of-month month day-of-week, names, ranges, lists, steps, `?`, and the
 * `@hourly`-style descriptors), with its exact error texts, and `next(t)` evaluated in a
 * time zone (see timezone.ts).
 */
import { isValidTimeZone, wallClock, wallToInstant } from './timezone.ts';

interface Bounds {
  min: number;
  max: number;
  names?: Record<string, number>;
}

const MINUTES: Bounds = { min: 0, max: 59 };
const HOURS: Bounds = { min: 0, max: 23 };
const DOM: Bounds = { min: 1, max: 31 };
const MONTHS: Bounds = {
  min: 1,
  max: 12,
  names: { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 },
};
const DOW: Bounds = { min: 0, max: 6, names: { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 } };

/** A parsed schedule: the allowed values of each field, and whether dom/dow were `*`. */
export interface CronSchedule {
  minutes: Set<number>;
  hours: Set<number>;
  dom: Set<number>;
  months: Set<number>;
  dow: Set<number>;
  domStar: boolean;
  dowStar: boolean;
}

interface Field {
  values: Set<number>;
  star: boolean;
}

function all(b: Bounds, star = true): Field {
  const values = new Set<number>();
  for (let i = b.min; i <= b.max; i++) values.add(i);
  return { values, star };
}

function single(v: number): Field {
  return { values: new Set([v]), star: false };
}

/** Go's strconv.Atoi with its error text. */
function atoi(s: string): number {
  if (!/^[+-]?\d+$/.test(s)) throw new Error(`failed to parse int from ${s}: strconv.Atoi: parsing ${JSON.stringify(s)}: invalid syntax`);
  const n = Number(s);
  if (!Number.isSafeInteger(n) || Math.abs(n) > 2 ** 63 - 1) {
    throw new Error(`failed to parse int from ${s}: strconv.Atoi: parsing ${JSON.stringify(s)}: value out of range`);
  }
  if (n < 0) throw new Error(`negative number (${n}) not allowed: ${s}`);
  return n;
}

function intOrName(s: string, b: Bounds): number {
  const named = b.names?.[s.toLowerCase()];
  return named ?? atoi(s);
}

function parseRange(expr: string, b: Bounds, into: Field): void {
  const rangeAndStep = expr.split('/');
  const lowAndHigh = rangeAndStep[0]!.split('-');
  const singleDigit = lowAndHigh.length === 1;
  let start: number;
  let end: number;
  let star = false;
  if (lowAndHigh[0] === '*' || lowAndHigh[0] === '?') {
    start = b.min;
    end = b.max;
    star = true;
  } else {
    start = intOrName(lowAndHigh[0]!, b);
    if (lowAndHigh.length === 1) end = start;
    else if (lowAndHigh.length === 2) end = intOrName(lowAndHigh[1]!, b);
    else throw new Error(`too many hyphens: ${expr}`);
  }
  let step = 1;
  if (rangeAndStep.length === 2) {
    step = atoi(rangeAndStep[1]!);
    if (singleDigit) end = b.max;
    if (step > 1) star = false;
  } else if (rangeAndStep.length > 2) {
    throw new Error(`too many slashes: ${expr}`);
  }
  if (start < b.min) throw new Error(`beginning of range (${start}) below minimum (${b.min}): ${expr}`);
  if (end > b.max) throw new Error(`end of range (${end}) above maximum (${b.max}): ${expr}`);
  if (start > end) throw new Error(`beginning of range (${start}) beyond end of range (${end}): ${expr}`);
  if (step === 0) throw new Error(`step of range should be a positive number: ${expr}`);
  for (let i = start; i <= end; i += step) into.values.add(i);
  if (star) into.star = true;
}

function parseField(text: string, b: Bounds): Field {
  const f: Field = { values: new Set(), star: false };
  for (const expr of text.split(',').filter((e) => e !== '')) parseRange(expr, b, f);
  return f;
}

function descriptor(spec: string): CronSchedule {
  const any = (b: Bounds) => all(b);
  const build = (m: Field, h: Field, d: Field, mo: Field, w: Field): CronSchedule => ({
    minutes: m.values,
    hours: h.values,
    dom: d.values,
    months: mo.values,
    dow: w.values,
    domStar: d.star,
    dowStar: w.star,
  });
  switch (spec) {
    case '@yearly':
    case '@annually':
      return build(single(0), single(0), single(1), single(1), any(DOW));
    case '@monthly':
      return build(single(0), single(0), single(1), any(MONTHS), any(DOW));
    case '@weekly':
      return build(single(0), single(0), any(DOM), any(MONTHS), single(0));
    case '@daily':
    case '@midnight':
      return build(single(0), single(0), any(DOM), any(MONTHS), any(DOW));
    case '@hourly':
      return build(single(0), any(HOURS), any(DOM), any(MONTHS), any(DOW));
  }
  if (spec.startsWith('@every ')) {
    throw new Error(`failed to parse duration ${spec}: time: invalid duration ${JSON.stringify(spec.slice(7))}`);
  }
  throw new Error(`unrecognized descriptor: ${spec}`);
}

/**
 * Parses a standard cron spec. Throws `Error` whose message is robfig/cron's
 * (`expected exactly 5 fields, found 4: [*\/5 * * *]`), which the API server quotes after
 * `spec.schedule: Invalid value: "<spec>": `. A leading `TZ=`/`CRON_TZ=` is accepted here, as
 * the library does; the API server rejects it separately.
 */
export function parseSchedule(input: string): CronSchedule {
  let spec = input;
  if (spec.length === 0) throw new Error('empty spec string');
  if (spec.startsWith('TZ=') || spec.startsWith('CRON_TZ=')) {
    const i = spec.indexOf(' ');
    const eq = spec.indexOf('=');
    const zone = spec.slice(eq + 1, i < 0 ? undefined : i);
    if (!isValidTimeZone(zone)) throw new Error(`provided bad location ${zone}: unknown time zone ${zone}`);
    spec = i < 0 ? '' : spec.slice(i).trim();
  }
  if (spec.startsWith('@')) return descriptor(spec);
  const fields = spec.split(/\s+/).filter((f) => f !== '');
  if (fields.length !== 5) throw new Error(`expected exactly 5 fields, found ${fields.length}: [${fields.join(' ')}]`);
  const minute = parseField(fields[0]!, MINUTES);
  const hour = parseField(fields[1]!, HOURS);
  const dom = parseField(fields[2]!, DOM);
  const month = parseField(fields[3]!, MONTHS);
  const dow = parseField(fields[4]!, DOW);
  return {
    minutes: minute.values,
    hours: hour.values,
    dom: dom.values,
    months: month.values,
    dow: dow.values,
    domStar: dom.star,
    dowStar: dow.star,
  };
}


function dayMatches(s: CronSchedule, year: number, month: number, day: number): boolean {
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  const domMatch = s.dom.has(day);
  const dowMatch = s.dow.has(weekday);
  if (s.domStar || s.dowStar) return domMatch && dowMatch;
  return domMatch || dowMatch;
}

/**
 * The first activation strictly after `afterMs` (ms since epoch), in time zone `zone`
 * (`UTC` when empty), or undefined when none exists within five years (`30 0 31 2 *`).
 * Works on the zone's wall clock field by field, as robfig/cron's SpecSchedule.Next does.
 */
export function nextTime(s: CronSchedule, afterMs: number, zone = 'UTC'): number | undefined {
  // Start at the next whole minute of wall time.
  const w = wallClock(afterMs, zone);
  let t = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) + 60_000;
  const limit = t + 5 * 366 * 86_400_000;
  while (t <= limit) {
    const d = new Date(t);
    const year = d.getUTCFullYear();
    const month = d.getUTCMonth() + 1;
    if (!s.months.has(month)) {
      t = Date.UTC(year, month, 1);
      continue;
    }
    const day = d.getUTCDate();
    if (!dayMatches(s, year, month, day)) {
      t = Date.UTC(year, month - 1, day + 1);
      continue;
    }
    const hour = d.getUTCHours();
    if (!s.hours.has(hour)) {
      t = Date.UTC(year, month - 1, day, hour + 1);
      continue;
    }
    if (!s.minutes.has(d.getUTCMinutes())) {
      t += 60_000;
      continue;
    }
    const instant = wallToInstant(t, zone);
    if (instant > afterMs) return instant;
    t += 60_000;
  }
  return undefined;
}
