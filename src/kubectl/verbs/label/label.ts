/** `kubectl label TYPE NAME key=value key2- [--overwrite]`. */
import { registerVerb } from '../../cli/registry.ts';
import { completeResources } from '../complete.ts';
import { updateMetadata } from './metadata-update.ts';

registerVerb({
  name: 'label',
  short: 'Update the labels on a resource',
  run: (inv) => updateMetadata(inv, { field: 'labels', noun: 'label', done: 'labeled' }),
  complete: completeResources,
});
