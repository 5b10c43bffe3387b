/**
 * The controller's validating webhook (`validate.nginx.ingress.kubernetes.io`, served on
 * 8443 behind Service `ingress-nginx-controller-admission`): it refuses an Ingress it would
 * serve when one of its host/path pairs (of the same path type) is already defined by another
 * Ingress it serves,
 * with the controller's own message. Rules without a host belong to the catch-all server `_`.
 * Before that, v1.12's strict path validation (`strict-validate-path-type`, on by default)
 * refuses Exact and Prefix paths with anything but letters, digits, `_`, `-` and `/`: regular
 * expressions need pathType ImplementationSpecific.
 */
import type { KubeObject } from '../../api/types.ts';
import type { WebhookVerdict } from '../../apiserver/webhooks.ts';
import { servedIngresses, serves, type StoreView } from './classes.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

function pairs(ing: KubeObject): [string, string, string][] {
  const out: [string, string, string][] = [];
  for (const rule of (ing.spec?.rules ?? []) as Obj[]) {
    for (const p of (rule.http?.paths ?? []) as Obj[]) out.push([rule.host ? String(rule.host) : '_', String(p.path ?? ''), String(p.pathType ?? '')]);
  }
  return out;
}

const STRICT_PATH = /^\/[A-Za-z0-9_\-/]*$/;

/** The first Exact or Prefix path strict validation refuses, as the controller words it. */
function invalidPath(ing: KubeObject): string | undefined {
  for (const rule of (ing.spec?.rules ?? []) as Obj[]) {
    for (const p of (rule.http?.paths ?? []) as Obj[]) {
      const type = String(p.pathType ?? '');
      if ((type === 'Exact' || type === 'Prefix') && !STRICT_PATH.test(String(p.path ?? ''))) return `path ${p.path} cannot be used with pathType ${type}`;
    }
  }
  return undefined;
}

/** The verdict on creating or updating `ing`. */
export function validateIngress(cluster: StoreView, ing: KubeObject): WebhookVerdict {
  if (!serves(cluster, ing)) return { allowed: true };
  const bad = invalidPath(ing);
  if (bad) return { allowed: false, message: `ingress contains invalid paths: ${bad}` };
  const self = `${ing.metadata.namespace}/${ing.metadata.name}`;
  const mine = pairs(ing);
  for (const other of servedIngresses(cluster)) {
    const key = `${other.metadata.namespace}/${other.metadata.name}`;
    if (key === self) continue;
    const theirs = new Set(pairs(other).map(([h, p, t]) => `${h} ${p} ${t}`));
    for (const [host, path, type] of mine) {
      if (theirs.has(`${host} ${path} ${type}`)) return { allowed: false, message: `host "${host}" and path "${path}" is already defined in ingress ${key}` };
    }
  }
  return { allowed: true };
}
