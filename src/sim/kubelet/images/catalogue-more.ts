/**
 * Catalogue entries beyond the official base images: small servers (memcached, mongo,
 * rabbitmq, traefik, http-echo, echoserver, nginx-slim), language toolchains, the images of
 * the official probe and tutorial pages (goproxy, perl, the guestbook, fluentd-elasticsearch)
 * and the network test images (agnhost, jessie-dnsutils, hello-app). Their programs are in
 * more.ts, probe-demos.ts, tutorial-images.ts and network-tools.ts, which load on first use.
 */
import type { ImageEntry } from './catalogue.ts';

const V = (re: string) => new RegExp(`^(?:${re})$`);

/** A shell image whose default command (a REPL or toolchain) exits at once without a terminal. */
function toolchain(repository: string, tags: string, size: number, cmd: string[]): ImageEntry {
  return { repository, tags: V(tags), size, entrypoint: [], cmd, shell: true, curl: true };
}

const gbFrontend = (repository: string, tags: string): ImageEntry => ({
  repository,
  tags: V(tags),
  size: 512_160_840,
  entrypoint: [],
  cmd: ['apache2-foreground'],
  shell: true,
  curl: true,
});
const gbFollower = (repository: string): ImageEntry => ({ repository, tags: V('v[12]'), size: 38_004_564, entrypoint: [], cmd: ['/run.sh'], shell: true });
const helloApp = (repository: string): ImageEntry => ({ repository, tags: V('[12]\\.0'), size: 4_593_056, entrypoint: ['/hello-app'], cmd: [], shell: false });

/** Catalogue entries of this module. */
export const MORE_IMAGES: ImageEntry[] = [
  // The memory and CPU resource task pages' load generators (programs in stress.ts).
  { repository: 'docker.io/polinux/stress', tags: V('latest|1\\.0\\.4'), size: 4_041_495, entrypoint: [], cmd: ['stress'], shell: true },
  { repository: 'docker.io/vish/stress', tags: V('latest'), size: 1_951_234, entrypoint: ['/stress', '-logtostderr'], cmd: [], shell: false },
  // The CKAD practice sets' "simple server that returns hostname" (program in simpleapp.ts).
  { repository: 'docker.io/dgkanatsios/simpleapp', tags: V('latest'), size: 70_139_310, entrypoint: [], cmd: ['npm', 'start'], shell: true },
  {
    repository: 'registry.k8s.io/nginx-slim',
    tags: V('0\\.\\d{1,2}'),
    size: 20_356_212,
    entrypoint: [],
    cmd: ['nginx', '-g', 'daemon off;'],
    shell: true,
    // The StatefulSet tutorial runs `kubectl exec web-0 -- curl http://localhost/`: the image ships curl.
    curl: true,
  },
  {
    repository: 'docker.io/library/memcached',
    user: 'memcache',
    tags: V('latest|alpine|1(?:\\.6(?:\\.\\d{1,2})?)?(?:-alpine|-bookworm)?'),
    size: 32_745_093,
    entrypoint: ['docker-entrypoint.sh'],
    cmd: ['memcached'],
    shell: true,
  },
  {
    repository: 'docker.io/library/mongo',
    tags: V('latest|[4-8](?:\\.\\d)?(?:\\.\\d{1,2})?(?:-jammy|-noble)?'),
    size: 294_541_114,
    entrypoint: ['docker-entrypoint.sh'],
    cmd: ['mongod'],
    shell: true,
  },
  {
    repository: 'docker.io/library/rabbitmq',
    tags: V('latest|alpine|management|3(?:\\.\\d{1,2})?(?:\\.\\d{1,2})?(?:-management)?(?:-alpine)?|4(?:\\.\\d)?(?:\\.\\d{1,2})?(?:-management)?(?:-alpine)?'),
    size: 98_418_744,
    entrypoint: ['docker-entrypoint.sh'],
    cmd: ['rabbitmq-server'],
    shell: true,
  },
  {
    repository: 'docker.io/library/traefik',
    tags: V('latest|v?[23](?:\\.\\d{1,2})?(?:\\.\\d{1,2})?'),
    size: 53_771_030,
    entrypoint: ['/entrypoint.sh'],
    cmd: ['traefik'],
    shell: true,
  },
  {
    repository: 'docker.io/hashicorp/http-echo',
    tags: V('latest|[01]\\.\\d(?:\\.\\d{1,2})?'),
    size: 3_697_152,
    entrypoint: ['/http-echo'],
    cmd: [],
    shell: false,
  },
  { repository: 'registry.k8s.io/echoserver', tags: V('1\\.\\d{1,2}'), size: 46_237_695, entrypoint: [], cmd: ['/usr/local/bin/run.sh'], shell: true },
  toolchain('docker.io/library/golang', 'latest|alpine|1\\.\\d{2}(?:\\.\\d{1,2})?(?:-alpine|-bookworm)?', 294_216_432, ['bash']),
  toolchain('docker.io/library/openjdk', '(?:8|11|17|21|22)(?:-jdk|-jre)?(?:-slim)?', 246_784_114, ['jshell']),
  toolchain('docker.io/library/eclipse-temurin', '(?:8|11|17|21)(?:-jdk|-jre)?(?:-alpine|-jammy|-noble)?', 201_337_920, ['jshell']),
  // The probes task page's TCP demo.
  { repository: 'registry.k8s.io/goproxy', tags: V('0\\.1'), size: 5_483_858, entrypoint: ['/goproxy'], cmd: [], shell: false },
  {
    repository: 'docker.io/library/perl',
    tags: V(
      'latest|stable|slim|threaded|5(?:\\.(?:3[0-9]|40|28)(?:\\.\\d)?)?(?:-slim|-threaded|-bookworm|-bullseye|-buster|-slim-bookworm|-slim-bullseye|-slim-buster)?',
    ),
    size: 890_617_286,
    entrypoint: [],
    cmd: ['perl5.34.0', '-de0'],
    shell: true,
    curl: true,
  },
  gbFrontend('gcr.io/google-samples/gb-frontend', 'v[3-6]'),
  gbFrontend('us-docker.pkg.dev/google-samples/containers/gke/gb-frontend', 'v[4-6]'),
  gbFollower('gcr.io/google-samples/gb-redis-follower'),
  gbFollower('us-docker.pkg.dev/google-samples/containers/gke/gb-redis-follower'),
  {
    repository: 'quay.io/fluentd_elasticsearch/fluentd',
    tags: V('v2\\.[0-9](?:\\.\\d)?|v3\\.[0-4]\\.\\d|v4\\.[0-7]\\.\\d'),
    size: 140_775_420,
    entrypoint: [],
    cmd: ['/run.sh'],
    shell: true,
  },
  {
    repository: 'registry.k8s.io/e2e-test-images/agnhost',
    tags: V('2\\.(?:[2-5]\\d)'),
    size: 57_034_176,
    entrypoint: ['/agnhost'],
    cmd: ['pause'],
    shell: true,
  },
  { repository: 'registry.k8s.io/e2e-test-images/jessie-dnsutils', tags: V('1\\.[3-7]'), size: 112_349_788, entrypoint: [], cmd: ['bash'], shell: true },
  helloApp('gcr.io/google-samples/hello-app'),
  helloApp('us-docker.pkg.dev/google-samples/containers/gke/hello-app'),
];
