/**
 * `kubectl cluster-info`: the control plane URL, then one line per kube-system Service
 * labelled `kubernetes.io/cluster-service=true` (CoreDNS on kind), then the dump hint.
 * `cluster-info dump` is in dump.ts.
 */
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';
import { dump } from './dump.ts';

const SERVER = 'https://127.0.0.1:6443';

async function run(inv: Invocation): Promise<number> {
  let text = `Kubernetes control plane is running at ${SERVER}\n`;
  const services = inv.client.list('services', { namespace: 'kube-system', labelSelector: 'kubernetes.io/cluster-service=true' }).items;
  for (const s of services) {
    const label = s.metadata.labels?.['kubernetes.io/name'] ?? s.metadata.name;
    const port = s.spec?.ports?.[0]?.name;
    const name = port ? `${s.metadata.name}:${port}` : s.metadata.name;
    text += `${label} is running at ${SERVER}/api/v1/namespaces/kube-system/services/${name}/proxy\n`;
  }
  inv.out(text + "\nTo further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.\n");
  return 0;
}

registerVerb({ name: 'cluster-info', short: 'Display cluster information', subcommands: [dump], run });
