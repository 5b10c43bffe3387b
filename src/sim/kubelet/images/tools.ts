/**
 * Small single-purpose images: pause, curl, interpreters started without a script (they exit
 * at once, having no terminal), fluentd and hello-world.
 */
import { parseUrl } from '../http.ts';
import type { ProcessIO, ProgramGen } from '../process.ts';
import { entrypointTime } from './time-format.ts';

/** registry.k8s.io/pause: sleeps until signalled. */
export function* pauseProgram(io: ProcessIO): ProgramGen {
  io.onTerm = function* () {
    io.err('Shutting down, got signal: Terminated\n');
    return 0;
  };
  yield { pause: true };
  return 0;
}

/** curl options that take a value (the next argument). */
const CURL_VALUE_OPTS = new Set(['-o', '-H', '--header', '-X', '-d', '-w', '-m', '-A', '--resolve', '--connect-timeout', '--max-time', '-u']);

/** What the curl command line asks for: the URL, Host header, --resolve overrides, TLS checking. */
interface CurlOptions {
  url?: string;
  host?: string;
  resolve: Map<string, string>;
  insecure: boolean;
  fail: boolean;
  /** `-o FILE`: where the body goes instead of stdout. */
  output?: string;
  /** `-w FORMAT`: printed after the transfer (`%{http_code}`). */
  writeOut?: string;
}

function curlOptions(args: string[]): CurlOptions {
  const out: CurlOptions = { resolve: new Map<string, string>(), insecure: false, fail: false };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (CURL_VALUE_OPTS.has(a)) {
      const v = args[++i] ?? '';
      if ((a === '-H' || a === '--header') && /^host:/i.test(v)) out.host = v.slice(5).trim();
      if (a === '-o') out.output = v;
      if (a === '-w') out.writeOut = v;
      // --resolve HOST:PORT:ADDRESS sends requests for HOST:PORT to ADDRESS, keeping the Host header.
      if (a === '--resolve') {
        const m = /^([^:]+):(\d+):(.+)$/.exec(v);
        if (m) out.resolve.set(`${m[1]}:${m[2]}`, m[3]!);
      }
    } else if (a === '-k' || a === '--insecure') out.insecure = true;
    else if (a === '-f' || a === '--fail') out.fail = true;
    else if (/^-[a-zA-Z]+$/.test(a)) {
      if (a.includes('k')) out.insecure = true;
      if (a.includes('f')) out.fail = true;
    } else if (!a.startsWith('-')) out.url ??= a;
  }
  return out;
}

/** curl: GET the URL through the simulated network; prints the body (or curl's errors). */
export function* curlProgram(argv: string[], io: ProcessIO): ProgramGen {
  const opts = curlOptions(argv.slice(1));
  const url = opts.url;
  if (!url) {
    io.err("curl: try 'curl --help' or 'curl --manual' for more information\n");
    return 2;
  }
  const target = parseUrl(url);
  if (!target) {
    io.err(`curl: (3) URL rejected: Bad hostname\n`);
    return 3;
  }
  const https = /^https:\/\//i.test(url);
  const defaultPort = https ? 443 : 80;
  const address = opts.resolve.get(`${target.host}:${target.port}`) ?? target.host;
  const hostHeader = opts.host ?? (target.port === defaultPort ? target.host : `${target.host}:${target.port}`);
  const r = io.fetch?.(address, target.port, target.path, 'curl/8.11.0', hostHeader) ?? { error: 'bad-address' as const };
  if ('error' in r) {
    if (r.error === 'bad-address' || r.error === 'dns-timeout') {
      // musl's resolver gives up after two five-second attempts.
      if (r.error === 'dns-timeout') yield { sleep: 10_000 };
      io.err(`curl: (6) Could not resolve host: ${target.host}\n`);
      return 6;
    }
    if (r.error === 'timeout') {
      const i = argv.findIndex((a) => a === '-m' || a === '--max-time' || a === '--connect-timeout');
      const max = i >= 0 ? Number(argv[i + 1]) * 1000 : NaN;
      const wait = max > 0 && max < 130_000 ? max : 130_000;
      yield { sleep: wait };
      io.err(wait < 130_000 ? `curl: (28) Connection timed out after ${wait + 1} milliseconds\n` : `curl: (28) Failed to connect to ${target.host} port ${target.port} after ${wait} ms: Could not connect to server\n`);
      return 28;
    }
    io.err(`curl: (7) Failed to connect to ${target.host} port ${target.port} after 0 ms: Could not connect to server\n`);
    return 7;
  }
  // The servers here present self-signed certificates (the Ingress controller's, or the learner's own).
  if (https && !opts.insecure) {
    io.err(
      'curl: (60) SSL certificate problem: self-signed certificate\nMore details here: https://curl.se/docs/sslcerts.html\n\n' +
        'curl failed to verify the legitimacy of the server and therefore could not\nestablish a secure connection to it. To learn more about this situation and\nhow to fix it, please visit the webpage mentioned above.\n',
    );
    return 60;
  }
  if (opts.fail && r.status >= 400) {
    io.err(`curl: (22) The requested URL returned error: ${r.status}\n`);
    return 22;
  }
  if (opts.output === undefined || opts.output === '-') io.out(r.body);
  else if (opts.output !== '/dev/null') io.fs.write(opts.output.startsWith('/') ? opts.output : `/${opts.output}`, r.body);
  if (opts.writeOut !== undefined) io.out(opts.writeOut.replace(/%\{http_code\}/g, String(r.status)).replace(/\\n/g, '\n'));
  return 0;
}

