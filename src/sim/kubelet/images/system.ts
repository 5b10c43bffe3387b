/**
 * Images of a kind cluster's own Pods (CoreDNS, kube-proxy, kindnet, the local-path
 * provisioner, the control-plane components). Each prints the first lines its real binary
 * logs at startup, serves the ports its probes use, and exits on SIGTERM.
 */
import type { HttpHandler } from '../http.ts';
import type { ProcessIO, ProgramGen } from '../process.ts';
import type { ImageEntry } from './catalogue.ts';

const V = (re: string) => new RegExp(`^(?:${re})$`);
const ok: HttpHandler = () => ({ status: 200, body: 'ok' });

/** klog header: `I1130 03:00:48.123456       1 file.go:42] `. */
export function klog(ms: number, file: string, level = 'I'): string {
  const d = new Date(ms);
  const p2 = (n: number) => String(n).padStart(2, '0');
  return `${level}${p2(d.getUTCMonth() + 1)}${p2(d.getUTCDate())} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}.${String(d.getUTCMilliseconds()).padStart(3, '0')}${String((ms * 37) % 1000).padStart(3, '0')}       1 ${file}] `;
}

/** A daemon: prints `startup` lines (stderr for klog programs), listens, waits, exits 0 on SIGTERM. */
function* daemon(io: ProcessIO, startup: (now: number) => string[], opts: { stdout?: boolean; ports?: number[]; stop?: (now: number) => string[] } = {}): ProgramGen {
  const write = opts.stdout ? io.out : io.err;
  for (const l of startup(io.now())) write(`${l}\n`);
  for (const p of opts.ports ?? []) io.listen?.(p, ok);
  io.onTerm = function* () {
    for (const l of opts.stop?.(io.now()) ?? []) write(`${l}\n`);
    return 0;
  };
  yield { pause: true };
  return 0;
}

/** Whether argv runs `bin` (by base name), possibly behind an absolute path. */
const runs = (argv: string[], bin: string) => (argv[0]?.split('/').pop() ?? '') === bin;

function corednsProgram(io: ProcessIO): ProgramGen {
  return daemon(
    io,
    () => [
      '.:53',
      '[INFO] plugin/reload: Running configuration SHA512 = 1b226df79860026c6a52e67daa10d7f0d57ec5b023288ec00c5e05f93523c894564e15b91770d3a07ae1cfbe861d15b37d4a0027e69c546ab112970993a3b03b',
      'CoreDNS-1.11.3',
      'linux/amd64, go1.21.11, a6338e9',
    ],
    { stdout: true, ports: [53, 8080, 8181, 9153], stop: () => ['[INFO] SIGTERM: Shutting down servers then terminating', '[INFO] plugin/health: Going into lameduck mode for 5s'] },
  );
}

function kubeProxyProgram(io: ProcessIO): ProgramGen {
  const ip = io.env['POD_IP'] ?? '';
  return daemon(io, (t) => [
    `${klog(t, 'server_linux.go:66')}"Using iptables proxy"`,
    `${klog(t, 'server.go:698')}"Successfully retrieved node IP(s)" IPs=["${ip || '172.18.0.2'}"]`,
    `${klog(t, 'conntrack.go:60')}"Setting nf_conntrack_max" nfConntrackMax=131072`,
    `${klog(t, 'server.go:234', 'E')}"Kube-proxy configuration may be incomplete or incorrect" err="nodePortAddresses is unset; NodePort connections will be accepted on all local IPs. Consider using \`--nodeport-addresses primary\`"`,
    `${klog(t, 'server_linux.go:170')}"Using iptables Proxier"`,
    `${klog(t, 'proxier.go:255')}"Setting route_localnet=1 to allow node-ports on localhost; to change this either disable iptables.localhostNodePorts (--iptables-localhost-nodeports) or set nodePortAddresses (--nodeport-addresses) to filter loopback addresses" ipFamily="IPv4"`,
    `${klog(t, 'server.go:497')}"Version info" version="v1.32.6"`,
    `${klog(t, 'server.go:499')}"Golang settings" GOGC="" GOMAXPROCS="" GOTRACEBACK=""`,
    `${klog(t, 'config.go:199')}"Starting service config controller"`,
    `${klog(t, 'config.go:105')}"Starting endpoint slice config controller"`,
    `${klog(t, 'config.go:329')}"Starting node config controller"`,
    `${klog(t, 'shared_informer.go:320')}Caches are synced for node config`,
    `${klog(t, 'shared_informer.go:320')}Caches are synced for service config`,
    `${klog(t, 'shared_informer.go:320')}Caches are synced for endpoint slice config`,
  ], { ports: [10249, 10256] });
}

