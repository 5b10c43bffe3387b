/**
 * An installer for kinds without a controller whose admission and tables load on first use
 * (apiserver/deferred-kinds.ts): LimitRange, NetworkPolicy, Ingress. Its `api` part runs
 * `reserve` at once (an admission plugin's place in the order, which must not depend on when
 * the code arrives) and leaves the rest waiting for the first caller that prepares the kinds.
 */
import type { ApiRegistries } from '../apiserver/registries.ts';
import type { Installer } from '../installer.ts';
import type { CodePart } from './code-part.ts';

export interface DeferredKindOptions<M> {
  /** The installer's name (`limitranges`). */
  name: string;
  /** The resource keys the module serves. */
  resources: readonly string[];
  /** The module with their admission and tables. */
  part: CodePart<M>;
  /** Installs them from the loaded module. */
  install(module: M, api: ApiRegistries): void;
  /** What must be in place from the start (a plugin's slot: `api.admission.addPlugin({ name })`). */
  reserve?(api: ApiRegistries): void;
}

/** Kinds served from the start whose code loads when first needed. */
export function deferredKind<M>(o: DeferredKindOptions<M>): Installer {
  return {
    name: o.name,
    api(api) {
      o.reserve?.(api);
      api.deferred.add({ resources: o.resources, part: o.part, install: o.install });
    },
    code: [o.part],
  };
}
