/** The URLs this add-on's documents are served at, and their bodies (for addons/documents.ts). */
import { METRICS_SERVER_URLS, metricsServerManifest, PHP_APACHE_MANIFEST, PHP_APACHE_URLS } from './manifest.ts';

/** [url, body] pairs. */
export const METRICS_DOCUMENTS: [string, string][] = [
  ...METRICS_SERVER_URLS.map((u): [string, string] => [u, metricsServerManifest()]),
  ...PHP_APACHE_URLS.map((u): [string, string] => [u, PHP_APACHE_MANIFEST]),
];
