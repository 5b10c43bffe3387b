/**
 * Commands whose code loads on first use. The terminal starts with an outline of each such
 * command (its words, aliases, sub-commands and Tab completion: what resolving a command line,
 * parsing its flags and completing a word need synchronously) and a stand-in `Verb` built from
 * it. The first run imports the command's module, which registers the real verb over the
 * stand-in (`registerVerb`), and runs that; later runs reach the real verb directly.
 *
 * The import goes through the command context's `loadCode`, so hosts hold cluster time while
 * it downloads and a first run prints what any later run prints. A module that fails to load
 * (offline, no cache) becomes a one-line kubectl error, and the next run tries again.
 */
import type { ExecContext } from '../../command/contract.ts';
import { CliError } from './errors.ts';
import { findSubcommand, findVerb, hasVerb, registerVerb } from './registry.ts';
import type { Verb } from './verb.ts';

/** What the terminal knows of a command before its code has loaded. */
export interface VerbOutline {
  name: string;
  aliases?: string[];
  /** Key of its help text and flags, when not its command path (as Verb.help). */
  help?: string;
  subcommands?: VerbOutline[];
  complete?: Verb['complete'];
}

/** A top-level command that loads on first use: its outline and the import of its module. */
export interface LazyVerb extends VerbOutline {
  /** Imports the module(s) that register the real verb (`registerVerb`) and its sub-commands. */
  load(): Promise<unknown>;
}

/** The load shared by a command and its sub-commands: one import per module, retried after a failure. */
interface CodeState {
  entry: LazyVerb;
  pending?: Promise<void>;
  loaded: boolean;
}

/** Stand-ins, each with the load of its top-level command. */
const STAND_INS = new WeakMap<Verb, CodeState>();

/** The message of whatever an import rejected with (a browser's TypeError "Failed to fetch ..."). */
function reason(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function startLoad(state: CodeState): Promise<void> {
  state.pending ??= state.entry.load().then(
    () => {
      state.loaded = true;
    },
    (e: unknown) => {
      state.pending = undefined;
      throw new CliError(`could not load kubectl's "${state.entry.name}" command: ${reason(e)}`);
    },
  );
  return state.pending;
}

/**
 * The pending import of `verb`'s code, if `verb` is a stand-in whose code has not loaded yet
 * (undefined otherwise). It rejects with a CliError when the module cannot be loaded.
 */
export function verbCodeLoad(verb: Verb): Promise<void> | undefined {
  const state = STAND_INS.get(verb);
  if (!state || state.loaded) return undefined;
  return startLoad(state);
}

/** The real verb at `words` (`['create', 'deployment']`) once its module has registered it. */
function realVerb(words: string[]): Verb {
  let v = findVerb(words[0]!);
  for (const w of words.slice(1)) v = v && findSubcommand(v, w);
  if (!v || STAND_INS.has(v)) throw new Error(`kubectl's "${words.join(' ')}" command did not register when its code loaded`);
  return v;
}

function standIn(outline: VerbOutline, words: string[], state: CodeState): Verb {
  const verb: Verb = {
    name: outline.name,
    short: '',
    ...(outline.aliases ? { aliases: outline.aliases } : {}),
    ...(outline.help ? { help: outline.help } : {}),
    ...(outline.complete ? { complete: outline.complete } : {}),
    run: async (inv) => {
      const load = verbCodeLoad(verb);
      if (load) await inv.ctx.loadCode(load);
      return realVerb(words).run(inv);
    },
  };
  if (outline.subcommands) verb.subcommands = outline.subcommands.map((s) => standIn(s, [...words, s.name], state));
  STAND_INS.set(verb, state);
  return verb;
}

/** Registers a stand-in for each command not registered yet (a module imported earlier keeps its real verb). */
export function registerLazyVerbs(table: LazyVerb[]): void {
  for (const entry of table) {
    if (hasVerb(entry.name)) continue;
    const state: CodeState = { entry, loaded: false };
    registerVerb(standIn(entry, [entry.name], state));
  }
}

/** Whether `verb` is a stand-in (its code has not replaced it yet). */
export function isStandIn(verb: Verb): boolean {
  return STAND_INS.has(verb);
}

/** Loads `verb`'s code now if it is a stand-in, counted as loading code on `ctx`. */
export async function loadVerbCode(verb: Verb, ctx: Pick<ExecContext, 'loadCode'>): Promise<void> {
  const load = verbCodeLoad(verb);
  if (load) await ctx.loadCode(load);
}
