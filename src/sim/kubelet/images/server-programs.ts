/**
 * Long-running server images (nginx, httpd, redis): each prints the startup log its official
 * image prints, runs until stopped, and shuts down cleanly on the stop signal.
 */
import type { HttpHandler } from '../http.ts';
import type { ProcessIO, ProgramGen } from '../process.ts';
import { httpdTime, nginxTime, redisTime } from './time-format.ts';
import { accessTime } from './servers.ts';
import { nginxVersion } from './nginx-version.ts';

export { nginxVersion };

const WORKERS = 8;

function gccLine(version: string, alpine: boolean): string {
  const minor = Number(version.split('.')[1]);
  if (alpine) return minor >= 25 ? 'gcc 13.2.1 20240309 (Alpine 13.2.1_git20240309) ' : 'gcc 10.3.1 20211027 (Alpine 10.3.1_git20211027) ';
  if (minor >= 25) return 'gcc 12.2.0 (Debian 12.2.0-14) ';
  if (minor >= 22) return 'gcc 10.2.1 20210110 (Debian 10.2.1-6) ';
  return 'gcc 8.3.0 (Debian 8.3.0-6) ';
}

/** The nginx image: /docker-entrypoint.sh lines, then nginx's notices; SIGQUIT-style shutdown. */
export function* nginxProgram(io: ProcessIO, tag: string, withEntrypoint: boolean): ProgramGen {
  const version = nginxVersion(tag);
  const minor = Number(version.split('.')[1]);
  const alpine = tag.includes('alpine');
  const asUser = (io.user?.uid ?? 0) !== 0;
  if (withEntrypoint) {
    const e = '/docker-entrypoint.sh';
    io.out(`${e}: /docker-entrypoint.d/ is not empty, will attempt to perform configuration\n`);
    io.out(`${e}: Looking for shell scripts in /docker-entrypoint.d/\n`);
    io.out(`${e}: Launching /docker-entrypoint.d/10-listen-on-ipv6-by-default.sh\n`);
    // Not root (a securityContext's runAsUser): the stock configuration is root's, read-only to it.
    if (asUser) io.out('10-listen-on-ipv6-by-default.sh: info: can not modify /etc/nginx/conf.d/default.conf (read-only file system?)\n');
    else {
      io.out('10-listen-on-ipv6-by-default.sh: info: Getting the checksum of /etc/nginx/conf.d/default.conf\n');
      io.out('10-listen-on-ipv6-by-default.sh: info: Enabled listen on IPv6 in /etc/nginx/conf.d/default.conf\n');
    }
    if (minor >= 25) io.out(`${e}: Sourcing /docker-entrypoint.d/15-local-resolvers.envsh\n`);
    io.out(`${e}: Launching /docker-entrypoint.d/20-envsubst-on-templates.sh\n`);
    if (minor >= 21) io.out(`${e}: Launching /docker-entrypoint.d/30-tune-worker-processes.sh\n`);
    io.out(`${e}: Configuration complete; ready for start up\n`);
  }
  if (asUser) {
    // The stock image needs root: it cannot create its cache directories as another user.
    const both = (level: string, msg: string) => io.err(`${nginxTime(io.now())} [${level}] 1#1: ${msg}\nnginx: [${level}] ${msg}\n`);
    both('warn', 'the "user" directive makes sense only if the master process runs with super-user privileges, ignored in /etc/nginx/nginx.conf:2');
    both('emerg', 'mkdir() "/var/cache/nginx/client_temp" failed (13: Permission denied)');
    return 1;
  }
  io.listen?.(80, nginxHandler(io, version));
  const t = nginxTime(io.now());
  const notice = (pid: number, msg: string) => io.err(`${nginxTime(io.now())} [notice] ${pid}#${pid}: ${msg}\n`);
  io.err(`${t} [notice] 1#1: using the "epoll" event method\n`);
  notice(1, `nginx/${version}`);
  notice(1, `built by ${gccLine(version, alpine)}`);
  notice(1, 'OS: Linux 6.8.0-50-generic');
  notice(1, 'getrlimit(RLIMIT_NOFILE): 1048576:1048576');
  notice(1, 'start worker processes');
  for (let i = 0; i < WORKERS; i++) notice(1, `start worker process ${29 + i}`);
  io.onTerm = function* () {
    notice(1, 'signal 3 (SIGQUIT) received, shutting down');
    for (let i = 0; i < WORKERS; i++) notice(29 + i, 'gracefully shutting down');
    for (let i = 0; i < WORKERS; i++) {
      notice(29 + i, 'exiting');
      notice(29 + i, 'exit');
    }
    for (let i = 0; i < WORKERS; i++) {
      notice(1, `signal 17 (SIGCHLD) received from ${29 + i}`);
      notice(1, `worker process ${29 + i} exited with code 0`);
    }
    notice(1, 'exit');
    return 0;
  };
  yield { pause: true };
  return 0;
}

/** Apache httpd 2.4 in the foreground. */
export function* httpdProgram(io: ProcessIO, ip: () => string): ProgramGen {
  const fqdn = `AH00558: httpd: Could not reliably determine the server's fully qualified domain name, using ${ip()}. Set the 'ServerName' directive globally to suppress this message\n`;
  io.err(fqdn);
  io.err(fqdn);
  io.listen?.(80, (req) => {
    const ok = req.path === '/' || req.path === '/index.html';
    return ok ? { status: 200, body: '<html><body><h1>It works!</h1></body></html>\n' } : { status: 404, body: '<!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN">\n<html><head>\n<title>404 Not Found</title>\n</head><body>\n<h1>Not Found</h1>\n<p>The requested URL was not found on this server.</p>\n</body></html>\n' };
  });
  io.err(`[${httpdTime(io.now())}] [mpm_event:notice] [pid 1:tid 1] AH00489: Apache/2.4.62 (Unix) configured -- resuming normal operations\n`);
  io.err(`[${httpdTime(io.now())}] [core:notice] [pid 1:tid 1] AH00094: Command line: 'httpd -D FOREGROUND'\n`);
  io.onTerm = function* () {
    io.err(`[${httpdTime(io.now())}] [mpm_event:notice] [pid 1:tid 1] AH00492: caught SIGWINCH, shutting down gracefully\n`);
    return 0;
  };
  yield { pause: true };
  return 0;
}

