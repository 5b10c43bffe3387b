/**
 * kube-webhook-certgen, the image of the two admission Jobs: `create` makes the Secret
 * `ingress-nginx-admission` holding the webhook's CA, certificate and key (the controller Pod
 * mounts it); `patch` writes that CA into the ValidatingWebhookConfiguration, and fails while
 * the Secret does not exist yet (its Job then retries, as on a real install).
 */
import { ApiError } from '../../api/errors.ts';
import { base64Encode } from '../../api/base64.ts';
import { isoTime } from '../../api/types.ts';
import type { Cluster } from '../../cluster.ts';
import type { ProcessIO, ProgramGen } from '../../kubelet/process.ts';

const VWC = 'validatingwebhookconfigurations.admissionregistration.k8s.io';

function flag(argv: string[], name: string): string | undefined {
  const a = argv.find((x) => x.startsWith(`--${name}=`));
  return a?.slice(name.length + 3);
}

function pem(cluster: Cluster, what: string): string {
  const body = cluster.random.hex(96);
  return `-----BEGIN ${what}-----\n${body.slice(0, 64)}\n${body.slice(64)}\n-----END ${what}-----\n`;
}

/** The certgen program for `argv` (`/kube-webhook-certgen create|patch --flags`). */
export function* certgenProgram(argv: string[], io: ProcessIO, cluster: Cluster): ProgramGen {
  const log = (level: string, msg: string, source: string, err?: string) =>
    io.err(`{${err ? `"err":${JSON.stringify(err)},` : ''}"level":"${level}","msg":${JSON.stringify(msg)},"source":"${source}","time":"${isoTime(io.now())}"}\n`);
  const cmd = argv[1];
  const ns = flag(argv, 'namespace') ?? 'default';
  const secretName = flag(argv, 'secret-name') ?? '';
  yield { sleep: 1000 };
  const secret = cluster.store.get('secrets', ns, secretName);
  if (cmd === 'create') {
    if (secret) {
      log('info', 'secret already exists', 'cmd/create.go:23');
      return 0;
    }
    log('info', 'no secret found', 'k8s/k8s.go:229', `secrets "${secretName}" not found`);
    log('info', 'creating new secret', 'cmd/create.go:28');
    const ca = pem(cluster, 'CERTIFICATE');
    try {
      cluster.api.create('secrets', {
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: { name: secretName, namespace: ns },
        data: { ca: base64Encode(ca), cert: base64Encode(pem(cluster, 'CERTIFICATE')), key: base64Encode(pem(cluster, 'EC PRIVATE KEY')) },
      });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      log('fatal', 'failed creating secret', 'cmd/create.go:37', e.message);
      return 1;
    }
    return 0;
  }
  if (cmd === 'patch') {
    if (!secret) {
      log('fatal', 'error getting secret', 'cmd/patch.go:30', `secrets "${secretName}" not found`);
      return 1;
    }
    const hook = flag(argv, 'webhook-name') ?? '';
    log('info', `patching webhook configurations '${hook}' mutating=false, validating=true, failurePolicy=${flag(argv, 'patch-failure-policy') ?? 'Fail'}`, 'k8s/k8s.go:118');
    if (cluster.store.get(VWC, '', hook)) {
      cluster.api.modify(VWC, undefined, hook, (o) => {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        for (const w of (o.webhooks ?? []) as any[]) w.clientConfig = { ...w.clientConfig, caBundle: (secret.data as Record<string, string> | undefined)?.ca };
      });
    }
    log('info', 'Patched hook(s)', 'k8s/k8s.go:138');
    return 0;
  }
  io.err(`Error: unknown command "${cmd ?? ''}" for "kube-webhook-certgen"\nRun 'kube-webhook-certgen --help' for usage.\n`);
  return 1;
}
