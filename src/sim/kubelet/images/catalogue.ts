/**
 * The images the simulated registry knows: which tags exist, how big they are, their
 * ENTRYPOINT/CMD, whether they have a shell. This is what pulls, events and errors need, so it
 * is there from the start; what a container of the image does (its program, the busybox-style
 * shell) loads on first use (container-code.ts), except for the kind preset's own images, whose
 * small programs (system.ts) run from the cluster's creation. Anything else fails to pull
 * the way containerd fails (`not found` for a missing tag of a known repository, `pull access
 * denied` for an unknown repository).
 *
 * How it decides what exists: each entry is one repository (normalized, `nginx` ->
 * `docker.io/library/nginx`; `k8s.gcr.io` names map to registry.k8s.io) with a pattern of
 * the tags its registry publishes, written from the registry's tag list: a tag matching the
 * pattern pulls, another tag of that repository is `not found` (`nginx:1.91`), a pull by digest
 * always resolves, a repository on Docker Hub or registry.k8s.io that is not listed is `pull
 * access denied`, and one on another registry fails to resolve that registry's host (the
 * simulated nodes have no route to it). The patterns are deliberately a little generous
 * (any patch number of a listed minor version) rather than an exhaustive list.
 */
import type { Cluster } from '../../cluster.ts';
import { INGRESS_NGINX_IMAGES } from '../../addons/ingress-nginx/images.ts';
import { METRICS_IMAGES } from '../../addons/metrics-server/images.ts';
import type { ProcessIO, ProgramGen } from '../process.ts';
import type { ImageRef } from './reference.ts';
import { MORE_IMAGES } from './catalogue-more.ts';
import { SYSTEM_IMAGES } from './system.ts';

export interface RunContext {
  tag: string;
  /** The Pod IP (known once the sandbox exists). */
  podIP: () => string;
  /**
   * The cluster, for images whose program is a Kubernetes client (an Ingress controller, a
   * certificate job): they act through its API server as their ServiceAccount would.
   */
  cluster?: Cluster;
  /** The Pod's namespace. */
  namespace?: string;
}

export interface ImageInfo {
  repository: string;
  /** Uncompressed size, as `Image size: N bytes.` reports it. */
  size: number;
  entrypoint: string[];
  cmd: string[];
  /** Whether the image has /bin/sh and the busybox-style tools the shell module provides. */
  shell: boolean;
  /** Whether the image ships curl (nginx, the language images); busybox-style images only have wget. */
  curl?: boolean;
  /** The image config's User (`65535:65535`, `curl_user`); unset means root. */
  user?: string;
  /**
   * The image's own program, for the few images whose program is there from the start (the kind
   * preset's); the others' (the add-ons' too) are in the containers' code (`imageProgram`).
   */
  main?: ImageMain;
}

/** An image's own program for `argv`, or undefined to run argv as a shell command. */
export type ImageMain = (argv: string[], io: ProcessIO, ctx: RunContext) => ProgramGen | undefined;

/** A repository of the catalogue: the tags it has and what its images are. */
export interface ImageEntry extends ImageInfo {
  tags: RegExp;
}
type Entry = ImageEntry;

const V = (re: string) => new RegExp(`^(?:${re})$`);

