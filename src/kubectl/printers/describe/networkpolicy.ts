/** `describe networkpolicy` (describe.go: describeNetworkPolicy and its spec printers). */
import { formatLabelSelector, type KubeObject } from '../../../sim/index.ts';
import { annotationItems, labelItems, multiline, registerDescriber } from './common.ts';
import { PrefixWriter } from './prefix-writer.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

/** A creation time as Go's time.Time String() prints it in UTC: `2024-05-01 10:00:00 +0000 UTC`. */
function goTime(iso: string | undefined): string {
  return iso ? `${iso.replace('T', ' ').replace(/Z$/, '')} +0000 UTC` : '0001-01-01 00:00:00 +0000 UTC';
}

function writePeers(w: PrefixWriter, indent: string, title: string, peers: Obj[]): void {
  for (const peer of peers) {
    w.write(0, `${indent}${title}:\n`);
    if (peer.podSelector && peer.namespaceSelector) {
      w.write(1, `${indent}NamespaceSelector: ${formatLabelSelector(peer.namespaceSelector)}\n`);
      w.write(1, `${indent}PodSelector: ${formatLabelSelector(peer.podSelector)}\n`);
    } else if (peer.podSelector) w.write(1, `${indent}PodSelector: ${formatLabelSelector(peer.podSelector)}\n`);
    else if (peer.namespaceSelector) w.write(1, `${indent}NamespaceSelector: ${formatLabelSelector(peer.namespaceSelector)}\n`);
    else if (peer.ipBlock) {
      w.write(1, `${indent}IPBlock:\n`);
      w.write(2, `${indent}CIDR: ${peer.ipBlock.cidr ?? ''}\n`);
      w.write(2, `${indent}Except: ${((peer.ipBlock.except ?? []) as string[]).join(', ')}\n`);
    }
  }
}

function writeRules(w: PrefixWriter, rules: Obj[], direction: 'ingress' | 'egress'): void {
  const indent = '    ';
  if (!rules.length) {
    w.write(0, `${indent}<none> (Selected pods are isolated for ${direction} connectivity)\n`);
    return;
  }
  rules.forEach((rule, i) => {
    const ports = (rule.ports ?? []) as Obj[];
    if (!ports.length) w.write(0, `${indent}To Port: <any> (traffic allowed to all ports)\n`);
    for (const p of ports) {
      const port = p.port === undefined ? '<nil>' : String(p.port);
      const range = p.endPort !== undefined ? `${port}-${p.endPort}` : port;
      w.write(0, `${indent}To Port: ${range}/${p.protocol ?? 'TCP'}\n`);
    }
    const peers = (rule[direction === 'ingress' ? 'from' : 'to'] ?? []) as Obj[];
    if (!peers.length)
      w.write(
        0,
        direction === 'ingress' ? `${indent}From: <any> (traffic not restricted by source)\n` : `${indent}To: <any> (traffic not restricted by destination)\n`,
      );
    else writePeers(w, indent, direction === 'ingress' ? 'From' : 'To', peers);
    if (i !== rules.length - 1) w.write(0, `${indent}----------\n`);
  });
}

/** `kubectl describe netpol NAME`. */
export function describeNetworkPolicy(np: KubeObject): string {
  const w = new PrefixWriter();
  const spec = (np.spec ?? {}) as Obj;
  w.write(0, `Name:\t${np.metadata.name}\n`);
  w.write(0, `Namespace:\t${np.metadata.namespace}\n`);
  w.write(0, `Created on:\t${goTime(np.metadata.creationTimestamp)}\n`);
  multiline(w, 0, 'Labels', labelItems(np.metadata.labels));
  multiline(w, 0, 'Annotations', annotationItems(np.metadata.annotations));
  w.write(0, 'Spec:\n');
  w.write(1, 'PodSelector: ');
  const selector = formatLabelSelector(spec.podSelector ?? {});
  w.write(2, selector === '<none>' ? '<none> (Allowing the specific traffic to all pods in this namespace)\n' : `${selector}\n`);
  const types = (spec.policyTypes ?? []) as string[];
  if (types.includes('Ingress')) {
    w.write(1, 'Allowing ingress traffic:\n');
    writeRules(w, (spec.ingress ?? []) as Obj[], 'ingress');
  } else w.write(1, 'Not affecting ingress traffic\n');
  if (types.includes('Egress')) {
    w.write(1, 'Allowing egress traffic:\n');
    writeRules(w, (spec.egress ?? []) as Obj[], 'egress');
  } else w.write(1, 'Not affecting egress traffic\n');
  w.write(1, `Policy Types: ${types.join(', ')}\n`);
  return w.toString();
}

registerDescriber('networkpolicies.networking.k8s.io', describeNetworkPolicy);
