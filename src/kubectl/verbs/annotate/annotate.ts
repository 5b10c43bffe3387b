/** `kubectl annotate TYPE NAME key=value key2- [--overwrite]`. */
import { registerVerb } from '../../cli/registry.ts';
import { completeResources } from '../complete.ts';
import { updateMetadata } from '../label/metadata-update.ts';

registerVerb({
  name: 'annotate',
  short: 'Update the annotations on a resource',
  run: (inv) => updateMetadata(inv, { field: 'annotations', noun: 'annotation', done: 'annotated' }),
  complete: completeResources,
});
