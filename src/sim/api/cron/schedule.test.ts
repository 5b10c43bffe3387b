import { describe, expect, it } from 'vitest';
import { nextTime, parseSchedule } from './schedule.ts';
import { formatRFC3339, wallToInstant } from './timezone.ts';

const T = (iso: string) => Date.parse(iso);
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

function nexts(spec: string, from: string, n: number, zone = 'UTC'): (string | undefined)[] {
  const s = parseSchedule(spec);
  const out: (string | undefined)[] = [];
  let t: number | undefined = T(from);
  for (let i = 0; i < n && t !== undefined; i++) {
    t = nextTime(s, t, zone);
    out.push(iso(t));
  }
  return out;
}

describe('parseSchedule', () => {
  it('accepts ranges, lists, steps, names and ?', () => {
    const s = parseSchedule('0,30 9-17/2 ? jan-mar MON-fri');
    expect([...s.minutes]).toEqual([0, 30]);
    expect([...s.hours]).toEqual([9, 11, 13, 15, 17]);
    expect([...s.months]).toEqual([1, 2, 3]);
    expect([...s.dow]).toEqual([1, 2, 3, 4, 5]);
    expect(s.domStar).toBe(true);
    expect([...parseSchedule('5/20 * * * *').minutes]).toEqual([5, 25, 45]);
  });

  it.each([
    ['*/5 * * *', 'expected exactly 5 fields, found 4: [*/5 * * *]'],
    ['* * * * * *', 'expected exactly 5 fields, found 6: [* * * * * *]'],
    ['', 'empty spec string'],
    ['60 * * * *', 'end of range (60) above maximum (59): 60'],
    ['5-2 * * * *', 'beginning of range (5) beyond end of range (2): 5-2'],
    ['* * 0 * *', 'beginning of range (0) below minimum (1): 0'],
    ['*/0 * * * *', 'step of range should be a positive number: */0'],
    ['1-2-3 * * * *', 'too many hyphens: 1-2-3'],
    ['*/2/3 * * * *', 'too many slashes: */2/3'],
    ['x * * * *', 'failed to parse int from x: strconv.Atoi: parsing "x": invalid syntax'],
    ['@fortnightly', 'unrecognized descriptor: @fortnightly'],
  ])('rejects %j with robfig/cron\'s message', (spec, message) => {
    expect(() => parseSchedule(spec)).toThrow(message);
  });

  it('knows the descriptors', () => {
    expect(nexts('@hourly', '2026-11-30T03:07:00Z', 2)).toEqual(['2026-11-30T04:00:00.000Z', '2026-11-30T05:00:00.000Z']);
    expect(nexts('@daily', '2026-11-30T03:07:00Z', 1)).toEqual(['2026-12-01T00:00:00.000Z']);
    expect(nexts('@midnight', '2026-11-30T03:07:00Z', 1)).toEqual(['2026-12-01T00:00:00.000Z']);
    expect(nexts('@weekly', '2026-11-30T03:07:00Z', 1)).toEqual(['2026-12-06T00:00:00.000Z']);
    expect(nexts('@monthly', '2026-11-30T03:07:00Z', 1)).toEqual(['2026-12-01T00:00:00.000Z']);
    expect(nexts('@yearly', '2026-11-30T03:07:00Z', 1)).toEqual(['2027-01-01T00:00:00.000Z']);
    expect(nexts('@annually', '2026-11-30T03:07:00Z', 1)).toEqual(['2027-01-01T00:00:00.000Z']);
  });
});

describe('nextTime', () => {
  it('steps every minute and every five minutes', () => {
    expect(nexts('*/1 * * * *', '2026-11-30T03:06:49Z', 2)).toEqual(['2026-11-30T03:07:00.000Z', '2026-11-30T03:08:00.000Z']);
    expect(nexts('*/5 * * * *', '2026-11-30T03:05:00Z', 2)).toEqual(['2026-11-30T03:10:00.000Z', '2026-11-30T03:15:00.000Z']);
  });

  it('ORs day-of-month and day-of-week when both are restricted, ANDs when one is *', () => {
    // 2026-12-01 is a Tuesday; the 15th is a Tuesday too.
    expect(nexts('0 0 15 * MON', '2026-11-30T12:00:00Z', 3)).toEqual([
      '2026-12-07T00:00:00.000Z',
      '2026-12-14T00:00:00.000Z',
      '2026-12-15T00:00:00.000Z',
    ]);
    expect(nexts('0 0 * * MON', '2026-11-30T12:00:00Z', 1)).toEqual(['2026-12-07T00:00:00.000Z']);
  });

  it('returns undefined for a date that never comes', () => {
    expect(nextTime(parseSchedule('0 0 31 2 *'), T('2026-01-01T00:00:00Z'))).toBeUndefined();
  });

  it('evaluates in a time zone, including DST changes', () => {
    // 09:00 in Tokyo is 00:00 UTC.
    expect(nexts('0 9 * * *', '2026-11-30T03:00:00Z', 1, 'Asia/Tokyo')).toEqual(['2026-12-01T00:00:00.000Z']);
    // London: 09:00 is 09:00 UTC in winter and 08:00 UTC in summer (DST from 2027-03-28).
    expect(nexts('0 9 * * *', '2027-03-27T12:00:00Z', 2, 'Europe/London')).toEqual(['2027-03-28T08:00:00.000Z', '2027-03-29T08:00:00.000Z']);
    expect(formatRFC3339(T('2026-11-30T03:07:00Z'), 'Asia/Tokyo')).toBe('2026-11-30T12:07:00+09:00');
    expect(formatRFC3339(T('2026-11-30T03:07:00Z'), 'UTC')).toBe('2026-11-30T03:07:00Z');
    expect(wallToInstant(Date.UTC(2026, 6, 1, 12), 'Europe/London')).toBe(T('2026-07-01T11:00:00Z'));
  });
});