/** Redis server (7.x startup log). */
export function* redisProgram(io: ProcessIO, tag: string): ProgramGen {
  const version = /^6/.test(tag) ? '6.2.16' : /^7\.2/.test(tag) ? '7.2.6' : '7.4.1';
  const line = (role: string, mark: string, msg: string) => io.out(`1:${role} ${redisTime(io.now())} ${mark} ${msg}\n`);
  line('C', '#', "WARNING Memory overcommit must be enabled! Without it, a background save or replication may fail under low memory condition. Being disabled, it can also cause failures without low memory condition, see https://github.com/jemalloc/jemalloc/issues/1328. To fix this issue add 'vm.overcommit_memory = 1' to /etc/sysctl.conf and then reboot or run the command 'sysctl vm.overcommit_memory=1' for this to take effect.");
  line('C', '*', 'oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo');
  line('C', '*', `Redis version=${version}, bits=64, commit=00000000, modified=0, pid=1, just started`);
  line('C', '#', 'Warning: no config file specified, using the default config. In order to specify a config file use redis-server /path/to/redis.conf');
  line('M', '*', 'monotonic clock: POSIX clock_gettime');
  line('M', '*', 'Running mode=standalone, port=6379.');
  line('M', '*', 'Server initialized');
  line('M', '*', 'Ready to accept connections tcp');
  io.listen?.(6379);
  io.onTerm = function* () {
    io.out(`1:signal-handler (${Math.floor(io.now() / 1000)}) Received SIGTERM scheduling shutdown...\n`);
    line('M', '*', 'User requested shutdown...');
    line('M', '*', 'Saving the final RDB snapshot before exiting.');
    line('M', '*', 'DB saved on disk');
    line('M', '#', 'Redis is now ready to exit, bye bye...');
    return 0;
  };
  yield { pause: true };
  return 0;
}

/** The stock index.html: 615 bytes since nginx 1.21 (dark-mode aware), 612 bytes before. */
export function welcomePage(version: string): string {
  const style =
    Number(version.split('.')[1]) >= 21
      ? 'html { color-scheme: light dark; }\nbody { width: 35em; margin: 0 auto;\nfont-family: Tahoma, Verdana, Arial, sans-serif; }\n'
      : '    body {\n        width: 35em;\n        margin: 0 auto;\n        font-family: Tahoma, Verdana, Arial, sans-serif;\n    }\n';
  return `<!DOCTYPE html>
<html>
<head>
<title>Welcome to nginx!</title>
<style>
${style}</style>
</head>
<body>
<h1>Welcome to nginx!</h1>
<p>If you see this page, the nginx web server is successfully installed and
working. Further configuration is required.</p>

<p>For online documentation and support please refer to
<a href="http://nginx.org/">nginx.org</a>.<br/>
Commercial support is available at
<a href="http://nginx.com/">nginx.com</a>.</p>

<p><em>Thank you for using nginx.</em></p>
</body>
</html>
`;
}

/**
 * nginx's default server: files under /usr/share/nginx/html (a mounted ConfigMap shows up
 * there), the welcome page for `/`, 404 otherwise; one access log line per request on stdout.
 */
function nginxHandler(io: ProcessIO, version: string): HttpHandler {
  return (req) => {
    const file = req.path.endsWith('/') ? `${req.path}index.html` : req.path;
    const content = io.fs.read(`/usr/share/nginx/html${file}`);
    const errorPage = (status: number, title: string) => ({
      status,
      body: `<html>\n<head><title>${status} ${title}</title></head>\n<body>\n<center><h1>${status} ${title}</h1></center>\n<hr><center>nginx/${version}</center>\n</body>\n</html>\n`,
    });
    // A directory without index.html (an empty volume mounted over the html directory) is
    // refused: nginx's default server has no autoindex.
    const dir = req.path.endsWith('/') ? `/usr/share/nginx/html${req.path}` : undefined;
    const forbidden = content === undefined && dir !== undefined && io.fs.isDir(dir);
    const res =
      content !== undefined
        ? { status: 200, body: content }
        : forbidden
          ? errorPage(403, 'Forbidden')
          : file === '/index.html'
            ? { status: 200, body: welcomePage(version) }
            : errorPage(404, 'Not Found');
    io.out(`${req.remote} - - [${accessTime(io.now())}] "GET ${req.path} HTTP/1.1" ${res.status} ${res.body.length} "-" "${req.agent}" "-"\n`);
    const where = `client: ${req.remote}, server: localhost, request: "GET ${req.path} HTTP/1.1", host: "localhost"`;
    if (res.status === 404) {
      io.err(`${nginxTime(io.now())} [error] 29#29: *1 open() "/usr/share/nginx/html${req.path}" failed (2: No such file or directory), ${where}\n`);
    } else if (res.status === 403) {
      io.err(`${nginxTime(io.now())} [error] 29#29: *1 directory index of "${dir}" is forbidden, ${where}\n`);
    }
    return res;
  };
}
