/**
 * The per-container block of `describe pod` (and of pod templates): ids, image, ports,
 * command/args, state, resources, probes, environment, mounts — in describe.go's order.
 */
import { rfc1123z } from './common.ts';
import type { PrefixWriter } from './prefix-writer.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;

function state(w: PrefixWriter, name: string, s: Any): void {
  if (s?.running) {
    w.write(2, `${name}:\tRunning\n`);
    w.write(3, `Started:\t${rfc1123z(s.running.startedAt)}\n`);
  } else if (s?.terminated) {
    const t = s.terminated;
    w.write(2, `${name}:\tTerminated\n`);
    if (t.reason) w.write(3, `Reason:\t${t.reason}\n`);
    if (t.message) w.write(3, `Message:\t${t.message}\n`);
    w.write(3, `Exit Code:\t${t.exitCode ?? 0}\n`);
    if (t.signal > 0) w.write(3, `Signal:\t${t.signal}\n`);
    w.write(3, `Started:\t${rfc1123z(t.startedAt)}\n`);
    w.write(3, `Finished:\t${rfc1123z(t.finishedAt)}\n`);
  } else {
    w.write(2, `${name}:\tWaiting\n`);
    if (s?.waiting?.reason) w.write(3, `Reason:\t${s.waiting.reason}\n`);
  }
}

function seconds(n: number | undefined, def: number): string {
  return `${n ?? def}s`;
}

/** `http-get http://:8080/healthz delay=3s timeout=1s period=3s #success=1 #failure=3`. */
export function probeText(p: Any): string {
  let attrs = 'unknown';
  if (p.httpGet) {
    const scheme = String(p.httpGet.scheme ?? 'HTTP').toLowerCase();
    attrs = `http-get ${scheme}://${p.httpGet.host ?? ''}:${p.httpGet.port}${p.httpGet.path ?? ''}`;
  } else if (p.tcpSocket) attrs = `tcp-socket ${p.tcpSocket.host ?? ''}:${p.tcpSocket.port}`;
  else if (p.exec) attrs = `exec [${(p.exec.command ?? []).join(' ')}]`;
  else if (p.grpc) attrs = `grpc <pod>:${p.grpc.port} ${p.grpc.service ?? ''}`;
  return `${attrs} delay=${seconds(p.initialDelaySeconds, 0)} timeout=${seconds(p.timeoutSeconds, 1)} period=${seconds(p.periodSeconds, 10)} #success=${p.successThreshold ?? 1} #failure=${p.failureThreshold ?? 3}`;
}

/**
 * The value kubectl shows for a fieldRef when it describes a Pod (EnvValueRetriever): its
 * scheme converts only the field labels every kind has, so metadata.name and
 * metadata.namespace are resolved and every other path shows empty.
 */
function fieldRefValue(pod: Any, path: string): string {
  if (!pod) return '';
  if (path === 'metadata.name') return pod.metadata?.name ?? '';
  if (path === 'metadata.namespace') return pod.metadata?.namespace ?? '';
  return '';
}

function env(w: PrefixWriter, c: Any, pod?: Any): void {
  const list: Any[] = c.env ?? [];
  if (list.length === 0) {
    w.write(2, 'Environment:\t<none>\n');
    return;
  }
  w.write(2, 'Environment:\n');
  for (const e of list) {
    const vf = e.valueFrom;
    if (!vf) {
      String(e.value ?? '').split('\n').forEach((line, i) => (i === 0 ? w.write(3, `${e.name}:\t${line}\n`) : w.write(3, `\t${line}\n`)));
    } else if (vf.fieldRef) w.write(3, `${e.name}:\t${fieldRefValue(pod, vf.fieldRef.fieldPath)} (${vf.fieldRef.apiVersion ?? 'v1'}:${vf.fieldRef.fieldPath})\n`);
    else if (vf.secretKeyRef) w.write(3, `${e.name}:\t<set to the key '${vf.secretKeyRef.key}' in secret '${vf.secretKeyRef.name}'>\tOptional: ${vf.secretKeyRef.optional ?? false}\n`);
    else if (vf.configMapKeyRef) w.write(3, `${e.name}:\t<set to the key '${vf.configMapKeyRef.key}' of config map '${vf.configMapKeyRef.name}'>\tOptional: ${vf.configMapKeyRef.optional ?? false}\n`);
    else if (vf.resourceFieldRef) w.write(3, `${e.name}:\t${vf.resourceFieldRef.resource}\n`);
  }
}

