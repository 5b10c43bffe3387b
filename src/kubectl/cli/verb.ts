/**
 * What a kubectl command is (name, help, flags, run, complete) and what it runs with.
 * Commands register themselves in `registry.ts`; sub-commands (`create configmap`,
 * `config view`) are Verbs too, reached through their parent's `subcommands`.
 */
import type { Credentials, Impersonation, KubeClient } from '../../sim/index.ts';
import type { ExecContext } from '../../command/contract.ts';
import type { LocalPorts } from '../../command/local-ports.ts';
import type { Flags } from './flags.ts';

/**
 * What a command takes from the kubeconfig (kubeconfig/location.ts keeps it in step with the
 * terminal's kubeconfig file before each run): the current context, its cluster, user and
 * namespace, and that cluster's server.
 */
export interface KubeconfigState {
  context: string;
  cluster: string;
  user: string;
  namespace: string;
  /** The current cluster's `server` ('' when the context or cluster is missing). */
  server?: string;
  /** Set when the API server cannot be reached with this kubeconfig: what a command that needs it prints. */
  connectError?: string;
  /**
   * What the context's user sends the API server, when it is not kind's admin (whose requests
   * go as they always have); `credentialError` is what client-go refuses before sending anything.
   */
  credentials?: Credentials;
  credentialError?: string;
  /** The context's user's `as`, `as-groups` and `as-uid`, when it has any. */
  impersonation?: Impersonation;
}

/**
 * The random source of the machine kubectl runs on (the suffix of `debugger-xxxxx`, diff's temp
 * directories). The host hands it over; nothing in it comes from the API server.
 */
export interface RandomSource {
  /** `n` characters from the alphabet Kubernetes' name suffixes use. */
  suffix(n: number): string;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
}

/** Everything a command's `run` gets. */
export interface Invocation {
  /** The API server, through the REST client (kubectl reaches the cluster through nothing else). */
  client: KubeClient;
  random: RandomSource;
  ctx: ExecContext;
  config: KubeconfigState;
  /** The listening ports of the machine kubectl runs on (`port-forward` opens its listeners there). */
  localPorts: LocalPorts;
  flags: Flags;
  /** Positional arguments (after the command words). */
  args: string[];
  /** Number of positional args before `--`, or -1 (cobra's ArgsLenAtDash). */
  dashAt: number;
  /** Command path as help and errors name it: `get`, `create configmap`. */
  path: string;
  /** The namespace to use: `-n`, else the context's. */
  namespace: string;
  /** Whether `-n/--namespace` was given explicitly. */
  namespaceExplicit: boolean;
  out(text: string): void;
  err(text: string): void;
}

export interface Verb {
  name: string;
  aliases?: string[];
  /** One-line description (as in `kubectl --help`). */
  short: string;
  /** Key of the help text in help/texts.ts; defaults to the command path. */
  help?: string;
  /** Sub-commands by name (their own aliases resolve too). */
  subcommands?: Verb[];
  /** Runs the command; resolves to the exit status. May throw ApiError/CliError (reported by the caller). */
  run(inv: Invocation): Promise<number>;
  /** Extra completion candidates for the word being completed (flags and verbs are added by the caller). */
  complete?(inv: Invocation, words: string[]): string[];
}
