/**
 * PodSpec defaulting as pkg/apis/core/v1/defaults.go applies it to every PodSpec (Pods and
 * pod templates alike). Pod-only defaults (service account, tolerations, priority) live in
 * pods.ts, because the API server adds them only when a Pod is created.
 */
import { canonicalQuantity } from '../../api/quantity.ts';
import type { AdmissionContext } from '../admission.ts';
import { dropDisabledPodSpecFields } from './pod-disabled-fields.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

/** `Always` for `:latest` or untagged images (no digest), else `IfNotPresent`. */
export function defaultPullPolicy(image: string | undefined): string {
  if (!image) return 'IfNotPresent';
  if (image.includes('@')) return 'IfNotPresent';
  const lastSlash = image.lastIndexOf('/');
  const tail = image.slice(lastSlash + 1);
  const colon = tail.lastIndexOf(':');
  if (colon < 0) return 'Always';
  return tail.slice(colon + 1) === 'latest' ? 'Always' : 'IfNotPresent';
}

function defaultProbe(p: Obj | undefined): void {
  if (!p || typeof p !== 'object') return;
  // Zero means unset, as in SetDefaults_Probe.
  if (!p.timeoutSeconds) p.timeoutSeconds = 1;
  if (!p.periodSeconds) p.periodSeconds = 10;
  if (!p.successThreshold) p.successThreshold = 1;
  if (!p.failureThreshold) p.failureThreshold = 3;
  if (p.httpGet && typeof p.httpGet === 'object') {
    p.httpGet.path ??= '/';
    p.httpGet.scheme ??= 'HTTP';
  }
  if (p.grpc && typeof p.grpc === 'object') p.grpc.service ??= '';
}

/**
 * Rewrites quantities in their canonical form, as the API server stores them (`0.5` ->
 * `500m`, YAML's number `1` -> the string `"1"`). Undecodable values are left for decoding
 * errors to report.
 */
export function canonicalizeResourceList(m: unknown): void {
  if (!m || typeof m !== 'object') return;
  const list = m as Obj;
  for (const [k, v] of Object.entries(list)) {
    if (typeof v !== 'string' && typeof v !== 'number') continue;
    try {
      list[k] = canonicalQuantity(v);
    } catch {
      // Reported by decoding.
    }
  }
}

function defaultContainer(c: Obj, hostNetwork: boolean): void {
  if (!c || typeof c !== 'object') return;
  canonicalizeResourceList(c.resources?.limits);
  canonicalizeResourceList(c.resources?.requests);
  c.imagePullPolicy ??= defaultPullPolicy(c.image);
  c.resources ??= {};
  c.terminationMessagePath ??= '/dev/termination-log';
  c.terminationMessagePolicy ??= 'File';
  if (Array.isArray(c.ports)) {
    for (const p of c.ports) {
      if (!p || typeof p !== 'object') continue;
      p.protocol ??= 'TCP';
      if (hostNetwork && p.hostPort === undefined && p.containerPort !== undefined) p.hostPort = p.containerPort;
    }
  }
  if (Array.isArray(c.env)) {
    for (const e of c.env) {
      const fr = e?.valueFrom?.fieldRef;
      if (fr && typeof fr === 'object') fr.apiVersion ??= 'v1';
      const rr = e?.valueFrom?.resourceFieldRef;
      if (rr && typeof rr === 'object' && rr.divisor === undefined) rr.divisor = '0';
    }
  }
  defaultProbe(c.livenessProbe);
  defaultProbe(c.readinessProbe);
  defaultProbe(c.startupProbe);
}

function defaultVolume(v: Obj): void {
  if (!v || typeof v !== 'object') return;
  const sources = Object.keys(v).filter((k) => k !== 'name');
  if (sources.length === 0) v.emptyDir = {};
  if (v.configMap && typeof v.configMap === 'object') v.configMap.defaultMode ??= 420;
  if (v.secret && typeof v.secret === 'object') v.secret.defaultMode ??= 420;
  if (v.downwardAPI && typeof v.downwardAPI === 'object') {
    v.downwardAPI.defaultMode ??= 420;
    for (const it of v.downwardAPI.items ?? []) if (it?.fieldRef) it.fieldRef.apiVersion ??= 'v1';
  }
  if (v.projected && typeof v.projected === 'object') v.projected.defaultMode ??= 420;
  if (v.hostPath && typeof v.hostPath === 'object') v.hostPath.type ??= '';
  if (v.persistentVolumeClaim && typeof v.persistentVolumeClaim === 'object') {
    // readOnly stays unset unless given, as the server leaves it.
  }
}

/**
 * Fills PodSpec defaults in place: dnsPolicy, restartPolicy, schedulerName, securityContext,
 * terminationGracePeriodSeconds, and per container imagePullPolicy, resources,
 * terminationMessagePath/Policy, port protocol, probe defaults; volume defaultMode 420. Fields
 * of features off by default are dropped first (pod-disabled-fields.ts).
 */
export function defaultPodSpec(spec: Obj, _ctx?: AdmissionContext): void {
  if (!spec || typeof spec !== 'object') return;
  const hostNetwork = spec.hostNetwork === true;
  spec.dnsPolicy ??= 'ClusterFirst';
  spec.restartPolicy ??= 'Always';
  spec.schedulerName ??= 'default-scheduler';
  spec.securityContext ??= {};
  dropDisabledPodSpecFields(spec);
  spec.terminationGracePeriodSeconds ??= 30;
  for (const c of Array.isArray(spec.containers) ? spec.containers : []) defaultContainer(c, hostNetwork);
  for (const c of Array.isArray(spec.initContainers) ? spec.initContainers : []) defaultContainer(c, hostNetwork);
  for (const v of Array.isArray(spec.volumes) ? spec.volumes : []) defaultVolume(v);
}

/**
 * Defaults a pod template (`spec.template` of workloads): its spec as above, and
 * `metadata.creationTimestamp: null` as the server serialises an empty template timestamp.
 */
export function defaultPodTemplate(template: Obj, ctx?: AdmissionContext): void {
  if (!template || typeof template !== 'object') return;
  const md = (template.metadata ??= {});
  if (!('creationTimestamp' in md)) template.metadata = { creationTimestamp: null, ...md };
  template.spec ??= {};
  defaultPodSpec(template.spec, ctx);
}
