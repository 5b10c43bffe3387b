/**
 * What the images of the metrics add-on and of the HPA walkthrough run, loaded with the
 * containers' programs (their catalogue entries are in images.ts):
 *   - registry.k8s.io/metrics-server/metrics-server: scrapes every kubelet each
 *     --metric-resolution (15s in components.yaml), serves /livez and /readyz on 10250, and is
 *     ready once it holds node metrics. Without --kubelet-insecure-tls it cannot verify a kind
 *     kubelet's self-signed certificate (no IP SANs), so every scrape fails and it never gets ready.
 *   - registry.k8s.io/hpa-example: php-apache whose index.php computes a million square roots
 *     and answers `OK!`; each request costs CPU time, which is what the HPA walkthrough scales on.
 * Log lines follow the real programs' formats; their exact wording is reconstructed.
 */
import type { Cluster } from '../../cluster.ts';
import type { ImageMain } from '../../kubelet/images/catalogue.ts';
import { klog } from '../../kubelet/images/system.ts';
import { httpdTime } from '../../kubelet/images/time-format.ts';
import type { ProcessIO, ProgramGen } from '../../kubelet/process.ts';
import { accessTime } from '../../kubelet/images/servers.ts';
import { resetStorage, scrape } from './scrape.ts';
import { storageReady } from './storage.ts';
import { chargeCpu } from './usage.ts';

/** CPU time one php-apache request takes (core-seconds). */
export const PHP_REQUEST_CPU_SECONDS = 0.007;

function resolutionMs(argv: string[]): number {
  const flag = argv.find((a) => a.startsWith('--metric-resolution='));
  const m = flag ? /^(\d+)(s|m)$/.exec(flag.split('=')[1] ?? '') : null;
  if (!m) return 60_000;
  return Number(m[1]) * (m[2] === 'm' ? 60_000 : 1000);
}

function nodeIP(cluster: Cluster, name: string): string {
  const n = cluster.store.get('nodes', '', name);
  return ((n?.status?.addresses ?? []) as { type: string; address: string }[]).find((a) => a.type === 'InternalIP')?.address ?? name;
}

function* metricsServerProgram(io: ProcessIO, cluster: Cluster | undefined, argv: string[]): ProgramGen {
  const insecure = argv.includes('--kubelet-insecure-tls');
  const every = resolutionMs(argv);
  const t = io.now();
  io.err(`${klog(t, 'serving.go:374')}Generated self-signed cert (/tmp/apiserver.crt, /tmp/apiserver.key)\n`);
  io.err(`${klog(t, 'handler.go:275')}Adding GroupVersion metrics.k8s.io v1beta1 to ResourceManager\n`);
  io.err(`${klog(t, 'requestheader_controller.go:169')}Starting RequestHeaderAuthRequestController\n`);
  io.err(`${klog(t, 'secure_serving.go:213')}Serving securely on [::]:10250\n`);
  if (!cluster) {
    yield { pause: true };
    return 0;
  }
  const store = resetStorage(cluster);
  io.listen?.(10250, (req) => {
    if (req.path === '/livez') return { status: 200, body: 'ok' };
    if (req.path === '/readyz') {
      if (storageReady(cluster)) return { status: 200, body: 'ok' };
      io.err(`${klog(io.now(), 'server.go:191')}"Failed probe" probe="metric-storage-ready" err="no metrics to serve"\n`);
      return { status: 500, body: '[-]metric-storage-ready failed: reason withheld\nreadyz check failed\n' };
    }
    return { status: 404, body: '404 page not found\n' };
  });
  io.onTerm = function* () {
    return 0;
  };
  for (;;) {
    if (insecure) scrape(cluster, store);
    else {
      for (const n of cluster.store.list('nodes')) {
        const ip = nodeIP(cluster, n.metadata.name!);
        io.err(
          `${klog(io.now(), 'scraper.go:149', 'E')}"Failed to scrape node" err="Get \\"https://${ip}:10250/metrics/resource\\": tls: failed to verify certificate: x509: cannot validate certificate for ${ip} because it doesn't contain any IP SANs" node="${n.metadata.name}"\n`,
        );
      }
    }
    yield { sleep: every };
  }
}

function* phpApacheProgram(io: ProcessIO, ip: () => string): ProgramGen {
  const fqdn = `AH00558: apache2: Could not reliably determine the server's fully qualified domain name, using ${ip()}. Set the 'ServerName' directive globally to suppress this message\n`;
  io.err(fqdn);
  io.err(fqdn);
  io.err(`[${httpdTime(io.now())}] [mpm_prefork:notice] [pid 1] AH00163: Apache/2.4.10 (Debian) PHP/5.6.40 configured -- resuming normal operations\n`);
  io.err(`[${httpdTime(io.now())}] [core:notice] [pid 1] AH00094: Command line: 'apache2 -D FOREGROUND'\n`);
  io.listen?.(80, (req) => {
    const ok = req.path === '/' || req.path === '/index.php';
    if (ok) chargeCpu(io, PHP_REQUEST_CPU_SECONDS);
    const res = ok
      ? { status: 200, body: 'OK!' }
      : {
          status: 404,
          body: '<!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN">\n<html><head>\n<title>404 Not Found</title>\n</head><body>\n<h1>Not Found</h1>\n<p>The requested URL was not found on this server.</p>\n</body></html>\n',
        };
    io.out(`${req.remote} - - [${accessTime(io.now())}] "GET ${req.path} HTTP/1.1" ${res.status} ${res.body.length} "-" "${req.agent}"\n`);
    return res;
  });
  io.onTerm = function* () {
    io.err(`[${httpdTime(io.now())}] [mpm_prefork:notice] [pid 1] AH00169: caught SIGTERM, shutting down\n`);
    return 0;
  };
  yield { pause: true };
  return 0;
}

/** The programs of metrics-server and php-apache, by repository. */
export const METRICS_PROGRAMS: Readonly<Record<string, ImageMain>> = {
  'registry.k8s.io/metrics-server/metrics-server': (argv, io, ctx) => (argv[0] === '/metrics-server' ? metricsServerProgram(io, ctx.cluster, argv) : undefined),
  'registry.k8s.io/hpa-example': (argv, io, ctx) => {
    const args = argv[0] === 'docker-php-entrypoint' ? argv.slice(1) : argv;
    return args[0] === 'apache2-foreground' ? phpApacheProgram(io, ctx.podIP) : undefined;
  },
};
