/**
 * The few documents the simulated network serves over HTTPS: install manifests that the
 * course applies by URL (`kubectl apply -f https://...`), and the example manifests of the
 * kubernetes.io task pages. The cluster has no real network, so
 * any other URL answers 404, as kubectl then reports. The documents are large and rarely
 * fetched, so they load on first use: `await loadRemoteDocuments()` before `remoteDocument`.
 */
let documents: Map<string, string> | undefined;
let loading: Promise<void> | undefined;

/** Loads the published documents (once; later calls share the first load). */
export function loadRemoteDocuments(): Promise<void> {
  loading ??= Promise.all([
    import('./ingress-nginx/manifest.ts'),
    import('./metrics-server/documents.ts'),
    import('./website-examples/manifests.ts'),
  ]).then(([{ INGRESS_NGINX_MANIFEST, INGRESS_NGINX_URLS }, { METRICS_DOCUMENTS }, { WEBSITE_EXAMPLE_DOCUMENTS }]) => {
    documents = new Map<string, string>([
      ...INGRESS_NGINX_URLS.map((u): [string, string] => [u, INGRESS_NGINX_MANIFEST]),
      ...METRICS_DOCUMENTS,
      ...WEBSITE_EXAMPLE_DOCUMENTS,
    ]);
  });
  return loading;
}

/** The body served at `url`, or undefined when nothing is published there. Needs loadRemoteDocuments(). */
export function remoteDocument(url: string): string | undefined {
  if (!documents) throw new Error('the published documents are not loaded (await loadRemoteDocuments() first)');
  return documents.get(url);
}
