/**
 * The few documents the simulated network serves over HTTPS: install manifests that the
 * course applies by URL (`kubectl apply -f https://...`). The cluster has no real network, so
 * any other URL answers 404, as kubectl then reports.
 */
import { INGRESS_NGINX_MANIFEST, INGRESS_NGINX_URLS } from './ingress-nginx/manifest.ts';
import { METRICS_DOCUMENTS } from './metrics-server/documents.ts';

const DOCUMENTS = new Map<string, string>([...INGRESS_NGINX_URLS.map((u): [string, string] => [u, INGRESS_NGINX_MANIFEST]), ...METRICS_DOCUMENTS]);

/** The body served at `url`, or undefined when nothing is published there. */
export function remoteDocument(url: string): string | undefined {
  return DOCUMENTS.get(url);
}