/**
 * python / node: with no script they read stdin, find it closed and exit 0; `-c`/`-e` with
 * print(...) / console.log(...) of a literal prints it; `python -m http.server` serves forever.
 */
export function interpreterProgram(argv: string[], io: ProcessIO, lang: 'python' | 'node'): ProgramGen | undefined {
  const bin = argv[0]?.split('/').pop() ?? '';
  if (!/^(python3?(\.\d+)?|node)$/.test(bin)) return undefined;
  return interpreterRun(argv, io, lang);
}

function* interpreterRun(argv: string[], io: ProcessIO, lang: 'python' | 'node'): ProgramGen {
  if (argv[1] === '-m' && argv[2] === 'http.server') {
    const port = argv[3] ?? '8000';
    io.out(`Serving HTTP on 0.0.0.0 port ${port} (http://0.0.0.0:${port}/) ...\n`);
    io.listen?.(Number(port), (req) => {
      io.err(`${req.remote} - - [${new Date(io.now()).toUTCString().slice(5, 25)}] "GET ${req.path} HTTP/1.1" 200 -\n`);
      return { status: 200, body: '<!DOCTYPE HTML>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Directory listing for /</title>\n</head>\n<body>\n<h1>Directory listing for /</h1>\n<hr>\n<ul>\n</ul>\n<hr>\n</body>\n</html>\n' };
    });
    yield { pause: true };
    return 0;
  }
  const flag = lang === 'python' ? '-c' : '-e';
  if (argv[1] === flag && argv[2] !== undefined) {
    const re = lang === 'python' ? /print\(\s*(['"])(.*?)\1\s*\)/g : /console\.log\(\s*(['"`])(.*?)\1\s*\)/g;
    for (const m of argv[2].matchAll(re)) io.out(`${m[2]}\n`);
    return 0;
  }
  return 0;
}

/** fluentd: a few startup lines, then runs until stopped. */
export function* fluentdProgram(io: ProcessIO): ProgramGen {
  const t = () => entrypointTime(io.now()).replace('+00:00', ' +0000');
  io.out(`${t()} [info]: init supervisor logger path=nil rotate_age=nil rotate_size=nil\n`);
  io.out(`${t()} [info]: parsing config file is succeeded path="/fluentd/etc/fluent.conf"\n`);
  io.out(`${t()} [info]: gem 'fluentd' version '1.16.6'\n`);
  io.out(`${t()} [info]: starting fluentd-1.16.6 pid=7 ruby="3.2.6"\n`);
  io.out(`${t()} [info]: spawn command to main:  cmdline=["/usr/bin/ruby", "-Eascii-8bit:ascii-8bit", "/usr/bin/fluentd", "-c", "/fluentd/etc/fluent.conf", "-p", "/fluentd/plugins", "--under-supervisor"]\n`);
  io.out(`${t()} [info]: #0 fluentd worker is now running worker=0\n`);
  io.listen?.(24224);
  io.onTerm = function* () {
    io.out(`${t()} [info]: Received graceful stop\n`);
    io.out(`${t()} [info]: #0 fluentd worker is now stopping worker=0\n`);
    return 0;
  };
  yield { pause: true };
  return 0;
}

/** docker.io/library/hello-world. */
export function* helloWorldProgram(io: ProcessIO): ProgramGen {
  io.out(
    [
      '',
      'Hello from Docker!',
      'This message shows that your installation appears to be working correctly.',
      '',
      'To generate this message, Docker took the following steps:',
      ' 1. The Docker client contacted the Docker daemon.',
      ' 2. The Docker daemon pulled the "hello-world" image from the Docker Hub.',
      '    (amd64)',
      ' 3. The Docker daemon created a new container from that image which runs the',
      '    executable that produces the output you are currently reading.',
      ' 4. The Docker daemon streamed that output to the Docker client, which sent it',
      '    to your terminal.',
      '',
      'To try something more ambitious, you can run an Ubuntu container with:',
      ' $ docker run -it ubuntu bash',
      '',
      'Share images, automate workflows, and more with a free Docker ID:',
      ' https://hub.docker.com/',
      '',
      'For more examples and ideas, visit:',
      ' https://docs.docker.com/get-started/',
      '',
    ].join('\n') + '\n',
  );
  return 0;
}
