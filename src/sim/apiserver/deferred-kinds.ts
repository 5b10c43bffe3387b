/**
 * Kinds whose admission and Table conversion load on first use, with their controller's code
 * (a StatefulSet's validation arrives with the StatefulSet controller). The API server answers
 * synchronously, so the code cannot be fetched in the middle of a write: whoever is about to
 * write such a kind, or to print it as a table, asks first (`prepare`, reached as the client's
 * `prepare`), and kubectl does so for the resources a command names or a file holds. An object
 * of such a kind can only exist once its code is there (its first write needed it), so writes
 * and reads of existing objects, and the controllers that write them, never wait.
 *
 * Where the code is already there when the cluster is built (Node, or a page that loaded it
 * before), `add` installs the kind at once, exactly as an eager installer would. A write or
 * table conversion of a kind still waiting is refused with an internal error naming it: a
 * caller that forgot to prepare, never a silent write without validation.
 */
import { ApiError } from '../api/errors.ts';
import type { CodePart } from '../deferred/code-part.ts';
import type { ApiRegistries } from './registries.ts';

/** One group of kinds that load together. */
export interface KindCode<M> {
  /** Their resource keys (`statefulsets.apps`). */
  readonly resources: readonly string[];
  /** The module that holds their admission and tables. */
  readonly part: CodePart<M>;
  /** Installs them from the loaded module. */
  install(module: M, api: ApiRegistries): void;
}

/** Where the parts come from: the cluster's code state (deferred/cluster-code.ts). */
export interface KindCodeLoader {
  loaded<T>(part: CodePart<T>): T | undefined;
  load<T>(part: CodePart<T>): Promise<T>;
}

/** One API server's kinds that have not loaded yet. */
export class DeferredKinds {
  private readonly waiting = new Map<string, KindCode<unknown>>();
  private loader: KindCodeLoader | undefined;
  private readonly api: ApiRegistries;

  constructor(api: ApiRegistries) {
    this.api = api;
  }

  /** Where parts load from; the cluster attaches its own before any installer runs. */
  attach(loader: KindCodeLoader): void {
    this.loader = loader;
  }

  /** Installs the kinds now if their code is there, else when a caller first prepares one of them. */
  add<M>(kind: KindCode<M>): void {
    const m = this.loader?.loaded(kind.part);
    if (m) kind.install(m, this.api);
    else for (const r of kind.resources) this.waiting.set(r, kind as KindCode<unknown>);
  }

  /** Whether `resource`'s admission and table are still to load. */
  isWaiting(resource: string): boolean {
    return this.waiting.has(resource);
  }

  /** Refuses to go on with a kind whose code has not loaded (a caller that did not prepare). */
  assertReady(resource: string, what: string): void {
    if (this.waiting.has(resource)) {
      throw new ApiError('InternalError', `Internal error occurred: the simulator's code for ${resource} has not loaded yet (${what} before prepare)`);
    }
  }

  /**
   * Loads what `resources` need (their admission and tables) and installs it; undefined when
   * nothing is missing, so a caller can skip waiting. Rejects when a part cannot be fetched; the
   * kind then stays waiting and the next prepare tries again.
   */
  prepare(resources: readonly string[]): Promise<void> | undefined {
    const kinds = new Set<KindCode<unknown>>();
    for (const r of resources) {
      const k = this.waiting.get(r);
      if (!k) continue;
      // Fetched already (the page fetches every part once idle): install now, nothing to wait for.
      const m = this.loader?.loaded(k.part);
      if (m) this.installPart(k.part, m);
      else kinds.add(k);
    }
    if (!kinds.size || !this.loader) return undefined;
    const loader = this.loader;
    return Promise.all([...kinds].map((k) => loader.load(k.part).then((m) => this.installPart(k.part, m)))).then(() => undefined);
  }

  /**
   * Installs every waiting kind whose code is `part`, now loaded as `module` (also when the part
   * arrived for a controller: the kinds of one module come together).
   */
  installPart<M>(part: CodePart<M>, module: M): void {
    const kinds = new Set<KindCode<unknown>>();
    for (const k of this.waiting.values()) if (k.part === part) kinds.add(k);
    for (const k of kinds) {
      for (const r of k.resources) this.waiting.delete(r);
      k.install(module, this.api);
    }
  }
}
