/**
 * From a metric's proposal to the replica count the HPA sets (horizontal.go):
 * without `behavior`, the highest recommendation of the last 5 minutes (the scale-down
 * stabilisation window) and a scale-up limit of max(2x, 4); with `behavior`, the stabilisation
 * windows of each direction and the rate policies (Pods / Percent per period, Max / Min /
 * Disabled). Each returns the count and the AbleToScale / ScalingLimited reasons to set.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

/** One past recommendation or scale change, in cluster ms. */
export interface Timed {
  value: number;
  at: number;
}

export interface Normalized {
  replicas: number;
  able: [string, string];
  limited: [boolean, string, string];
}

const WINDOW_MS = 5 * 60_000;
const UP_STABILIZED = ['ScaleUpStabilized', 'recent recommendations were lower than current one, applying the lowest recent recommendation'] as [
  string,
  string,
];
const DOWN_STABILIZED = ['ScaleDownStabilized', 'recent recommendations were higher than current one, applying the highest recent recommendation'] as [
  string,
  string,
];
const READY = ['ReadyForNewScale', 'recommended size matches current size'] as [string, string];
const WITHIN = ['DesiredWithinRange', 'the desired count is within the acceptable range'];
const TOO_FEW = ['TooFewReplicas', 'the desired replica count is less than the minimum replica count'];
const TOO_MANY = ['TooManyReplicas', 'the desired replica count is more than the maximum replica count'];
const UP_LIMIT = ['ScaleUpLimit', 'the desired replica count is increasing faster than the maximum scale rate'];
const DOWN_LIMIT = ['ScaleDownLimit', 'the desired replica count is decreasing faster than the maximum scale rate'];

/** Records `value` in `recs`, replacing the first sample older than every window. */
function record(recs: Timed[], value: number, now: number, oldIndex: number): void {
  if (oldIndex >= 0) recs[oldIndex] = { value, at: now };
  else recs.push({ value, at: now });
}

/** normalizeDesiredReplicas: the HPA without `behavior`. */
export function normalizeDefault(recs: Timed[], current: number, desired: number, min: number, max: number, now: number): Normalized {
  let stabilized = desired;
  let old = -1;
  recs.forEach((r, i) => {
    if (r.at < now - WINDOW_MS) old = i;
    else if (r.value > stabilized) stabilized = r.value;
  });
  record(recs, desired, now, old);
  const able = stabilized !== desired ? DOWN_STABILIZED : READY;
  const upLimit = Math.max(2 * current, 4);
  const [ceiling, limitReason] = max > upLimit ? [upLimit, UP_LIMIT] : [max, TOO_MANY];
  let out = stabilized;
  let why = WITHIN;
  if (stabilized < min) [out, why] = [min, TOO_FEW];
  else if (stabilized > ceiling) [out, why] = [ceiling, limitReason];
  return { replicas: out, able, limited: [out !== stabilized, why[0]!, why[1]!] };
}

const changeIn = (events: Timed[], periodS: number, now: number) => events.filter((e) => e.at > now - periodS * 1000).reduce((a, e) => a + e.value, 0);

function upLimit(current: number, events: Timed[], rules: Obj, now: number): number {
  if (rules.selectPolicy === 'Disabled') return current;
  const pick = rules.selectPolicy === 'Min' ? Math.min : Math.max;
  let result = rules.selectPolicy === 'Min' ? Infinity : -Infinity;
  for (const p of (rules.policies ?? []) as Obj[]) {
    const start = current - changeIn(events, p.periodSeconds, now);
    const proposed = p.type === 'Pods' ? start + p.value : Math.ceil(start * (1 + p.value / 100));
    result = pick(result, proposed);
  }
  return result;
}

function downLimit(current: number, events: Timed[], rules: Obj, now: number): number {
  if (rules.selectPolicy === 'Disabled') return current;
  const pick = rules.selectPolicy === 'Min' ? Math.max : Math.min;
  let result = rules.selectPolicy === 'Min' ? -Infinity : Infinity;
  for (const p of (rules.policies ?? []) as Obj[]) {
    const start = current + changeIn(events, p.periodSeconds, now);
    const proposed = p.type === 'Pods' ? start - p.value : Math.trunc(start * (1 - p.value / 100));
    result = pick(result, proposed);
  }
  return result;
}

/** normalizeDesiredReplicasWithBehaviors. `ups` / `downs` are past scale changes (replicas added / removed). */
export function normalizeWithBehavior(
  recs: Timed[],
  ups: Timed[],
  downs: Timed[],
  behavior: Obj,
  current: number,
  desired: number,
  min: number,
  max: number,
  now: number,
): Normalized {
  const up = behavior.scaleUp as Obj;
  const down = behavior.scaleDown as Obj;
  const upCutoff = now - (up.stabilizationWindowSeconds ?? 0) * 1000;
  const downCutoff = now - (down.stabilizationWindowSeconds ?? 300) * 1000;
  let upRec = desired;
  let downRec = desired;
  let old = -1;
  recs.forEach((r, i) => {
    if (r.at > upCutoff) upRec = Math.min(r.value, upRec);
    if (r.at > downCutoff) downRec = Math.max(r.value, downRec);
    if (r.at < upCutoff && r.at < downCutoff) old = i;
  });
  let stabilized = current;
  if (stabilized < upRec) stabilized = upRec;
  if (stabilized > downRec) stabilized = downRec;
  record(recs, desired, now, old);
  const able = stabilized !== desired ? (desired >= current ? UP_STABILIZED : DOWN_STABILIZED) : READY;
  let out = stabilized;
  let why = WITHIN;
  if (stabilized > current) {
    const limit = Math.max(upLimit(current, ups, up, now), current);
    const [ceiling, reason] = max > limit ? [limit, UP_LIMIT] : [max, TOO_MANY];
    if (stabilized > ceiling) [out, why] = [ceiling, reason];
  } else if (stabilized < current) {
    const limit = Math.min(downLimit(current, downs, down, now), current);
    const [floor, reason] = min < limit ? [limit, DOWN_LIMIT] : [min, TOO_FEW];
    if (stabilized < floor) [out, why] = [floor, reason];
  }
  return { replicas: out, able, limited: [out !== stabilized, why[0]!, why[1]!] };
}
