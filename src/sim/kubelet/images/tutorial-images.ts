/**
 * Images of the official task pages that earlier modules lack: perl (the pi Job of the Jobs
 * page), the guestbook's gb-frontend and gb-redis-follower, and the fluentd-elasticsearch
 * image of the DaemonSet page.
 */
import type { ProcessIO, ProgramGen } from '../process.ts';
import type { ImageMain } from './catalogue.ts';
import { redisProgram } from './server-programs.ts';
import { fluentdProgram } from './tools.ts';
import { httpdTime } from './time-format.ts';

const base = (argv: string[]) => argv[0]?.split('/').pop() ?? '';

/** 1/x as a fixed-point number scaled by `one`, by its Taylor series (Machin's formula needs 1/5 and 1/239). */
function arctanInverse(x: bigint, one: bigint): bigint {
  let sum = 0n;
  let term = one / x;
  const x2 = x * x;
  for (let n = 1n, sign = 1n; term !== 0n; n += 2n, sign = -sign) {
    sum += (sign * term) / n;
    term /= x2;
  }
  return sum;
}

/**
 * Pi to `digits` significant digits, rounded as Math::BigFloat's bpi rounds (to nearest): what
 * `perl -Mbignum=bpi -wle 'print bpi(N)'` prints. Computed with Machin's formula on BigInt.
 */
export function piDigits(digits: number): string {
  const guard = 12;
  const one = 10n ** BigInt(digits - 1 + guard);
  const pi = 4n * (4n * arctanInverse(5n, one) - arctanInverse(239n, one));
  const rounded = (pi + 5n * 10n ** BigInt(guard - 1)) / 10n ** BigInt(guard);
  const s = rounded.toString();
  return digits <= 1 ? s : `${s[0]}.${s.slice(1)}`;
}

/** CPU time perl spends on bpi(N), roughly quadratic in N (2000 digits take about a second). */
const piMillis = (n: number) => Math.max(50, Math.round((n * n) / 4000));

/** perl: `-v`, and `-e`/`-le` scripts that print bpi(N) or a quoted string; others are refused by name. */
function* perlProgram(argv: string[], io: ProcessIO): ProgramGen {
  const args = argv.slice(1);
  if (args[0] === '-v' || args[0] === '--version') {
    io.out('\nThis is perl 5, version 34, subversion 0 (v5.34.0) built for x86_64-linux-gnu\n\nCopyright 1987-2021, Larry Wall\n\n');
    return 0;
  }
  const i = args.findIndex((a) => /^-\w*e$/.test(a));
  if (i < 0) return 0; // perl reading an empty stdin runs nothing.
  const flags = args[i]!;
  const script = args[i + 1] ?? '';
  const newline = flags.includes('l') ? '\n' : '';
  const bignum = args.slice(0, i).some((a) => a.startsWith('-Mbignum') || a.startsWith('-Mbigrat') || a.startsWith('-MMath::BigFloat'));
  const pi = /^\s*print\s*\(?\s*bpi\s*\(\s*(\d+)\s*\)\s*\)?\s*;?\s*$/.exec(script);
  if (pi && bignum) {
    const n = Math.min(Number(pi[1]), 20_000);
    yield { sleep: piMillis(n) };
    io.out(piDigits(n) + newline);
    return 0;
  }
  const str = /^\s*print\s*\(?\s*(["'])((?:(?!\1).)*)\1\s*\)?\s*;?\s*$/.exec(script);
  if (str) {
    const text = str[1] === '"' ? str[2]!.replace(/\\n/g, '\n').replace(/\\t/g, '\t') : str[2]!;
    io.out(text + newline);
    return 0;
  }
  if (pi) {
    io.err(`Undefined subroutine &main::bpi called at -e line 1.\n`);
    return 255;
  }
  io.err(`The simulated perl runs only print statements (print "text", print bpi(N)); this script was not run.\n`);
  return 255;
}

/** The guestbook front end (Apache with PHP): the page it serves and Apache's startup lines. */
function* gbFrontend(io: ProcessIO, ip: () => string): ProgramGen {
  const fqdn = `AH00558: apache2: Could not reliably determine the server's fully qualified domain name, using ${ip()}. Set the 'ServerName' directive globally to suppress this message\n`;
  io.err(fqdn);
  io.err(fqdn);
  io.err(`[${httpdTime(io.now())}] [mpm_prefork:notice] [pid 1] AH00163: Apache/2.4.10 (Debian) PHP/5.6.20 configured -- resuming normal operations\n`);
  io.err(`[${httpdTime(io.now())}] [core:notice] [pid 1] AH00094: Command line: 'apache2 -D FOREGROUND'\n`);
  const page =
    '<html ng-app="redis">\n  <head>\n    <title>Guestbook</title>\n    <link rel="stylesheet" href="//netdna.bootstrapcdn.com/bootstrap/3.1.1/css/bootstrap.min.css">\n    <script src="https://ajax.googleapis.com/ajax/libs/angularjs/1.2.12/angular.min.js"></script>\n    <script src="controllers.js"></script>\n    <script src="https://cdnjs.cloudflare.com/ajax/libs/angular-ui-bootstrap/0.13.0/ui-bootstrap-tpls.js"></script>\n  </head>\n  <body ng-controller="RedisCtrl">\n    <div style="width: 50%; margin-left: 20px">\n      <h2>Guestbook</h2>\n    <form>\n    <fieldset>\n    <input ng-model="msg" placeholder="Messages" class="form-control" type="text" name="input"><br>\n    <button type="button" class="btn btn-primary" ng-click="controller.onRedis()">Submit</button>\n    </fieldset>\n    </form>\n    <div>\n      <div ng-repeat="msg in messages track by $index">\n        {{msg}}\n      </div>\n    </div>\n    </div>\n  </body>\n</html>\n';
  io.listen?.(80, (req) =>
    req.path === '/' || req.path === '/index.html'
      ? { status: 200, body: page }
      : {
          status: 404,
          body: '<!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN">\n<html><head>\n<title>404 Not Found</title>\n</head><body>\n<h1>Not Found</h1>\n</body></html>\n',
        },
  );
  io.onTerm = function* () {
    io.err(`[${httpdTime(io.now())}] [mpm_prefork:notice] [pid 1] AH00169: caught SIGTERM, shutting down\n`);
    return 0;
  };
  yield { pause: true };
  return 0;
}

const guestbookFrontend: ImageMain = (argv, io, ctx) => (base(argv) === 'apache2-foreground' ? gbFrontend(io, ctx.podIP) : undefined);
const guestbookFollower: ImageMain = (argv, io) => (base(argv) === 'run.sh' ? redisProgram(io, '6.0.5') : undefined);

/** The tutorials' programs, by repository. */
export const TUTORIAL_PROGRAMS: Readonly<Record<string, ImageMain>> = {
  // `perl -de0` without a terminal reads an empty stdin and exits.
  'docker.io/library/perl': (argv, io) => (/^perl[\d.]*$/.test(base(argv)) ? perlProgram(argv[1] === '-de0' ? [argv[0]!] : argv, io) : undefined),
  'gcr.io/google-samples/gb-frontend': guestbookFrontend,
  'us-docker.pkg.dev/google-samples/containers/gke/gb-frontend': guestbookFrontend,
  'gcr.io/google-samples/gb-redis-follower': guestbookFollower,
  'us-docker.pkg.dev/google-samples/containers/gke/gb-redis-follower': guestbookFollower,
  'quay.io/fluentd_elasticsearch/fluentd': (argv, io) => (base(argv) === 'run.sh' ? fluentdProgram(io) : undefined),
};
