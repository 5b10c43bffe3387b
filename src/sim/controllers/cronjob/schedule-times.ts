/**
 * Which scheduled time a CronJob should run now (pkg/controller/cronjob/utils.go
 * mostRecentScheduleTime / nextScheduleTime): the latest activation in (earliest, now], where
 * earliest is the last schedule time (or creation), moved up by startingDeadlineSeconds; and
 * whether more than 100 activations were missed.
 */
import { nextTime, type CronSchedule } from '../../api/cron/schedule.ts';

export interface MostRecent {
  /** The activation to run, if any is due. */
  scheduled?: number;
  /** More than 100 missed activations (TooManyMissedTimes). */
  tooMany: boolean;
}

/** The most recent activation not after `now` and after `earliest`. */
export function mostRecentScheduleTime(s: CronSchedule, zone: string, earliest: number, now: number): MostRecent {
  const t1 = nextTime(s, earliest, zone);
  if (t1 === undefined || now < t1) return { tooMany: false };
  const t2 = nextTime(s, t1, zone);
  if (t2 === undefined || now < t2) return { scheduled: t1, tooMany: false };
  const interval = Math.round((t2 - t1) / 1000);
  const missed = Math.floor((now - t1) / 1000 / interval) + 1;
  // Start two intervals before the estimated latest activation and walk forward, as the real
  // controller does, so irregular schedules land on a real activation.
  let t: number | undefined = nextTime(s, t1 + (missed - 2) * interval * 1000, zone);
  let latest = t1;
  while (t !== undefined && t <= now) {
    latest = t;
    t = nextTime(s, t, zone);
  }
  return { scheduled: latest, tooMany: missed > 100 };
}

/** The earliest time the controller considers for a CronJob. */
export function earliestTime(creation: number, lastSchedule: number | undefined, startingDeadlineSeconds: number | undefined, now: number): number {
  let earliest = lastSchedule ?? creation;
  if (startingDeadlineSeconds !== undefined && startingDeadlineSeconds !== null) {
    const deadline = now - startingDeadlineSeconds * 1000;
    if (deadline > earliest) earliest = deadline;
  }
  return earliest;
}
