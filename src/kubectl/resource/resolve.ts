/**
 * Turning what the user typed into resource types and names: `po`, `deploy/web`,
 * `po,svc`, `all`, `pods a b`, as kubectl's resource builder does.
 */
import { RESOURCE_TYPES, requestedVersion, resolveResourceType, resourceKey, type ResourceType } from '../../sim/index.ts';
import { CliError } from '../cli/errors.ts';

/** Store key for a type: `pods`, `deployments.apps`. */
export const keyOf = resourceKey;

/** `pod`, `deployment.apps`: the prefix of `-o name` and of success messages. */
export function kindPrefix(t: ResourceType): string {
  return t.group ? `${t.singular}.${t.group}` : t.singular;
}

/** `pods`, `deployments.apps`: how "not found" errors name a type. */
export function qualifiedPlural(t: ResourceType): string {
  return t.group ? `${t.plural}.${t.group}` : t.plural;
}

/** Resolves one type name or throws `the server doesn't have a resource type "x"`. */
export function resolveType(input: string): ResourceType {
  const t = resolveResourceType(input);
  if (!t) throw new CliError(`the server doesn't have a resource type "${input}"`);
  return t;
}

/** Types in the `all` category, in the order `kubectl get all` prints them. */
export function allCategory(): ResourceType[] {
  const order = ['pods', 'replicationcontrollers', 'services', 'daemonsets', 'deployments', 'replicasets', 'statefulsets', 'horizontalpodautoscalers', 'cronjobs', 'jobs'];
  const all = RESOURCE_TYPES.filter((t) => t.categories?.includes('all'));
  return order.map((p) => all.find((t) => t.plural === p)).filter((t): t is ResourceType => !!t);
}

/** One requested type and, when names were given, those names. */
export interface Request {
  type: ResourceType;
  names?: string[];
  /** The version the type was asked for in (`hpa.v1.autoscaling`), when not the preferred one. */
  version?: string;
}

function versionOf(input: string): { version?: string } {
  const v = requestedVersion(input);
  return v ? { version: v } : {};
}

/**
 * Parses positional arguments in kubectl's forms: `TYPE[,TYPE...] [NAME...]` or
 * `TYPE/NAME ...`. Requests of the same type keep the order they were given in.
 */
export function parseRequests(args: string[]): Request[] {
  if (args.length === 0) return [];
  const slashed = args.filter((a) => a.includes('/'));
  if (slashed.length > 0) {
    if (slashed.length !== args.length) {
      throw new CliError(
        "there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'",
      );
    }
    const out: Request[] = [];
    for (const a of args) {
      const i = a.indexOf('/');
      const name = a.slice(i + 1);
      if (!name) throw new CliError(`arguments in resource/name form must have a single resource and name`);
      const type = resolveType(a.slice(0, i));
      const version = versionOf(a.slice(0, i));
      const last = out[out.length - 1];
      if (last && last.type === type && last.version === version.version) last.names!.push(name);
      else out.push({ type, names: [name], ...version });
    }
    return out;
  }
  const specs = args[0]!.split(',');
  const names = args.slice(1);
  return specs.flatMap((spec) =>
    (spec === 'all' ? allCategory() : [resolveType(spec)]).map((type) => ({ type, ...(names.length ? { names: [...names] } : {}), ...versionOf(spec) })),
  );
}
