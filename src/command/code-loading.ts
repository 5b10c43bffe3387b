/**
 * "Code is loading": the state in which a command waits for its own code (a builtin or a part of
 * kubectl that loads on first use) rather than for cluster time. Hosts must hold cluster time
 * meanwhile: the page's clock driver stops, and the virtual-time runner neither advances the
 * clock nor counts the wait as a blocked command. One tracker belongs to one terminal (or one
 * replay); commands reach it only through `ExecContext.loadCode`, never through module state,
 * so two terminals on a page, or a replay next to a live terminal, do not hold each other.
 */

/** A terminal's code-loading state: commands report through `loadCode`, hosts read `active`. */
export interface CodeLoading {
  /** True while at least one `loadCode` promise of this terminal is pending. */
  readonly active: boolean;
  /** Awaits `load`, counted as loading code for as long as it is pending (see ExecContext.loadCode). */
  loadCode<T>(load: Promise<T>): Promise<T>;
}

/** A fresh tracker with nothing loading. */
export function createCodeLoading(): CodeLoading {
  let pending = 0;
  return {
    get active() {
      return pending > 0;
    },
    async loadCode<T>(load: Promise<T>): Promise<T> {
      pending++;
      try {
        return await load;
      } finally {
        pending--;
      }
    },
  };
}

/** For contexts no host watches (completion, tests that drive time by hand): just awaits. */
export const notTracked: CodeLoading = {
  active: false,
  loadCode: <T>(load: Promise<T>): Promise<T> => load,
};
