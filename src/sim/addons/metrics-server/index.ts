/**
 * The metrics add-on, all of it: the `cluster addons` entry (register.ts), the documents it
 * publishes (documents.ts, served through addons/documents.ts), the images (images.ts, in the
 * image catalogue), the usage model (usage.ts) and the metrics storage and API (storage.ts).
 */
export { METRICS_SERVER_INSTALLER } from './register.ts';
