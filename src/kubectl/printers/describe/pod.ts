/** `kubectl describe pod` (describe.go describePod), block by block. */
import type { KubeObject } from '../../../sim/index.ts';
import { annotationItems, describeEvents, labelItems, multiline, registerDescriber, rfc1123z, tolerationItems, type DescribeContext } from './common.ts';
import { describeContainer } from './containers.ts';
import { PrefixWriter } from './prefix-writer.ts';
import { describeVolumes } from './volumes.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;

/** Describes one Pod. */
export function describePod(pod: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec: Any = pod.spec ?? {};
  const st: Any = pod.status ?? {};
  const md = pod.metadata;
  w.write(0, `Name:\t${md.name}\n`);
  w.write(0, `Namespace:\t${md.namespace}\n`);
  if (spec.priority !== undefined) w.write(0, `Priority:\t${spec.priority}\n`);
  if (spec.priorityClassName) w.write(0, `Priority Class Name:\t${spec.priorityClassName}\n`);
  if (spec.runtimeClassName) w.write(0, `Runtime Class Name:\t${spec.runtimeClassName}\n`);
  w.write(0, `Service Account:\t${spec.serviceAccountName ?? ''}\n`);
  w.write(0, `Node:\t${spec.nodeName ? `${spec.nodeName}/${st.hostIP ?? ''}` : '<none>'}\n`);
  if (st.startTime) w.write(0, `Start Time:\t${rfc1123z(st.startTime)}\n`);
  multiline(w, 0, 'Labels', labelItems(md.labels));
  multiline(w, 0, 'Annotations', annotationItems(md.annotations));
  if (md.deletionTimestamp) {
    const lasts = Math.max(0, Math.floor((Date.parse(md.deletionTimestamp) - ctx.now) / 1000));
    w.write(0, `Status:\tTerminating (lasts ${lasts}s)\n`);
    w.write(0, `Termination Grace Period:\t${md.deletionGracePeriodSeconds ?? 0}s\n`);
  } else w.write(0, `Status:\t${st.phase ?? ''}\n`);
  if (st.reason) w.write(0, `Reason:\t${st.reason}\n`);
  if (st.message) w.write(0, `Message:\t${st.message}\n`);
  w.write(0, `IP:\t${st.podIP ?? ''}\n`);
  const ips: Any[] = st.podIPs ?? [];
  if (!ips.length) w.write(0, 'IPs:\t<none>\n');
  else {
    w.write(0, 'IPs:\n');
    for (const ip of ips) w.write(1, `IP:\t${ip.ip}\n`);
  }
  const owner = md.ownerReferences?.find((o) => o.controller);
  if (owner) w.write(0, `Controlled By:\t${owner.kind}/${owner.name}\n`);
  if (st.nominatedNodeName) w.write(0, `NominatedNodeName:\t${st.nominatedNodeName}\n`);
  const statusOf = (list: Any[] | undefined, name: string) => (list ?? []).find((s) => s.name === name);
  if (spec.initContainers?.length) {
    w.write(0, 'Init Containers:\n');
    for (const c of spec.initContainers) describeContainer(w, c, statusOf(st.initContainerStatuses, c.name), true, '', pod);
  }
  w.write(0, 'Containers:\n');
  for (const c of spec.containers ?? []) describeContainer(w, c, statusOf(st.containerStatuses, c.name), true, '', pod);
  if (spec.ephemeralContainers?.length) {
    w.write(0, 'Ephemeral Containers:\n');
    for (const c of spec.ephemeralContainers) describeContainer(w, c, statusOf(st.ephemeralContainerStatuses, c.name), true, '', pod);
  }
  if (st.conditions?.length) {
    w.write(0, 'Conditions:\n  Type\tStatus\n');
    for (const c of st.conditions) w.write(1, `${c.type} \t${c.status} \n`);
  }
  describeVolumes(w, spec.volumes);
  if (st.qosClass) w.write(0, `QoS Class:\t${st.qosClass}\n`);
  multiline(w, 0, 'Node-Selectors', labelItems(spec.nodeSelector));
  multiline(w, 0, 'Tolerations', tolerationItems(spec.tolerations));
  describeEvents(w, pod, ctx);
  return w.toString();
}

registerDescriber('pods', describePod);
