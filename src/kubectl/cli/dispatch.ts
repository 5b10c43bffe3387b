/**
 * From argv to a command: finds the command words (`get`, `create configmap`) among global
 * flags as cobra does, parses the flags, prints help for `-h/--help`, runs the command and
 * turns anything it throws into kubectl-shaped error text. The flags of a command that loads
 * on first use are fetched once its word is known (cli/command-flags.ts), before the rest of
 * the line is read.
 */
import type { KubeClient } from '../../sim/index.ts';
import type { ExecContext } from '../../command/contract.ts';
import type { LocalPorts } from '../../command/local-ports.ts';
import { HELP } from '../help/texts.ts';
import { CliError, reportError } from './errors.ts';
import { BrokenPipe } from '../../command/pipe-errors.ts';
import { loadCommandFlags } from './command-flags.ts';
import { FlagError, Flags, flagsOf, globalFlags, parseArgs, type FlagSpec } from './flags.ts';
import { loadPart, loadWhatRunNeeds, namesRbacObjects } from './on-demand.ts';
import { syncKubeconfig } from '../kubeconfig/location.ts';
import { overridesOf } from '../kubeconfig/overrides.ts';
import { prepareAccessChecks } from '../resource/prepare.ts';
import { findSubcommand, findVerb } from './registry.ts';
import type { RandomSource } from './verb.ts';
import type { Invocation, KubeconfigState, Verb } from './verb.ts';

export interface Resolved {
  verb?: Verb;
  path: string;
  /** Args with the command words removed. */
  rest: string[];
  /** The first word that is not a known command, if any. */
  unknown?: string;
}

/** Index of the next positional word at or after `from`, skipping flags (and their values). */
function nextWord(args: string[], from: number, specs: FlagSpec[]): number {
  for (let i = from; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') return -1;
    if (!a.startsWith('-') || a === '-') return i;
    if (a.startsWith('--')) {
      if (a.includes('=')) continue;
      const spec = specs.find((s) => s.name === a.slice(2));
      if (spec && spec.kind !== 'bool' && spec.noOpt === undefined) i++;
    } else if (a.length === 2) {
      const spec = specs.find((s) => s.short === a[1]);
      if (spec && spec.kind !== 'bool') i++;
    }
  }
  return -1;
}

/** The top-level command named in `args` (past the global flags), or the unknown word there. */
export function findCommand(args: string[]): { verb?: Verb; unknown?: string } {
  const i = nextWord(args, 0, globalFlags());
  if (i < 0) return {};
  const verb = findVerb(args[i]!);
  return verb ? { verb } : { unknown: args[i] };
}

/**
 * Finds the command (and sub-command) named in `args`. Reads the command's flags (`flagsFor`:
 * a flag's value is not a word), whose lines a command that loads on first use needs loaded
 * first (`loadCommandFlags`).
 */
export function resolveCommand(args: string[], flagsFor: (path: string) => FlagSpec[] = flagsOf): Resolved {
  const globals = globalFlags();
  const i = nextWord(args, 0, globals);
  if (i < 0) return { path: '', rest: args };
  const verb = findVerb(args[i]!);
  if (!verb) return { path: '', rest: args, unknown: args[i] };
  let rest = [...args.slice(0, i), ...args.slice(i + 1)];
  let path = verb.name;
  let cur = verb;
  while (cur.subcommands?.length) {
    const j = nextWord(rest, i, [...globals, ...flagsFor(path)]);
    const sub = j >= 0 ? findSubcommand(cur, rest[j]!) : undefined;
    if (!sub) break;
    rest = [...rest.slice(0, j), ...rest.slice(j + 1)];
    path = `${path} ${sub.name}`;
    cur = sub;
  }
  return { verb: cur, path, rest };
}

/** Everything a kubectl run needs from its session. */
export interface Session {
  client: KubeClient;
  random: RandomSource;
  config: KubeconfigState;
  /** The listening ports of the machine kubectl runs on (its terminal's). */
  localPorts: LocalPorts;
}

/** Builds an Invocation (parsing flags, those of `flagsFor` besides the global ones) or throws FlagError. */
export function buildInvocation(session: Session, r: Resolved, ctx: ExecContext, flagsFor: (path: string) => FlagSpec[] = flagsOf): { inv: Invocation; help: boolean } {
  const specs = [...globalFlags(), ...flagsFor(r.verb?.help ?? r.path)];
  const parsed = parseArgs(r.rest, specs);
  const flags = new Flags(parsed, specs);
  const ns = flags.str('namespace');
  const inv: Invocation = {
    client: session.client,
    random: session.random,
    ctx,
    config: session.config,
    localPorts: session.localPorts,
    flags,
    args: parsed.positional,
    dashAt: parsed.dashAt,
    path: r.path,
    namespace: ns || session.config.namespace,
    namespaceExplicit: ns !== '',
    out: (t) => ctx.stdout(t),
    err: (t) => ctx.stderr(t),
  };
  return { inv, help: parsed.help };
}

