/**
 * The programs of more images learners type: small servers (memcached, mongo, rabbitmq, traefik, http-echo,
 * echoserver, nginx-slim) with their first startup log lines, and language toolchains
 * (golang, openjdk, eclipse-temurin) that have a shell and exit at once without a program.
 */
import type { HttpHandler } from '../http.ts';
import type { ProcessIO, ProgramGen } from '../process.ts';
import type { ImageMain } from './catalogue.ts';
import { nginxProgram } from './server-programs.ts';
import { isoMicros } from './time-format.ts';

const base = (argv: string[]) => argv[0]?.split('/').pop() ?? '';

/** Prints `lines` to stdout, listens on `port`, runs until SIGTERM (exit 0). */
function* server(io: ProcessIO, lines: string[], port: number, http?: HttpHandler): ProgramGen {
  for (const l of lines) io.out(`${l}\n`);
  io.listen?.(port, http);
  io.onTerm = function* () {
    return 0;
  };
  yield { pause: true };
  return 0;
}

function* httpEcho(argv: string[], io: ProcessIO): ProgramGen {
  const text = argv.find((a) => a.startsWith('-text='))?.slice(6) ?? argv[argv.indexOf('-text') + 1];
  const listen = argv.find((a) => a.startsWith('-listen='))?.slice(8) ?? ':5678';
  const port = Number(listen.split(':').pop()) || 5678;
  const ts = isoMicros(io.now()).slice(0, 19).replace('T', '/').replace(/-/g, '/');
  if (text === undefined || argv.includes('-text') && text.startsWith('-')) {
    io.err('Missing -text option!\n');
    return 127;
  }
  io.err(`${ts} [INFO] server is listening on ${listen}\n`);
  return yield* server(io, [], port, () => ({ status: 200, body: `${text}\n` }));
}

function echoserver(io: ProcessIO): ProgramGen {
  const body = (req: { path: string }) => `\n\nHostname: ${io.hostname}\n\nPod Information:\n\t-no pod information available-\n\nServer values:\n\tserver_version=nginx: 1.13.3 - lua: 10008\n\nRequest Information:\n\tclient_address=${io.env['POD_IP'] ?? '10.244.1.1'}\n\tmethod=GET\n\treal path=${req.path}\n\tquery=\n\trequest_version=1.1\n\trequest_scheme=http\n\trequest_uri=http://localhost:8080${req.path}\n\nRequest Headers:\n\taccept=*/*\n\thost=localhost:8080\n\nRequest Body:\n\t-no body in request-\n\n`;
  return server(io, [], 8080, (req) => ({ status: 200, body: body(req) }));
}

function memcached(io: ProcessIO): ProgramGen {
  return server(io, [], 11211);
}

function mongo(io: ProcessIO): ProgramGen {
  const ts = new Date(io.now()).toISOString().replace('Z', '+00:00');
  const j = (id: number, ctx: string, msg: string, attr = '{}') => `{"t":{"$date":"${ts}"},"s":"I",  "c":"${ctx}", "id":${id},   "ctx":"main","msg":"${msg}","attr":${attr}}`;
  return server(io, [
    j(4915701, 'CONTROL', 'Initialized wire specification', '{"spec":{"incomingExternalClient":{"minWireVersion":0,"maxWireVersion":25}}}'),
    j(23285, 'CONTROL', 'Automatically disabling TLS 1.0, to force-enable TLS 1.0 specify --sslDisabledProtocols \'none\''),
    j(4648601, 'NETWORK', 'Implicit TCP FastOpen unavailable. If TCP FastOpen is required, set at least one of the related parameters'),
    j(4615611, 'CONTROL', 'MongoDB starting', `{"pid":1,"port":27017,"dbPath":"/data/db","architecture":"64-bit","host":"${io.hostname}"}`),
    j(23015, 'NETWORK', 'Listening on', '{"address":"0.0.0.0"}'),
    j(23016, 'NETWORK', 'Waiting for connections', '{"port":27017,"ssl":"off"}'),
  ], 27017);
}

function rabbitmq(io: ProcessIO): ProgramGen {
  const ts = isoMicros(io.now()).replace('T', ' ').replace('Z', '+00:00');
  const l = (m: string) => `${ts} [info] <0.9.0> ${m}`;
  return server(io, [
    l('Starting RabbitMQ 3.13.7 on Erlang 26.2.5.6 [jit]'),
    l(' Copyright (c) 2007-2024 Broadcom Inc and/or its subsidiaries'),
    l(' Licensed under the MPL 2.0. Website: https://rabbitmq.com'),
    l(`node           : rabbit@${io.hostname}`),
    l('Ready to start client connection listeners'),
    l('started TCP listener on [::]:5672'),
    l('Server startup complete; 4 plugins started.'),
  ], 5672);
}

function traefik(io: ProcessIO): ProgramGen {
  const ts = new Date(io.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
  io.err(`${ts} INF Traefik version 3.3.4 built on 2025-02-25T10:11:01Z version=3.3.4\n`);
  io.err(`${ts} INF Starting provider aggregator *aggregator.ProviderAggregator\n`);
  io.err(`${ts} INF Starting provider *traefik.Provider\n`);
  return server(io, [], 80, () => ({ status: 404, body: '404 page not found\n' }));
}

const jshell: ImageMain = (argv) => (base(argv) === 'jshell' ? (function* (): ProgramGen { return 0; })() : undefined);

/** The programs of the catalogue-more.ts servers and toolchains, by repository. */
export const MORE_PROGRAMS: Readonly<Record<string, ImageMain>> = {
  // The StatefulSet tutorial's nginx-slim runs `nginx -g 'daemon off;'`.
  'registry.k8s.io/nginx-slim': (argv, io) => (base(argv) === 'nginx' && argv.length > 1 ? nginxProgram(io, '1.27', false) : undefined),
  'docker.io/library/memcached': (argv, io) => (argv.includes('memcached') ? memcached(io) : undefined),
  'docker.io/library/mongo': (argv, io) => (argv.includes('mongod') ? mongo(io) : undefined),
  'docker.io/library/rabbitmq': (argv, io) => (argv.includes('rabbitmq-server') ? rabbitmq(io) : undefined),
  'docker.io/library/traefik': (argv, io) => (argv.includes('traefik') ? traefik(io) : undefined),
  'docker.io/hashicorp/http-echo': (argv, io) => (base(argv) === 'http-echo' ? httpEcho(argv, io) : undefined),
  'registry.k8s.io/echoserver': (argv, io) => (base(argv) === 'run.sh' ? echoserver(io) : undefined),
  // jshell with no terminal reads an empty stdin and exits.
  'docker.io/library/openjdk': jshell,
  'docker.io/library/eclipse-temurin': jshell,
  'docker.io/library/golang': jshell,
};
