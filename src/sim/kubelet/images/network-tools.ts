/**
 * Images the networking tutorials use: agnhost (the Kubernetes e2e test image: `netexec`,
 * `serve-hostname`, `pause`), the dnsutils images (BIND's nslookup and dig on Debian), and
 * Google's hello-app sample. The servers answer with the Pod's hostname, which shows which
 * Pod behind a Service served a request.
 */
import type { HttpHandler } from '../http.ts';
import type { ProcessIO, ProgramGen } from '../process.ts';
import type { ImageMain } from './catalogue.ts';
import { agnhostLiveness } from './probe-demos.ts';


function flag(argv: string[], name: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith(`--${name}=`)) return a.slice(name.length + 3);
    if (a === `--${name}`) return argv[i + 1];
  }
  return undefined;
}

function* serveForever(io: ProcessIO, port: number, http: HttpHandler): ProgramGen {
  io.listen?.(port, http);
  io.onTerm = function* () {
    return 0;
  };
  yield { pause: true };
  return 0;
}

/** `agnhost serve-hostname [--port=9376]`: every HTTP request gets the hostname, no newline. */
function* serveHostname(argv: string[], io: ProcessIO): ProgramGen {
  const port = Number(flag(argv, 'port') ?? 9376);
  io.err(`I0000 00:00:00.000000       1 serve_hostname.go:90] Serving on port ${port}.\n`);
  return yield* serveForever(io, port, () => ({ status: 200, body: io.hostname }));
}

/** `agnhost netexec [--http-port=8080]`: /hostname, /echo?msg=, /clientip, / (the time). */
function* netexec(argv: string[], io: ProcessIO): ProgramGen {
  const port = Number(flag(argv, 'http-port') ?? 8080);
  const udp = Number(flag(argv, 'udp-port') ?? 8081);
  io.err(`I0000 00:00:00.000000       1 log.go:245] Started HTTP server on port ${port}\n`);
  io.err(`I0000 00:00:00.000000       1 log.go:245] Started UDP server on port  ${udp}\n`);
  return yield* serveForever(io, port, (req) => {
    const [path, query = ''] = req.path.split('?');
    if (path === '/hostname') return { status: 200, body: io.hostname };
    if (path === '/clientip') return { status: 200, body: `${req.remote}:43210` };
    if (path === '/echo') {
      const msg = /(?:^|&)msg=([^&]*)/.exec(query)?.[1] ?? '';
      return { status: 200, body: decodeURIComponent(msg.replace(/\+/g, ' ')) };
    }
    if (path === '/healthz' || path === '/readyz') return { status: 200, body: '' };
    if (path === '/') return { status: 200, body: `NOW: ${new Date(io.now()).toISOString().replace('T', ' ').replace(/\.\d+Z$/, '.000000000 +0000 UTC')}` };
    return { status: 404, body: '404 page not found\n' };
  });
}

function* agnhostPause(io: ProcessIO): ProgramGen {
  io.out('Paused\n');
  io.onTerm = function* () {
    io.out('Shutting down, got signal: Terminated\n');
    return 0;
  };
  yield { pause: true };
  return 0;
}

function agnhost(argv: string[], io: ProcessIO): ProgramGen | undefined {
  const i = argv.findIndex((a) => a === '/agnhost' || a === 'agnhost');
  if (i < 0) return undefined;
  const sub = argv[i + 1];
  const rest = argv.slice(i + 2);
  if (sub === 'serve-hostname') return serveHostname(rest, io);
  if (sub === 'netexec') return netexec(rest, io);
  if (sub === 'liveness') return agnhostLiveness(io);
  if (sub === 'pause' || sub === undefined) return agnhostPause(io);
  return (function* (): ProgramGen {
    io.err(`Error: unknown command "${sub}" for "agnhost"\nRun 'agnhost --help' for usage.\n`);
    return 1;
  })();
}

/** hello-app: `Hello, world!`, its version and the hostname, on $PORT (8080). */
function* helloApp(io: ProcessIO, tag: string): ProgramGen {
  const port = Number(io.env['PORT'] ?? 8080);
  const version = tag.startsWith('2') ? '2.0.0' : '1.0.0';
  const t = new Date(io.now()).toISOString().slice(0, 19).replace('T', ' ').replace(/-/g, '/');
  io.err(`${t} Server listening on port ${port}\n`);
  return yield* serveForever(io, port, (req) => {
    io.err(`${new Date(io.now()).toISOString().slice(0, 19).replace('T', ' ').replace(/-/g, '/')} Serving request: ${req.path}\n`);
    return { status: 200, body: `Hello, world!\nVersion: ${version}\nHostname: ${io.hostname}\n` };
  });
}

const helloAppMain: ImageMain = (argv, io, ctx) => (argv[0] === '/hello-app' ? helloApp(io, ctx.tag) : undefined);

/** The network test images' programs, by repository (jessie-dnsutils has none: it runs its shell). */
export const NETWORK_PROGRAMS: Readonly<Record<string, ImageMain>> = {
  'registry.k8s.io/e2e-test-images/agnhost': agnhost,
  'gcr.io/google-samples/hello-app': helloAppMain,
  'us-docker.pkg.dev/google-samples/containers/gke/hello-app': helloAppMain,
};

/** The nslookup flavour an image ships, if any. */
export function dnsFlavour(repository: string, tag: string): 'busybox' | 'busybox-1.28' | 'bind' | undefined {
  if (repository === 'registry.k8s.io/e2e-test-images/jessie-dnsutils' || repository === 'registry.k8s.io/e2e-test-images/agnhost') return 'bind';
  if (repository === 'registry.k8s.io/busybox') return 'busybox-1.28';
  if (repository === 'docker.io/library/busybox') return /^1\.(1\d|2[0-8])(\.|$|-)/.test(tag) ? 'busybox-1.28' : 'busybox';
  if (repository === 'docker.io/library/alpine' || repository === 'docker.io/curlimages/curl' || repository === 'docker.io/library/bash') return 'busybox';
  if ((repository.startsWith('docker.io/library/') && tag.includes('alpine'))) return 'busybox';
  return undefined;
}