/** Commands that never reach the API server (they work whatever the kubeconfig says). */
const CLIENT_ONLY = new Set(['config', 'completion', 'help', 'options', 'kustomize', 'plugin', 'version']);

/** Whether the command at `path` talks to the API server (`create`/`run` with --dry-run=client do not). */
function needsServer(path: string, inv: Invocation): boolean {
  const verb = path.split(' ')[0]!;
  if (CLIENT_ONLY.has(verb)) return false;
  return !((verb === 'create' || verb === 'run') && inv.flags.has('dry-run') && inv.flags.str('dry-run') === 'client');
}

function credentialError(message: string): CliError {
  return new CliError(message, { plain: message.startsWith('Error in configuration') });
}

/**
 * Who the requests impersonate: `--as`, `--as-group` and `--as-uid`, each over the kubeconfig
 * user's `as`, `as-groups` and `as-uid` (a flag given replaces what the kubeconfig says).
 */
function impersonationOf(inv: Invocation, config: KubeconfigState): { user: string; groups: string[]; uid: string } {
  const fromConfig = config.impersonation ?? {};
  const groups = inv.flags.all('as-group');
  return {
    user: inv.flags.str('as') || fromConfig.user || '',
    groups: groups.length ? groups : (fromConfig.groups ?? []),
    uid: inv.flags.str('as-uid') || fromConfig.uid || '',
  };
}

/** Runs one kubectl command line. Never throws. */
export async function dispatch(session: Session, args: string[], ctx: ExecContext): Promise<number> {
  let path = '';
  try {
    const command = findCommand(args);
    if (command.unknown !== undefined) {
      // Flags before an unknown word are still checked first, as cobra does.
      parseArgs(args.slice(0, args.indexOf(command.unknown)), globalFlags());
      const { unknownCommandMessage } = await ctx.loadCode(loadPart('command names', () => import('./suggest.ts')));
      throw new CliError(unknownCommandMessage(command.unknown));
    }
    if (command.verb) await loadCommandFlags(command.verb.name, ctx);
    const r = resolveCommand(args);
    path = r.path;
    const { inv, help } = buildInvocation(session, r, ctx);
    await syncKubeconfig(session.config, ctx, {
      kubeconfig: inv.flags.str('kubeconfig'),
      context: inv.flags.str('context'),
      overrides: overridesOf(inv.flags, ctx.cwd, new Set(flagsOf(r.verb?.help ?? r.path).map((f) => f.name))),
    });
    if (!inv.namespaceExplicit) inv.namespace = session.config.namespace;
    const server = !help && !!r.verb && needsServer(r.path, inv);
    const imp = impersonationOf(inv, session.config);
    // client-go refuses groups or a uid without a user when it builds the client, before any request.
    if (!help && r.verb && !CLIENT_ONLY.has(r.path.split(' ')[0]!) && (imp.groups.length || imp.uid) && !imp.user) {
      if (server && session.config.credentialError) throw credentialError(session.config.credentialError);
      throw new CliError(`requesting uid, groups or user-extra for ${imp.user} without impersonating a user`);
    }
    if (session.config.connectError && server) throw new CliError(session.config.connectError, { plain: true });
    if (server) {
      if (session.config.credentialError) throw credentialError(session.config.credentialError);
      // Only kind's admin goes unchecked: another user's requests, or impersonated ones, need the API server's checks.
      if (session.config.credentials || imp.user) await prepareAccessChecks(inv);
      if (session.config.credentials) inv.client = session.client.withCredentials(session.config.credentials);
      // Impersonate-User, -Group and -Uid on every request.
      if (imp.user) inv.client = inv.client.impersonate(imp);
    }
    const rbac = server && (!!session.config.credentials || !!imp.user || namesRbacObjects(args));
    await loadWhatRunNeeds(r.verb, inv, help, rbac);
    if (help || !r.verb) {
      ctx.stdout(HELP[r.verb?.help ?? r.path] ?? '');
      return 0;
    }
    return await r.verb.run(inv);
  } catch (e) {
    // The reader of a pipe stopped (`kubectl get pods | head -1`): the shell ends the command.
    if (e instanceof BrokenPipe) throw e;
    if (e instanceof FlagError) return reportError(new CliError(e.message, { usage: true }), ctx.stderr, path);
    return reportError(e, ctx.stderr, path, ctx.stdout);
  }
}
