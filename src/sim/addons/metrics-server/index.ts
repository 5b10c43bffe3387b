/**
 * The metrics add-on, all of it: the `cluster addons` entry (register.ts, with what enabling it
 * creates in release.ts), the documents it publishes (documents.ts, served through
 * addons/documents.ts), the images (images.ts, in the image catalogue) and their programs (programs.ts, with the containers' programs), the usage
 * model (usage.ts), the scrapes (scrape.ts) and the metrics storage and API (storage.ts).
 */
export { METRICS_SERVER_INSTALLER } from './register.ts';