function kindnetProgram(io: ProcessIO): ProgramGen {
  const node = io.env['HOST_IP'] ?? '172.18.0.2';
  return daemon(io, (t) => [
    `${klog(t, 'main.go:109')}connected to apiserver: https://kind-control-plane:6443`,
    `${klog(t, 'main.go:139')}hostIP = ${node}`,
    `podIP = ${io.env['POD_IP'] ?? node}`,
    `${klog(t, 'main.go:148')}setting mtu 1500 for CNI `,
    `${klog(t, 'main.go:178')}kindnetd IP family: "ipv4"`,
    `${klog(t, 'main.go:182')}noMask IPv4 subnets: [10.244.0.0/16]`,
    `${klog(t, 'controller.go:361')}Starting controller kube-network-policies`,
    `${klog(t, 'controller.go:365')}Waiting for informer caches to sync`,
    `${klog(t, 'shared_informer.go:313')}Waiting for caches to sync for kube-network-policies`,
    `${klog(t, 'shared_informer.go:320')}Caches are synced for kube-network-policies`,
    `${klog(t, 'metrics.go:61')}Registering metrics`,
    `${klog(t, 'controller.go:401')}Syncing nftables rules`,
    `${klog(t, 'main.go:297')}Handling node with IPs: map[${node}:{}]`,
    `${klog(t, 'main.go:301')}handling current node`,
  ]);
}

function localPathProgram(io: ProcessIO): ProgramGen {
  return daemon(io, (t) => {
    const ts = new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z');
    return [
      `time="${ts}" level=debug msg="Applied config: {\\"nodePathMap\\":[{\\"node\\":\\"DEFAULT_PATH_FOR_NON_LISTED_NODES\\",\\"paths\\":[\\"/var/local-path-provisioner\\"]}]}" `,
      `time="${ts}" level=debug msg="Provisioner started"`,
      `${klog(t, 'controller.go:811')}Starting provisioner controller rancher.io/local-path_${io.hostname}_6f1b2c44-3a9e-4d6b-9a51-1c2e7f0d8b3a!`,
      `${klog(t, 'controller.go:860')}Started provisioner controller rancher.io/local-path_${io.hostname}_6f1b2c44-3a9e-4d6b-9a51-1c2e7f0d8b3a!`,
    ];
  });
}

function controlPlaneProgram(io: ProcessIO, which: string): ProgramGen {
  const lines: Record<string, (t: number) => string[]> = {
    etcd: (t) => {
      const ts = new Date(t).toISOString().replace('Z', '000Z');
      const log = (msg: string, extra = '') => `{"level":"info","ts":"${ts}","caller":"etcdmain/etcd.go:73","msg":"${msg}"${extra}}`;
      return [
        log('Running: ', `,"args":${JSON.stringify(io.argv)}`),
        `{"level":"info","ts":"${ts}","caller":"embed/etcd.go:140","msg":"configuring peer listeners","listen-peer-urls":["https://172.18.0.2:2380"]}`,
        `{"level":"info","ts":"${ts}","caller":"embed/etcd.go:311","msg":"starting an etcd server","etcd-version":"3.5.16","git-sha":"f20bbad","go-version":"go1.22.7","go-os":"linux","go-arch":"amd64","max-cpu-set":8,"max-cpu-available":8,"member-initialized":false,"name":"kind-control-plane","data-dir":"/var/lib/etcd"}`,
        `{"level":"info","ts":"${ts}","caller":"etcdserver/server.go:2651","msg":"setting up initial cluster version using v2 API","cluster-version":"3.5"}`,
        `{"level":"info","ts":"${ts}","caller":"embed/serve.go:250","msg":"serving client traffic securely","traffic":"grpc+http","address":"127.0.0.1:2379"}`,
        `{"level":"info","ts":"${ts}","caller":"etcdmain/main.go:44","msg":"notifying init daemon"}`,
        `{"level":"info","ts":"${ts}","caller":"etcdmain/main.go:50","msg":"successfully notified init daemon"}`,
      ];
    },
    'kube-apiserver': (t) => [
      `${klog(t, 'options.go:238')}external host was not specified, using 172.18.0.2`,
      `${klog(t, 'server.go:143')}Version: v1.32.6`,
      `${klog(t, 'server.go:145')}"Golang settings" GOGC="" GOMAXPROCS="" GOTRACEBACK=""`,
      `${klog(t, 'shared_informer.go:313')}Waiting for caches to sync for node_authorizer`,
      `${klog(t, 'secure_serving.go:213')}Serving securely on [::]:6443`,
      `${klog(t, 'controller.go:615')}quota admission added evaluator for: namespaces`,
      `${klog(t, 'controller.go:615')}quota admission added evaluator for: deployments.apps`,
      `${klog(t, 'alloc.go:330')}"allocated clusterIPs" service="kube-system/kube-dns" clusterIPs={"IPv4":"10.96.0.10"}`,
    ],
    'kube-controller-manager': (t) => [
      `${klog(t, 'serving.go:386')}Generated self-signed cert in-memory`,
      `${klog(t, 'controllermanager.go:185')}"Starting" version="v1.32.6"`,
      `${klog(t, 'controllermanager.go:187')}"Golang settings" GOGC="" GOMAXPROCS="" GOTRACEBACK=""`,
      `${klog(t, 'secure_serving.go:213')}Serving securely on 127.0.0.1:10257`,
      `${klog(t, 'leaderelection.go:257')}attempting to acquire leader lease kube-system/kube-controller-manager...`,
      `${klog(t, 'leaderelection.go:271')}successfully acquired lease kube-system/kube-controller-manager`,
      `${klog(t, 'controllermanager.go:765')}"Started controller" controller="replicaset-controller"`,
      `${klog(t, 'controllermanager.go:765')}"Started controller" controller="deployment-controller"`,
    ],
    'kube-scheduler': (t) => [
      `${klog(t, 'serving.go:386')}Generated self-signed cert in-memory`,
      `${klog(t, 'server.go:166')}"Starting Kubernetes Scheduler" version="v1.32.6"`,
      `${klog(t, 'server.go:168')}"Golang settings" GOGC="" GOMAXPROCS="" GOTRACEBACK=""`,
      `${klog(t, 'secure_serving.go:213')}Serving securely on 127.0.0.1:10259`,
      `${klog(t, 'leaderelection.go:257')}attempting to acquire leader lease kube-system/kube-scheduler...`,
      `${klog(t, 'leaderelection.go:271')}successfully acquired lease kube-system/kube-scheduler`,
    ],
  };
  const ports: Record<string, number[]> = { etcd: [2379, 2381], 'kube-apiserver': [6443], 'kube-controller-manager': [10257], 'kube-scheduler': [10259] };
  return daemon(io, lines[which]!, { ports: ports[which] });
}

