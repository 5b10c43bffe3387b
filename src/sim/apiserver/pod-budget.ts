/**
 * The cluster-wide Pod budget. A real cluster keeps accepting Pods until etcd or a quota says
 * no; this one lives in a browser tab, where every Pod costs memory and work in every
 * component, so past a budget the API server refuses new Pods the way admission refuses them
 * (403 Forbidden, named by the requested name as admission sees it: a generated name's prefix).
 * Controllers then record FailedCreate and retry with back-off, as they do against a quota.
 */
import { forbidden, type ApiError } from '../api/errors.ts';

/** Pods a cluster may hold at once: ample for any lesson, small enough for a browser tab. */
export const POD_BUDGET = 20_000;

/** The refusal of a Pod past the budget (`pods "web-7d4b9c-" is forbidden: ...`). */
export function podBudgetExceeded(requestedName: string, budget: number): ApiError {
  return forbidden(`pods "${requestedName}" is forbidden: exceeded the cluster's Pod budget: this simulated cluster holds at most ${budget} Pods`);
}
