/**
 * `apt-get` of the Debian-based official images (nginx, debian, httpd...). The simulated cluster
 * reaches no Debian mirror (deb.debian.org does not resolve, see network/public-web.ts), so
 * `apt-get update` fails as apt 2.6 fails on a host that cannot resolve its mirror: each source
 * ignored through apt's three retries, then an error and a warning per source, exit 0; the
 * package lists stay empty, so `apt-get install PACKAGE` cannot locate the package (exit 100)
 * and `apt-get upgrade` finds nothing to upgrade.
 * apt writes its progress lines without " Done" when stdout is not a terminal.
 */
import type { CommandContext, CommandFn } from '../sh/commands.ts';
import { publicAddress } from '../../network/public-web.ts';

const MIRROR = 'deb.debian.org';
/** apt's Acquire::Retries default: the first try and three more. */
const TRIES = 3;

/** The image's Debian suites, from /etc/os-release (bookworm when it names none). */
function sources(ctx: CommandContext): { uri: string; suite: string }[] {
  const codename = /^VERSION_CODENAME=(\S+)$/m.exec(ctx.shell.io.fs.read('/etc/os-release') ?? '')?.[1] ?? 'bookworm';
  return [
    { uri: `http://${MIRROR}/debian`, suite: codename },
    { uri: `http://${MIRROR}/debian`, suite: `${codename}-updates` },
    { uri: `http://${MIRROR}/debian-security`, suite: `${codename}-security` },
  ];
}

function progress(ctx: CommandContext, line: string): void {
  ctx.out(`${line}...${ctx.shell.io.terminal ? ' Done' : ''}\n`);
}

function update(ctx: CommandContext): number {
  const list = sources(ctx);
  const failure = publicAddress(MIRROR) === undefined ? `Could not resolve '${MIRROR}'` : `Unable to connect to ${MIRROR}:80:`;
  for (let t = 0; t < TRIES; t++) list.forEach((s, i) => ctx.out(`Ign:${i + 1} ${s.uri} ${s.suite} InRelease\n`));
  list.forEach((s, i) => ctx.out(`Err:${i + 1} ${s.uri} ${s.suite} InRelease\n  ${failure}\n`));
  progress(ctx, 'Reading package lists');
  for (const s of list) ctx.err(`W: Failed to fetch ${s.uri}/dists/${s.suite}/InRelease  ${failure}\n`);
  ctx.err('W: Some index files failed to download. They have been ignored, or old ones used instead.\n');
  return 0;
}

function install(ctx: CommandContext, packages: string[]): number {
  progress(ctx, 'Reading package lists');
  progress(ctx, 'Building dependency tree');
  progress(ctx, 'Reading state information');
  if (!packages.length) {
    ctx.out('0 upgraded, 0 newly installed, 0 to remove and 0 not upgraded.\n');
    return 0;
  }
  ctx.err(`E: Unable to locate package ${packages[0]}\n`);
  return 100;
}

/** `upgrade` with nothing known to upgrade to (the lists are empty). */
function upgrade(ctx: CommandContext): number {
  progress(ctx, 'Reading package lists');
  progress(ctx, 'Building dependency tree');
  progress(ctx, 'Reading state information');
  progress(ctx, 'Calculating upgrade');
  ctx.out('0 upgraded, 0 newly installed, 0 to remove and 0 not upgraded.\n');
  return 0;
}

/** `apt-get update`, `apt-get install [-y] PACKAGE...`, `apt-get upgrade`. */
export const aptGet: CommandFn = function* (ctx) {
  const words = ctx.args.filter((a) => !a.startsWith('-'));
  const [verb, ...rest] = words;
  if (verb === 'update') return update(ctx);
  if (verb === 'install') return install(ctx, rest);
  if (verb === 'upgrade' || verb === 'dist-upgrade' || verb === 'full-upgrade') return upgrade(ctx);
  if (verb === undefined) {
    ctx.err('E: No command given\n');
    return 100;
  }
  ctx.err(`E: Invalid operation ${verb}\n`);
  return 100;
};