/** A distroless binary image: runs its own program when argv names its binary, else cannot start. */
function binaryImage(repository: string, tags: string, size: number, bin: string, entrypoint: string[], cmd: string[], program: (io: ProcessIO) => ProgramGen): ImageEntry {
  return { repository, tags: V(tags), size, entrypoint, cmd, shell: false, main: (argv, io) => (runs(argv, bin) ? program(io) : undefined) };
}

/** The kind preset's system images. */
export const SYSTEM_IMAGES: ImageEntry[] = [
  binaryImage('registry.k8s.io/coredns/coredns', 'v1\\.1[01]\\.\\d|v1\\.12\\.\\d', 61_244_216, 'coredns', ['/coredns'], [], corednsProgram),
  { ...binaryImage('registry.k8s.io/kube-proxy', 'v1\\.3[0-3]\\.\\d{1,2}', 94_963_761, 'kube-proxy', ['/usr/local/bin/kube-proxy'], [], kubeProxyProgram), shell: true },
  binaryImage('docker.io/kindest/kindnetd', 'v2025\\d{4}-[0-9a-f]{8}|v2024\\d{4}-[0-9a-f]{8}', 39_009_812, 'kindnetd', ['/bin/kindnetd'], [], kindnetProgram),
  binaryImage('docker.io/kindest/local-path-provisioner', 'v2025\\d{4}-[0-9a-f]{8}|v2024\\d{4}-[0-9a-f]{8}', 22_541_737, 'local-path-provisioner', ['local-path-provisioner'], ['--debug', 'start'], localPathProgram),
  { repository: 'docker.io/kindest/local-path-helper', tags: V('v202[45]\\d{4}-[0-9a-f]{8}'), size: 3_084_671, entrypoint: [], cmd: ['/bin/sh'], shell: true },
  binaryImage('registry.k8s.io/etcd', '3\\.5\\.\\d{1,2}-0', 152_056_240, 'etcd', ['/usr/local/bin/etcd'], [], (io) => controlPlaneProgram(io, 'etcd')),
  binaryImage('registry.k8s.io/kube-apiserver', 'v1\\.3[0-3]\\.\\d{1,2}', 98_051_552, 'kube-apiserver', ['/usr/local/bin/kube-apiserver'], [], (io) => controlPlaneProgram(io, 'kube-apiserver')),
  binaryImage('registry.k8s.io/kube-controller-manager', 'v1\\.3[0-3]\\.\\d{1,2}', 90_793_286, 'kube-controller-manager', ['/usr/local/bin/kube-controller-manager'], [], (io) => controlPlaneProgram(io, 'kube-controller-manager')),
  binaryImage('registry.k8s.io/kube-scheduler', 'v1\\.3[0-3]\\.\\d{1,2}', 70_649_156, 'kube-scheduler', ['/usr/local/bin/kube-scheduler'], [], (io) => controlPlaneProgram(io, 'kube-scheduler')),
];
