/**
 * The images of the official "Configure Liveness, Readiness and Startup Probes" task page,
 * with the behaviour its demos rely on:
 *   registry.k8s.io/busybox                          an old busybox with sh (the exec demo)
 *   agnhost liveness (its catalogue entry is in network-tools.ts) /healthz answers 200 for
 *                                                    the first 10 s of the process, then 500
 *   registry.k8s.io/goproxy:0.1                      an HTTP proxy on TCP 8080 (the TCP demo)
 * and which servers implement the gRPC health protocol (etcd on its client port, the gRPC demo).
 */
import type { HttpHandler } from '../http.ts';
import type { ProcessIO, ProgramGen } from '../process.ts';
import type { ImageEntry } from './catalogue.ts';

const V = (re: string) => new RegExp(`^(?:${re})$`);
const base = (argv: string[]) => argv[0]?.split('/').pop() ?? '';

/** Exit code of a Go program whose default SIGTERM handling ends it as PID 1. */
const GO_SIGTERM_EXIT = 2;

/** Listens on `port` until SIGTERM, which a Go server without a handler dies of. */
function* goServer(io: ProcessIO, port: number, http: HttpHandler): ProgramGen {
  io.listen?.(port, http);
  io.onTerm = function* () {
    return GO_SIGTERM_EXIT;
  };
  yield { pause: true };
  return 0;
}

/** agnhost liveness: /healthz is 200 "ok" while the process is at most 10 s old, then 500. */
export function agnhostLiveness(io: ProcessIO): ProgramGen {
  const started = io.now();
  return goServer(io, 8080, (req) => {
    if (req.path.split('?')[0] !== '/healthz') return { status: 404, body: '404 page not found\n' };
    const seconds = (io.now() - started) / 1000;
    return seconds > 10 ? { status: 500, body: `error: ${seconds}` } : { status: 200, body: 'ok' };
  });
}

/** goproxy: a forward proxy; a plain request (not a proxy request) gets its 500. */
function goproxy(io: ProcessIO): ProgramGen {
  return goServer(io, 8080, () => ({ status: 500, body: 'This is a proxy server. Does not respond to non-proxy requests.\n' }));
}

/**
 * Whether a container of `repository` answers the gRPC health protocol on `port` with
 * SERVING (etcd does on its client port 2379).
 */
export function servesGrpcHealth(repository: string, port: number): boolean {
  return repository === 'registry.k8s.io/etcd' && port === 2379;
}

/** Catalogue entries of this module. */
export const PROBE_DEMO_IMAGES: ImageEntry[] = [
  { repository: 'registry.k8s.io/goproxy', tags: V('0\\.1'), size: 5_483_858, entrypoint: ['/goproxy'], cmd: [], shell: false, main: (argv, io) => (base(argv) === 'goproxy' ? goproxy(io) : undefined) },
];
