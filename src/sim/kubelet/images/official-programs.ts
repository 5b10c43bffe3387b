/**
 * The programs of the official images the catalogue lists (nginx, httpd, redis, the databases,
 * the language images, curl, pause, fluentd, hello-world), by repository: what a container of
 * the image runs for its argv, or undefined to run argv as a shell command. They load with the
 * containers' programs (container-code.ts), not with the catalogue.
 */
import type { ImageMain } from './catalogue.ts';
import { mysqlProgram, postgresProgram } from './databases.ts';
import { httpdProgram, nginxProgram, redisProgram } from './server-programs.ts';
import { isKnownCommand } from '../sh/run.ts';
import { curlProgram, fluentdProgram, helloWorldProgram, interpreterProgram, pauseProgram } from './tools.ts';
import type { ProcessIO, ProgramGen } from '../process.ts';
import type { RunContext } from './catalogue.ts';

/** Runs `entrypoint.sh <args>` images: the server when args name it, else the args themselves. */
function viaEntrypoint(entry: string, server: string, run: (io: ProcessIO, ctx: RunContext) => ProgramGen): ImageMain {
  return (argv, io, ctx) => {
    const args = argv[0] === entry || argv[0] === `/usr/local/bin/${entry}` ? argv.slice(1) : argv;
    if (args[0] === server) return run(io, ctx);
    return undefined;
  };
}

const fluentd: ImageMain = (argv, io) => (argv.includes('fluentd') ? fluentdProgram(io) : undefined);

/** The official images' programs, by repository. */
export const OFFICIAL_PROGRAMS: Readonly<Record<string, ImageMain>> = {
  'docker.io/library/nginx': (argv, io, ctx) => {
    if (argv[0] === 'nginx') return nginxProgram(io, ctx.tag, false);
    if (argv[0] === '/docker-entrypoint.sh' && argv[1] === 'nginx') return nginxProgram(io, ctx.tag, true);
    return undefined;
  },
  'docker.io/library/httpd': (argv, io, ctx) => (argv[0] === 'httpd-foreground' ? httpdProgram(io, ctx.podIP) : undefined),
  'docker.io/library/redis': viaEntrypoint('docker-entrypoint.sh', 'redis-server', (io, ctx) => redisProgram(io, ctx.tag)),
  'docker.io/library/mysql': viaEntrypoint('docker-entrypoint.sh', 'mysqld', (io, ctx) => mysqlProgram(io, ctx.tag)),
  'docker.io/library/postgres': viaEntrypoint('docker-entrypoint.sh', 'postgres', (io, ctx) => postgresProgram(io, ctx.tag)),
  'docker.io/library/python': (argv, io) => interpreterProgram(argv, io, 'python'),
  'docker.io/library/node': (argv, io) => interpreterProgram(argv[0] === 'docker-entrypoint.sh' ? argv.slice(1) : argv, io, 'node'),
  // entrypoint.sh runs `curl "$@"` when the first argument is an option or not a command.
  'docker.io/curlimages/curl': (argv, io) => {
    const rest = argv[0] === '/entrypoint.sh' ? argv.slice(1) : argv;
    if (argv[0] === '/entrypoint.sh' && rest[0] !== undefined && !rest[0].startsWith('-') && rest[0] !== 'curl' && isKnownCommand(rest[0], io.commands))
      return undefined;
    if (argv[0] !== '/entrypoint.sh' && (argv[0]?.split('/').pop() ?? '') !== 'curl') return undefined;
    return curlProgram(rest[0] === 'curl' || rest[0]?.endsWith('/curl') ? rest : ['curl', ...rest], io);
  },
  'registry.k8s.io/pause': (argv, io) => (argv[0] === '/pause' ? pauseProgram(io) : undefined),
  'docker.io/library/fluentd': fluentd,
  'docker.io/fluent/fluentd': fluentd,
  'docker.io/library/hello-world': (argv, io) => (argv[0] === '/hello' ? helloWorldProgram(io) : undefined),
};
