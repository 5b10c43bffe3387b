/**
 * kubectl for the simulated cluster: `createKubectl({ client, random })` gives a command (`run`) that
 * prints exactly what kubectl 1.32 prints, and `complete` for the shell's Tab completion.
 * The kubeconfig (current context and its namespace) lives per kubectl instance.
 */
import type { KubeClient } from '../sim/index.ts';
import type { Command } from '../command/contract.ts';
import { createLocalPorts, type LocalPorts } from '../command/local-ports.ts';
import { commandFlagsReady, prefetchCommandFlags } from './cli/command-flags.ts';
import { buildInvocation, dispatch, findCommand, resolveCommand, type Session } from './cli/dispatch.ts';
import { flagsOf, globalFlags } from './cli/flags.ts';
import { allVerbs } from './cli/registry.ts';
import type { RandomSource } from './cli/verb.ts';
import { kindState } from './kubeconfig/kind.ts';
import './verbs/index.ts';

export interface Kubectl {
  /** Runs `kubectl ARGS...` (args exclude the word `kubectl`). */
  run: Command;
  /** Completion candidates for the last word of `args` (args exclude `kubectl`). */
  complete(args: string[]): string[];
  /** The listening ports of the machine this kubectl runs on (absent in stand-ins that forward nothing). */
  localPorts?: LocalPorts;
}

const NO_CTX = {
  stdin: '',
  stdout: () => {},
  stderr: () => {},
  interrupt: { interrupted: false, onInterrupt: () => () => {} },
  fs: { read: () => undefined, write: () => {}, exists: () => false, isDir: () => false, list: () => [], remove: () => false, walk: () => [] },
  cwd: '/',
  env: {},
  cols: 80,
  sleep: async () => true,
  streaming: () => {},
  loadCode: <T>(load: Promise<T>): Promise<T> => load,
};

const OUTPUTS = ['json', 'yaml', 'name', 'wide', 'jsonpath=', 'custom-columns='];

/**
 * The client completion asks the API server with: as the kubeconfig user and `--as` user of
 * the words typed so far, as kubectl's `__complete` would send its requests. Undefined while
 * the API server's access checks are still loading (the next Tab has them), or when the words
 * do not parse.
 */
function completionClient(session: Session, args: string[]): KubeClient | undefined {
  let flags;
  try {
    flags = buildInvocation(session, resolveCommand(args), NO_CTX).inv.flags;
  } catch {
    return session.client;
  }
  const user = flags.str('as') || session.config.impersonation?.user || '';
  const groups = flags.all('as-group');
  if (!user && !session.config.credentials) return session.client;
  if (session.client.prepareAccessChecks()) return undefined;
  const client = session.config.credentials ? session.client.withCredentials(session.config.credentials) : session.client;
  return user ? client.impersonate({ user, groups: groups.length ? groups : (session.config.impersonation?.groups ?? []), uid: flags.str('as-uid') }) : client;
}

/**
 * Tab completion. Completion cannot wait, so for a command whose flag lines have not loaded yet
 * it starts their download and completes with the global flags alone: the command's words
 * complete as before; its flags, and any word after one of them, complete once they are there.
 */
function complete(base: Session, args: string[]): string[] {
  const word = args[args.length - 1] ?? '';
  const prev = args[args.length - 2];
  const valued = prev === '-n' || prev === '--namespace' || prev === '-o' || prev === '--output';
  const client = completionClient(base, args.slice(0, valued ? -2 : -1));
  if (!client) return [];
  const session = { ...base, client };
  const command = findCommand(args.slice(0, -1)).verb;
  let flagsFor = flagsOf;
  if (command && !commandFlagsReady(command.name)) {
    prefetchCommandFlags(command.name);
    // Any command flag among the words is then unknown, and the line completes to nothing.
    flagsFor = () => [];
  }
  const r = resolveCommand(args.slice(0, -1), flagsFor);
  let candidates: string[];
  if (prev === '-n' || prev === '--namespace') {
    try {
      candidates = session.client.list('namespaces').items.map((n) => n.metadata.name ?? '');
    } catch {
      // Forbidden: no candidates, as kubectl's completion prints none when its request fails.
      candidates = [];
    }
  } else if (prev === '-o' || prev === '--output') {
    candidates = OUTPUTS;
  } else if (!r.verb) {
    candidates = word.startsWith('-') ? globalFlags().map((f) => `--${f.name}`) : allVerbs().map((v) => v.name);
  } else if (word.startsWith('-')) {
    candidates = flagsFor(r.verb.help ?? r.path).map((f) => `--${f.name}`);
  } else {
    let words: string[] = [];
    try {
      const { inv } = buildInvocation(session, { ...r, rest: r.rest }, NO_CTX, flagsFor);
      words = [...inv.args, word];
      const subs = r.verb.subcommands?.map((s) => s.name) ?? [];
      candidates = [...(inv.args.length === 0 ? subs : []), ...(r.verb.complete?.(inv, words) ?? [])];
    } catch {
      candidates = [];
    }
  }
  return [...new Set(candidates)].filter((c) => c.startsWith(word)).sort();
}

/** Where a kubectl runs: the API server it talks to and the machine it runs on. */
export interface KubectlTarget {
  /** The API server's client (`createClient(cluster)` from the simulator). */
  client: KubeClient;
  /** The machine's random source (the host hands the simulator's seeded one, so a session replays alike). */
  random: RandomSource;
}

/**
 * Creates a kubectl talking to `target.client`, with kind's kubeconfig until the terminal's
 * kubeconfig file says otherwise (kubeconfig/location.ts), running on a machine whose listening ports are `localPorts` (the host
 * passes its terminal's; by default a set of its own).
 */
export function createKubectl(target: KubectlTarget, localPorts: LocalPorts = createLocalPorts()): Kubectl {
  const session: Session = {
    client: target.client,
    random: target.random,
    config: kindState(),
    localPorts,
  };
  return {
    run: (args, ctx) => dispatch(session, args, ctx),
    complete: (args) => complete(session, args),
    localPorts,
  };
}
