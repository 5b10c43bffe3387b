/**
 * What the ingress-nginx images run, loaded with the containers' programs (their catalogue
 * entries are in images.ts): the controller (nginx plus the Go controller that configures it)
 * serves routed traffic on 80/443, `/healthz` on 10254 for its probes, and its admission
 * webhook on 8443; kube-webhook-certgen creates and patches the webhook's certificate.
 */
import type { Cluster } from '../../cluster.ts';
import type { ImageMain } from '../../kubelet/images/catalogue.ts';
import { klog } from '../../kubelet/images/system.ts';
import type { ProcessIO, ProgramGen } from '../../kubelet/process.ts';
import { certgenProgram } from './certgen.ts';
import { ingressHandler } from './server.ts';

function* controllerProgram(io: ProcessIO, cluster: Cluster | undefined, tag: string): ProgramGen {
  const t = io.now();
  io.out(
    '-------------------------------------------------------------------------------\nNGINX Ingress controller\n' +
      `  Release:       ${tag}\n  Repository:    https://github.com/kubernetes/ingress-nginx\n  nginx version: nginx/1.25.5\n\n` +
      '-------------------------------------------------------------------------------\n\n',
  );
  io.err(`${klog(t, 'client_config.go:667', 'W')}Neither --kubeconfig nor --master was specified.  Using the inClusterConfig.  This might not work.\n`);
  io.err(`${klog(t, 'main.go:205')}"Creating API client" host="https://10.96.0.1:443"\n`);
  io.err(`${klog(t, 'main.go:101')}"SSL fake certificate created" file="/etc/ingress-controller/ssl/default-fake-certificate.pem"\n`);
  io.err(`${klog(t, 'nginx.go:271')}"Starting NGINX Ingress controller"\n`);
  io.listen?.(10254, (req) => (req.path === '/healthz' ? { status: 200, body: 'ok' } : { status: 404, body: '404 page not found\n' }));
  if (cluster) {
    io.listen?.(80, ingressHandler(cluster, io, false));
    io.listen?.(443, ingressHandler(cluster, io, true));
  }
  io.listen?.(8443);
  io.onTerm = function* () {
    io.err(`${klog(io.now(), 'sigterm.go:36')}"Received SIGTERM, shutting down"\n`);
    return 0;
  };
  yield { sleep: 1000 };
  io.err(`${klog(io.now(), 'leaderelection.go:271')}successfully acquired lease ingress-nginx/ingress-nginx-leader\n`);
  io.err(`${klog(io.now(), 'controller.go:213')}"Backend successfully reloaded"\n`);
  yield { pause: true };
  return 0;
}

/** The ingress-nginx images' programs, by repository. */
export const INGRESS_NGINX_PROGRAMS: Readonly<Record<string, ImageMain>> = {
  'registry.k8s.io/ingress-nginx/controller': (argv, io, ctx) =>
    argv.includes('/nginx-ingress-controller') ? controllerProgram(io, ctx.cluster, ctx.tag || 'v1.12.1') : undefined,
  'registry.k8s.io/ingress-nginx/kube-webhook-certgen': (argv, io, ctx) => (argv[0] === '/kube-webhook-certgen' && ctx.cluster ? certgenProgram(argv, io, ctx.cluster) : undefined),
};
