/**
 * The images of the metrics add-on and of the HPA walkthrough in the catalogue: metrics-server
 * and registry.k8s.io/hpa-example (php-apache). What they run loads with the containers'
 * programs (programs.ts).
 */
import type { ImageEntry } from '../../kubelet/images/catalogue.ts';

/** Catalogue entries for metrics-server and the HPA walkthrough's php-apache. */
export const METRICS_IMAGES: ImageEntry[] = [
  {
    repository: 'registry.k8s.io/metrics-server/metrics-server',
    tags: /^v0\.[4-7]\.\d{1,2}$/,
    size: 67_593_216,
    entrypoint: ['/metrics-server'],
    cmd: [],
    shell: false,
  },
  {
    repository: 'registry.k8s.io/hpa-example',
    tags: /^latest$/,
    size: 481_249_564,
    entrypoint: ['docker-php-entrypoint'],
    cmd: ['apache2-foreground'],
    shell: true,
    curl: true,
  },
];
