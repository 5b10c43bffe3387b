/**
 * The ingress-nginx images in the catalogue: the controller (nginx plus the Go controller that
 * configures it) and kube-webhook-certgen. What they run loads with the containers' programs
 * (programs.ts).
 */
import type { ImageEntry } from '../../kubelet/images/catalogue.ts';

/** Catalogue entries for the ingress-nginx images. */
export const INGRESS_NGINX_IMAGES: ImageEntry[] = [
  {
    repository: 'registry.k8s.io/ingress-nginx/controller',
    tags: /^v1\.\d{1,2}\.\d{1,2}$/,
    size: 322_384_914,
    entrypoint: ['/usr/bin/dumb-init', '--'],
    cmd: ['/nginx-ingress-controller'],
    shell: true,
    curl: true,
  },
  {
    repository: 'registry.k8s.io/ingress-nginx/kube-webhook-certgen',
    tags: /^v1\.\d{1,2}\.\d{1,2}$/,
    size: 70_402_362,
    entrypoint: ['/kube-webhook-certgen'],
    cmd: [],
    shell: false,
  },
];