const ENTRIES: Entry[] = [
  {
    repository: 'docker.io/library/nginx',
    tags: V('latest|stable|mainline|alpine|alpine-slim|perl|stable-alpine|mainline-alpine|stable-perl|mainline-perl|1\\.(?:[1-9]|1\\d|2\\d)(?:\\.\\d{1,2})?(?:-alpine|-alpine-slim|-alpine-perl|-perl|-bookworm|-bullseye|-alpine3\\.\\d{2}(?:-slim|-perl)?)?'),
    size: 72_404_038,
    entrypoint: ['/docker-entrypoint.sh'],
    cmd: ['nginx', '-g', 'daemon off;'],
    shell: true,
    curl: true,
  },
  {
    repository: 'docker.io/library/httpd',
    tags: V('latest|alpine|2|2\\.4(?:\\.\\d{1,2})?(?:-alpine)?'),
    size: 58_119_112,
    entrypoint: [],
    cmd: ['httpd-foreground'],
    shell: true,
  },
  {
    repository: 'docker.io/library/redis',
    tags: V('latest|alpine|[67](?:\\.\\d)?(?:\\.\\d{1,2})?(?:-alpine|-bookworm)?'),
    size: 45_922_404,
    entrypoint: ['docker-entrypoint.sh'],
    cmd: ['redis-server'],
    shell: true,
  },
  {
    repository: 'docker.io/library/mysql',
    tags: V('latest|lts|innovation|5\\.7(?:\\.\\d{1,2})?|8(?:\\.[04](?:\\.\\d{1,2})?)?(?:-oracle|-debian)?|9(?:\\.\\d)?'),
    size: 233_640_472,
    entrypoint: ['docker-entrypoint.sh'],
    cmd: ['mysqld'],
    shell: true,
  },
  {
    repository: 'docker.io/library/postgres',
    tags: V('latest|alpine|1[2-7](?:\\.\\d{1,2})?(?:-alpine|-bookworm)?'),
    size: 158_593_117,
    entrypoint: ['docker-entrypoint.sh'],
    cmd: ['postgres'],
    shell: true,
  },
  {
    repository: 'docker.io/library/busybox',
    tags: V('latest|stable|musl|glibc|uclibc|1\\.(?:2[4-9]|3[0-7])(?:\\.\\d)?(?:-musl|-glibc|-uclibc)?'),
    size: 2_167_176,
    entrypoint: [],
    cmd: ['sh'],
    shell: true,
  },
  {
    // The busybox of the official Kubernetes task pages (an old single-layer build).
    repository: 'registry.k8s.io/busybox',
    tags: V('latest|1\\.24|1\\.27(?:\\.2)?'),
    size: 1_144_547,
    entrypoint: [],
    cmd: ['sh'],
    shell: true,
  },
  {
    repository: 'docker.io/library/alpine',
    tags: V('latest|edge|3(?:\\.\\d{1,2})?(?:\\.\\d{1,2})?'),
    size: 3_653_068,
    entrypoint: [],
    cmd: ['/bin/sh'],
    shell: true,
  },
  {
    // bash on Alpine (the Indexed Job page's init container): bash 5 as well as busybox's sh.
    repository: 'docker.io/library/bash',
    tags: V('latest|devel|5(?:\\.\\d{1,2})?(?:\\.\\d{1,2})?(?:-alpine3\\.\\d{2})?'),
    size: 6_291_744,
    entrypoint: ['docker-entrypoint.sh'],
    cmd: ['bash'],
    shell: true,
  },
  {
    repository: 'docker.io/library/ubuntu',
    tags: V('latest|rolling|focal|jammy|noble|oracular|(?:18|20|22|24)\\.04|24\\.10'),
    size: 29_754_290,
    entrypoint: [],
    cmd: ['/bin/bash'],
    shell: true,
  },
  {
    repository: 'docker.io/library/debian',
    tags: V('latest|stable|bookworm|bullseye|bookworm-slim|bullseye-slim|1[12](?:-slim)?'),
    size: 48_494_272,
    entrypoint: [],
    cmd: ['bash'],
    shell: true,
  },
  {
    repository: 'docker.io/library/python',
    curl: true,
    tags: V('latest|alpine|slim|3(?:\\.(?:[89]|1[0-3]))?(?:\\.\\d{1,2})?(?:-slim|-alpine|-bookworm|-slim-bookworm)?'),
    size: 376_221_417,
    entrypoint: [],
    cmd: ['python3'],
    shell: true,
  },
  {
    repository: 'docker.io/library/node',
    curl: true,
    tags: V('latest|lts|current|alpine|slim|lts-alpine|lts-slim|(?:18|20|22|23)(?:\\.\\d{1,2})?(?:\\.\\d{1,2})?(?:-alpine|-slim|-bookworm|-bookworm-slim)?'),
    size: 397_581_216,
    entrypoint: ['docker-entrypoint.sh'],
    cmd: ['node'],
    shell: true,
  },
  {
    repository: 'docker.io/curlimages/curl',
    user: 'curl_user',
    curl: true,
    tags: V('latest|8\\.\\d{1,2}\\.\\d{1,2}'),
    size: 22_482_940,
    entrypoint: ['/entrypoint.sh'],
    cmd: ['curl'],
    shell: true,
  },
  {
    repository: 'registry.k8s.io/pause',
    user: '65535:65535',
    tags: V('3\\.\\d{1,2}|latest'),
    size: 320_368,
    entrypoint: ['/pause'],
    cmd: [],
    shell: false,
  },
  {
    repository: 'docker.io/library/fluentd',
    tags: V('latest|v1\\.\\d{1,2}(?:\\.\\d{1,2})?(?:-\\d)?|edge'),
    size: 41_253_920,
    entrypoint: ['tini', '--', '/bin/entrypoint.sh'],
    cmd: ['fluentd'],
    shell: true,
  },
  {
    repository: 'docker.io/fluent/fluentd',
    user: 'fluent',
    tags: V('latest|edge|v1\\.\\d{1,2}(?:\\.\\d{1,2})?(?:-debian)?(?:-\\d(?:\\.\\d)?)?'),
    size: 41_253_920,
    entrypoint: ['tini', '--', '/bin/entrypoint.sh'],
    cmd: ['fluentd'],
    shell: true,
  },
  {
    repository: 'docker.io/library/hello-world',
    tags: V('latest|linux'),
    size: 13_256,
    entrypoint: [],
    cmd: ['/hello'],
    shell: false,
  },
  ...SYSTEM_IMAGES,
  ...MORE_IMAGES,
  ...INGRESS_NGINX_IMAGES,
  ...METRICS_IMAGES,
];