function resources(w: PrefixWriter, r: Any): void {
  for (const [title, map] of [['Limits', r?.limits], ['Requests', r?.requests]] as const) {
    const keys = Object.keys(map ?? {}).sort();
    if (!keys.length) continue;
    w.write(2, `${title}:\n`);
    for (const k of keys) w.write(3, `${k}:\t${map[k]}\n`);
  }
}

/**
 * Writes one container. `status` may be undefined (templates, or a Pod no kubelet has reported
 * on yet); the status fields (ids, State, Ready, Restart Count) appear only when it is present,
 * as kubectl prints them only for a container found in the Pod's status.
 */
export function describeContainer(w: PrefixWriter, c: Any, status: Any, withStatus: boolean, nameIndent = '', pod?: Any): void {
  withStatus = withStatus && status !== undefined;
  w.write(1, `${nameIndent}${c.name}:\n`);
  if (withStatus) w.write(2, `Container ID:\t${status?.containerID ?? ''}\n`);
  w.write(2, `Image:\t${c.image ?? ''}\n`);
  if (withStatus) w.write(2, `Image ID:\t${status?.imageID ?? ''}\n`);
  const ports: Any[] = c.ports ?? [];
  const portStr = ports.map((p) => `${p.containerPort}/${p.protocol ?? 'TCP'}`).join(', ');
  const hostStr = ports.map((p) => `${p.hostPort ?? 0}/${p.protocol ?? 'TCP'}`).join(', ');
  w.write(2, ports.length > 1 ? `Ports:\t${portStr}\n` : `Port:\t${portStr || '<none>'}\n`);
  w.write(2, ports.length > 1 ? `Host Ports:\t${hostStr}\n` : `Host Port:\t${hostStr || '<none>'}\n`);
  for (const [title, list] of [['Command', c.command], ['Args', c.args]] as const) {
    if (!list?.length) continue;
    w.write(2, `${title}:\n`);
    for (const a of list as string[]) for (const line of String(a).split('\n')) w.write(3, `${line}\n`);
  }
  if (withStatus) {
    state(w, 'State', status?.state);
    if (status?.lastState?.terminated) state(w, 'Last State', status.lastState);
    w.write(2, `Ready:\t${status?.ready ? 'True' : 'False'}\n`);
    w.write(2, `Restart Count:\t${status?.restartCount ?? 0}\n`);
  }
  resources(w, c.resources);
  if (c.livenessProbe) w.write(2, `Liveness:\t${probeText(c.livenessProbe)}\n`);
  if (c.readinessProbe) w.write(2, `Readiness:\t${probeText(c.readinessProbe)}\n`);
  if (c.startupProbe) w.write(2, `Startup:\t${probeText(c.startupProbe)}\n`);
  if (c.envFrom?.length) {
    w.write(2, 'Environment Variables from:\n');
    for (const ef of c.envFrom as Any[]) {
      const ref = ef.configMapRef ?? ef.secretRef;
      const kind = ef.configMapRef ? 'ConfigMap' : 'Secret';
      w.write(3, `${ref?.name}\t${kind}${ef.prefix ? ` with prefix '${ef.prefix}'` : ''}\tOptional: ${ref?.optional ?? false}\n`);
    }
  }
  env(w, c, pod);
  const mounts: Any[] = [...(c.volumeMounts ?? [])].sort((a, b) => (a.mountPath < b.mountPath ? -1 : 1));
  if (!mounts.length) w.write(2, 'Mounts:\t<none>\n');
  else {
    w.write(2, 'Mounts:\n');
    for (const m of mounts) {
      const flags = [m.readOnly ? 'ro' : 'rw', ...(m.subPath ? [`path="${m.subPath}"`] : [])];
      w.write(3, `${m.mountPath} from ${m.name} (${flags.join(',')})\n`);
    }
  }
}
