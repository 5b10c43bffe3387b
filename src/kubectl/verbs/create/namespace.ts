/** `kubectl create namespace NAME`. */
import type { Verb } from '../../cli/verb.ts';
import { createGenerated, nameArg } from './shared.ts';

export const namespaceCommand: Verb = {
  name: 'namespace',
  aliases: ['ns'],
  short: 'Create a namespace with the specified name',
  run: async (inv) =>
    createGenerated(inv, 'namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: nameArg(inv) }, spec: {}, status: {} }),
};
