/**
 * Validating admission webhooks: after built-in validation, the API server calls every webhook
 * of every ValidatingWebhookConfiguration whose rules match the request. A webhook is served
 * by a Service; the call fails (and, with failurePolicy Fail, so does the request) when the
 * Service is missing or has no ready endpoint, exactly as the API server words it. What a
 * webhook decides comes from the add-on that ships it, installed into the cluster's own
 * `WebhookServers`.
 */
import { ApiError, badRequest } from '../api/errors.ts';
import type { KubeObject } from '../api/types.ts';
import type { AdmissionContext } from './admission.ts';

export type WebhookOperation = 'CREATE' | 'UPDATE';

/** One AdmissionReview request, as a webhook server sees it. */
export interface WebhookRequest {
  operation: WebhookOperation;
  /** Store key of the resource (`ingresses.networking.k8s.io`). */
  resource: string;
  object: KubeObject;
  oldObject?: KubeObject;
}

/** A webhook's answer: allowed, or denied with the message the API server relays. */
export type WebhookVerdict = { allowed: true } | { allowed: false; message: string };

export type WebhookServer = (req: WebhookRequest, ctx: AdmissionContext) => WebhookVerdict;

const VWC = 'validatingwebhookconfigurations.admissionregistration.k8s.io';

/** What the webhook Services of one cluster answer, by Service and path. */
export class WebhookServers {
  private readonly servers = new Map<string, WebhookServer>();

  /** Declares what the Pods behind Service `namespace/name` answer at `path`. */
  register(namespace: string, name: string, path: string, server: WebhookServer): void {
    this.servers.set(`${namespace}/${name}${path}`, server);
  }

  /** The server behind Service `namespace/name` at `path`, if an add-on declared one. */
  at(namespace: string, name: string, path: string): WebhookServer | undefined {
    return this.servers.get(`${namespace}/${name}${path}`);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

const listed = (list: unknown, value: string): boolean => Array.isArray(list) && (list.includes(value) || list.includes('*'));

function ruleMatches(rule: Obj, group: string, plural: string, op: WebhookOperation): boolean {
  return listed(rule.apiGroups, group) && listed(rule.resources, plural) && listed(rule.operations, op);
}

function hasReadyEndpoint(ctx: AdmissionContext, namespace: string, name: string): boolean {
  const ep = ctx.store.get('endpoints', namespace, name);
  return ((ep?.subsets ?? []) as Obj[]).some((s) => (s.addresses ?? []).length > 0);
}

/**
 * Calls the matching webhooks for a create or update; throws the API server's error when one
 * denies the request, or cannot be called and its failurePolicy is Fail.
 */
export function callValidatingWebhooks(servers: WebhookServers, resource: string, req: WebhookRequest, ctx: AdmissionContext): void {
  const dot = resource.indexOf('.');
  const plural = dot < 0 ? resource : resource.slice(0, dot);
  const group = dot < 0 ? '' : resource.slice(dot + 1);
  for (const config of ctx.store.list(VWC)) {
    for (const hook of (config.webhooks ?? []) as Obj[]) {
      if (!((hook.rules ?? []) as Obj[]).some((r) => ruleMatches(r, group, plural, req.operation))) continue;
      const svcRef: Obj | undefined = hook.clientConfig?.service;
      if (!svcRef) continue;
      const ns = String(svcRef.namespace ?? '');
      const name = String(svcRef.name ?? '');
      const path = String(svcRef.path ?? '/');
      const port = Number(svcRef.port ?? 443);
      const failed = (why: string): void => {
        if (hook.failurePolicy === 'Ignore') return;
        const url = `https://${name}.${ns}.svc:${port}${path}?timeout=${hook.timeoutSeconds ?? 10}s`;
        throw new ApiError('InternalError', `Internal error occurred: failed calling webhook "${hook.name}": failed to call webhook: Post "${url}": ${why}`);
      };
      const svc = ctx.store.get('services', ns, name);
      if (!svc) {
        failed(`service "${name}" not found`);
        continue;
      }
      const server = servers.at(ns, name, path);
      if (!hasReadyEndpoint(ctx, ns, name) || !server) {
        failed(`dial tcp ${svc.spec?.clusterIP ?? ''}:${port}: connect: connection refused`);
        continue;
      }
      const verdict = server(req, ctx);
      if (!verdict.allowed) throw badRequest(`admission webhook "${hook.name}" denied the request: ${verdict.message}`);
    }
  }
}
