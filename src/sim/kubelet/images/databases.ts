/**
 * Database images whose entrypoints refuse to start without credentials: mysql and postgres
 * print their real error and exit 1 (a classic CrashLoopBackOff lesson); with a password they
 * initialise for a few seconds and then serve until stopped.
 */
import type { ProcessIO, ProgramGen } from '../process.ts';
import { entrypointTime, isoMicros } from './time-format.ts';

function mysqlVersion(tag: string): string {
  if (tag.startsWith('5.7')) return '5.7.44-1.el7';
  if (tag.startsWith('8.4') || tag === 'lts') return '8.4.3-1.el9';
  if (tag.startsWith('9') || tag === 'latest' || tag === 'innovation') return '9.1.0-1.el9';
  return '8.0.40-1.el9';
}

/** The mysql image's docker-entrypoint.sh + mysqld. */
export function* mysqlProgram(io: ProcessIO, tag: string): ProgramGen {
  const version = mysqlVersion(tag);
  const note = (msg: string) => io.out(`${entrypointTime(io.now())} [Note] [Entrypoint]: ${msg}\n`);
  note(`Entrypoint script for MySQL Server ${version} started.`);
  yield { sleep: 300 };
  note("Switching to dedicated user 'mysql'");
  note(`Entrypoint script for MySQL Server ${version} started.`);
  const env = io.env;
  if (!env['MYSQL_ROOT_PASSWORD'] && !env['MYSQL_ALLOW_EMPTY_PASSWORD'] && !env['MYSQL_RANDOM_ROOT_PASSWORD']) {
    io.err(`${entrypointTime(io.now())} [ERROR] [Entrypoint]: Database is uninitialized and password option is not specified\n`);
    io.err('    You need to specify one of the following as an environment variable:\n');
    io.err('    - MYSQL_ROOT_PASSWORD\n');
    io.err('    - MYSQL_ALLOW_EMPTY_PASSWORD\n');
    io.err('    - MYSQL_RANDOM_ROOT_PASSWORD\n');
    return 1;
  }
  const short = version.replace(/-.*$/, '');
  const sys = (level: string, code: string, sub: string, msg: string) =>
    io.err(`${isoMicros(io.now())} 0 [${level}] [${code}] [${sub}] ${msg}\n`);
  note('Initializing database files');
  sys('System', 'MY-013169', 'Server', `/usr/sbin/mysqld (mysqld ${short}) initializing of server in progress as process 80`);
  yield { sleep: 4000 };
  note('Database files initialized');
  note('Starting temporary server');
  yield { sleep: 2000 };
  note('Temporary server started.');
  note('Stopping temporary server');
  yield { sleep: 2000 };
  note('Temporary server stopped');
  io.out('\n');
  note('MySQL init process done. Ready for start up.');
  io.out('\n');
  sys('System', 'MY-010116', 'Server', `/usr/sbin/mysqld (mysqld ${short}) starting as process 1`);
  sys('System', 'MY-013576', 'InnoDB', 'InnoDB initialization has started.');
  yield { sleep: 1000 };
  sys('System', 'MY-013577', 'InnoDB', 'InnoDB initialization has ended.');
  io.listen?.(3306);
  io.listen?.(33060);
  sys('System', 'MY-011323', 'Server', "X Plugin ready for connections. Bind-address: '::' port: 33060, socket: /var/run/mysqld/mysqlx.sock");
  sys('System', 'MY-010931', 'Server', `/usr/sbin/mysqld: ready for connections. Version: '${short}'  socket: '/var/run/mysqld/mysqld.sock'  port: 3306  MySQL Community Server - GPL.`);
  io.onTerm = function* () {
    sys('System', 'MY-013172', 'Server', `Received SHUTDOWN from user <via user signal>. Shutting down mysqld (Version: ${short}).`);
    yield { sleep: 1500 };
    sys('System', 'MY-010910', 'Server', `/usr/sbin/mysqld: Shutdown complete (mysqld ${short})  MySQL Community Server - GPL.`);
    return 0;
  };
  yield { pause: true };
  return 0;
}

function postgresVersion(tag: string): string {
  const major = /^(\d+)/.exec(tag)?.[1] ?? '17';
  const FULL: Record<string, string> = { '12': '12.22', '13': '13.18', '14': '14.15', '15': '15.10', '16': '16.6', '17': '17.2' };
  return FULL[major] ?? '17.2';
}

/** The postgres image's docker-entrypoint.sh + postgres. */
export function* postgresProgram(io: ProcessIO, tag: string): ProgramGen {
  const env = io.env;
  if (!env['POSTGRES_PASSWORD'] && env['POSTGRES_HOST_AUTH_METHOD'] !== 'trust') {
    for (const l of [
      'Error: Database is uninitialized and superuser password is not specified.',
      '       You must specify POSTGRES_PASSWORD to a non-empty value for the',
      '       superuser. For example, "-e POSTGRES_PASSWORD=password" on "docker run".',
      '',
      '       You may also use "POSTGRES_HOST_AUTH_METHOD=trust" to allow all',
      '       connections without a password. This is *not* recommended.',
      '',
      '       See PostgreSQL documentation about "trust":',
      '       https://www.postgresql.org/docs/current/auth-trust.html',
    ]) {
      io.err(l + '\n');
    }
    return 1;
  }
  const version = postgresVersion(tag);
  const log = (msg: string) => io.err(`${new Date(io.now()).toISOString().replace('T', ' ').replace('Z', ' UTC')} [1] LOG:  ${msg}\n`);
  io.out('The files belonging to this database system will be owned by user "postgres".\n');
  io.out('This user must also own the server process.\n\n');
  io.out('The database cluster will be initialized with locale "en_US.utf8".\n');
  io.out('The default database encoding has accordingly been set to "UTF8".\n');
  io.out('The default text search configuration will be set to "english".\n\n');
  yield { sleep: 2500 };
  io.out('Success. You can now start the database server using:\n\n');
  io.out('    pg_ctl -D /var/lib/postgresql/data -l logfile start\n\n');
  io.out('\nPostgreSQL init process complete; ready for start up.\n\n');
  log(`starting PostgreSQL ${version} (Debian ${version}-1.pgdg120+1) on x86_64-pc-linux-gnu, compiled by gcc (Debian 12.2.0-14) 12.2.0, 64-bit`);
  log('listening on IPv4 address "0.0.0.0", port 5432');
  log('listening on IPv6 address "::", port 5432');
  log('listening on Unix socket "/var/run/postgresql/.s.PGSQL.5432"');
  log('database system is ready to accept connections');
  io.listen?.(5432);
  io.onTerm = function* () {
    log('received smart shutdown request');
    log('background worker "logical replication launcher" (PID 70) exited with exit code 1');
    log('shutting down');
    log('database system is shut down');
    return 0;
  };
  yield { pause: true };
  return 0;
}