// k8s.gcr.io is the old name of registry.k8s.io.
const ALIASES: Record<string, string> = {
  'k8s.gcr.io/pause': 'registry.k8s.io/pause',
  'k8s.gcr.io/hpa-example': 'registry.k8s.io/hpa-example',
  'k8s.gcr.io/echoserver': 'registry.k8s.io/echoserver',
  'k8s.gcr.io/nginx-slim': 'registry.k8s.io/nginx-slim',
  'k8s.gcr.io/coredns/coredns': 'registry.k8s.io/coredns/coredns',
  'k8s.gcr.io/e2e-test-images/agnhost': 'registry.k8s.io/e2e-test-images/agnhost',
  'k8s.gcr.io/e2e-test-images/jessie-dnsutils': 'registry.k8s.io/e2e-test-images/jessie-dnsutils',
};

export type PullResult = { image: ImageInfo } | { error: string };

/** What pulling `ref` gives: the image, or containerd's error text (after `rpc error: ...`). */
export function pullImage(ref: ImageRef): PullResult {
  const repo = ALIASES[ref.repository] ?? ref.repository;
  const entry = ENTRIES.find((e) => e.repository === repo);
  const what = `failed to pull and unpack image "${ref.full}": failed to resolve reference "${ref.full}"`;
  if (!entry) {
    if (ref.domain !== 'docker.io' && ref.domain !== 'registry.k8s.io') {
      return {
        error: `rpc error: code = Unknown desc = ${what}: failed to do request: Head "https://${ref.domain}/v2/${ref.path}/manifests/${ref.tag || 'latest'}": dial tcp: lookup ${ref.domain} on 10.96.0.10:53: no such host`,
      };
    }
    return {
      error: `rpc error: code = Unknown desc = ${what}: pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed`,
    };
  }
  if (!ref.digest && !entry.tags.test(ref.tag)) {
    return { error: `rpc error: code = NotFound desc = ${what}: ${ref.full}: not found` };
  }
  return { image: entry };
}
