/**
 * What the Job controller remembers per Job between reconciles: which finished pods it has
 * counted (the real controller tracks this with the batch.kubernetes.io/job-tracking pod
 * finalizer), pods it deleted itself (not failures), pods that vanished before being counted,
 * and the failure back-off record.
 */

/** Per-Job controller memory. */
export interface JobMemory {
  counted: Set<string>;
  deletedByUs: Set<string>;
  /** Pods that vanished before being counted: uid -> phase at deletion. */
  gone: Map<string, { phase: string; index?: number }>;
  failuresAfterLastSuccess: number;
  lastFailureTime?: number;
  seeded: boolean;
}

/** Memory for a Job seen for the first time. */
export function newMemory(): JobMemory {
  return { counted: new Set(), deletedByUs: new Set(), gone: new Map(), failuresAfterLastSuccess: 0, seeded: false };
}
