/**
 * One cluster's view of its loadable code: which parts it is waiting for. While a part loads,
 * cluster time must stand still (`loading`): hosts hold their clock as they do for a command's
 * own code (the terminal's `CodeLoading` includes this state), so the part's controller or
 * program takes its first turn at the cluster time it would have taken it with the code there
 * from the start. Each cluster has its own: one cluster waiting never holds another.
 */
import type { CodePart, CodeSource } from './code-part.ts';

export class ClusterCode {
  private pending = 0;
  private waiters: (() => void)[] = [];
  private failure: unknown;

  private readonly source: CodeSource;

  constructor(source: CodeSource) {
    this.source = source;
  }

  /** True while a part this cluster asked for is still loading. */
  get loading(): boolean {
    return this.pending > 0;
  }

  /** The part's module if it is already there. */
  loaded<T>(part: CodePart<T>): T | undefined {
    return this.source.loaded(part);
  }

  /**
   * Loads `part` and then calls `use` with it; `loading` is true in between. A part that fails
   * to load leaves the cluster without it and is reported by `ready()`, unless the caller takes
   * the failure itself (`failed`: a container's program, whose start reports it and tries again).
   */
  request<T>(part: CodePart<T>, use: (module: T) => void, failed?: (error: unknown) => void): void {
    this.pending++;
    this.source.load(part).then(
      (m) => {
        this.pending--;
        try {
          use(m);
        } finally {
          this.wake();
        }
      },
      (error: unknown) => {
        this.pending--;
        try {
          if (failed) failed(error);
          else this.failure ??= error;
        } finally {
          this.wake();
        }
      },
    );
  }

  /**
   * Loads `part` for a caller that awaits it (a host command that needs an add-on's code):
   * `loading` is true meanwhile, so cluster time holds. Rejects when the part cannot be fetched,
   * without marking the cluster failed; a later call tries again.
   */
  async load<T>(part: CodePart<T>): Promise<T> {
    const there = this.source.loaded(part);
    if (there) return there;
    this.pending++;
    try {
      return await this.source.load(part);
    } finally {
      this.pending--;
      this.wake();
    }
  }

  /** Resolves once nothing is loading (at once when nothing is); rejects if a part failed to load. */
  ready(): Promise<void> {
    if (!this.loading) return this.failure === undefined ? Promise.resolve() : Promise.reject(this.failure);
    return new Promise<void>((resolve) => this.waiters.push(resolve)).then(() => this.ready());
  }

  private wake(): void {
    if (this.loading) return;
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }
}
