/** `kubectl run --overrides='{json}'`: a JSON patch merged onto the generated Pod. */
import type { KubeObject } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import { strategicMerge } from '../../resource/merge.ts';

/** Merges the override JSON onto `pod`; bad JSON is kubectl's decode error. */
export function mergeOverrides(pod: KubeObject, json: string): KubeObject {
  let patch: unknown;
  try {
    patch = JSON.parse(json);
  } catch (e) {
    throw new CliError(`error: unable to parse ${json}: ${(e as Error).message}`, { plain: true });
  }
  return strategicMerge(pod, patch) as KubeObject;
}
