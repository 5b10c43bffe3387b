/**
 * The images of the official "Configure Liveness, Readiness and Startup Probes" task page,
 * with the behaviour its demos rely on:
 *   registry.k8s.io/busybox                          an old busybox with sh (the exec demo)
 *   agnhost liveness (its catalogue entry is in network-tools.ts) /healthz answers 200 for
 *                                                    the first 10 s of the process, then 500
 *   registry.k8s.io/goproxy:0.1                      an HTTP proxy on TCP 8080 (the TCP demo)
 * (Which servers implement the gRPC health protocol is known from the start: probes.ts.)
 */
import type { HttpHandler } from '../http.ts';
import type { ProcessIO, ProgramGen } from '../process.ts';
import type { ImageMain } from './catalogue.ts';

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

/** The probe demos' programs, by repository (agnhost's is in network-tools.ts). */
export const PROBE_DEMO_PROGRAMS: Readonly<Record<string, ImageMain>> = {
  'registry.k8s.io/goproxy': (argv, io) => (base(argv) === 'goproxy' ? goproxy(io) : undefined),
};
