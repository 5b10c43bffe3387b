/**
 * A strategic-merge approximation good enough for `kubectl apply` and `run --overrides`:
 * maps merge recursively, lists of objects merge item by item on their merge key (`name`,
 * `containerPort`, `port`, `mountPath`, `ip`), other lists and scalars are replaced.
 * Keys a previous manifest set and the new one dropped are removed (`pruneRemoved`).
 */

import { getOwn, setOwn } from '../../sim/index.ts';

type Json = unknown;

const MERGE_KEYS = ['name', 'containerPort', 'port', 'mountPath', 'ip', 'devicePath', 'type'];

function isMap(v: Json): v is Record<string, Json> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function mergeKeyOf(items: Json[]): string | undefined {
  if (!items.length || !items.every(isMap)) return undefined;
  return MERGE_KEYS.find((k) => items.every((i) => getOwn(i as object, k) !== undefined));
}

/** `patch` merged onto `base` (neither is modified). */
export function strategicMerge(base: Json, patch: Json): Json {
  if (patch === null) return undefined;
  if (isMap(base) && isMap(patch)) {
    const out: Record<string, Json> = { ...base };
    for (const [k, v] of Object.entries(patch)) {
      const merged = strategicMerge(getOwn(base, k), v);
      if (merged === undefined) delete out[k];
      else setOwn(out, k, merged);
    }
    return out;
  }
  if (Array.isArray(base) && Array.isArray(patch)) {
    const key = mergeKeyOf(patch);
    if (key && base.every(isMap)) {
      return patch.map((p) => {
        const match = base.find((b) => (b as Record<string, Json>)[key] === (p as Record<string, Json>)[key]);
        return match ? strategicMerge(match, p) : p;
      });
    }
  }
  return patch;
}

/** Removes from `target` the keys that `previous` had and `current` no longer has (recursively for maps). */
export function pruneRemoved(target: Json, previous: Json, current: Json): void {
  if (!isMap(target) || !isMap(previous)) return;
  for (const k of Object.keys(previous)) {
    if (!isMap(current) || !Object.prototype.hasOwnProperty.call(current, k)) delete target[k];
    else if (isMap(previous[k]) && isMap(current[k])) pruneRemoved(getOwn(target, k), previous[k], current[k]);
  }
}
