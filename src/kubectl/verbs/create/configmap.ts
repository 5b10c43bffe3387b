/** `kubectl create configmap NAME [--from-literal|--from-file|--from-env-file]`. */
import type { Verb } from '../../cli/verb.ts';
import { createGenerated, nameArg } from './shared.ts';
import { collectData } from './sources.ts';

export const configmapCommand: Verb = {
  name: 'configmap',
  aliases: ['cm'],
  short: 'Create a config map from a local file, directory or literal value',
  run: async (inv) => {
    const name = nameArg(inv);
    const pairs = collectData(inv, 'ConfigMap', name);
    const obj = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, ...(pairs.length ? { data: Object.fromEntries(pairs) } : {}) };
    return createGenerated(inv, 'configmaps', obj, 'failed to create configmap: ');
  },
};
