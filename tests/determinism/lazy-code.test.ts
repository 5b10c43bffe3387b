/**
 * The simulator's on-first-use code changes nothing a learner sees: the same session on a
 * cluster that has every part loaded (as in Node) and on one that has loaded nothing yet (as a
 * page that just opened, `coldCode()`) prints byte for byte the same transcript. The cold
 * cluster really takes the lazy path: the parts it loads are recorded and checked.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTranscript } from '../../src/cli/transcript.ts';
import { readCase } from '../../src/cli/transcript-file.ts';
import { coldCode, createCluster, createClusterWhenReady, installersFor, type CodePart, type CodeSource } from '../../src/sim/index.ts';
import { extractLesson } from '../lessons/extract.ts';

/** Resolves after `turns` turns of the event loop: a download takes a while, in which the host keeps running. */
const turnsLater = async (turns: number): Promise<void> => {
  for (let i = 0; i < turns; i++) await new Promise((resolve) => setImmediate(resolve));
};

/** A cold source that records which parts it was asked to load, each taking 30 host turns to arrive. */
function recordingColdCode(): { source: CodeSource; loads: string[] } {
  const cold = coldCode();
  const loads: string[] = [];
  return {
    loads,
    source: {
      loaded: (part) => cold.loaded(part),
      load<T>(part: CodePart<T>): Promise<T> {
        loads.push(part.name);
        return turnsLater(30).then(() => cold.load(part));
      },
    },
  };
}

interface Session {
  input: string;
  seed: number;
  preset?: string;
  files?: Record<string, string>;
}

async function bothWays(s: Session): Promise<{ eager: string; lazy: string; loads: string[] }> {
  const opts = { seed: s.seed, ...(s.preset ? { preset: s.preset } : {}) };
  const eager = await runTranscript(s.input, { cluster: createCluster(opts), ...(s.files ? { files: s.files } : {}) });
  const { source, loads } = recordingColdCode();
  const cluster = await createClusterWhenReady({ ...opts, code: source });
  const lazy = await runTranscript(s.input, { cluster, ...(s.files ? { files: s.files } : {}) });
  return { eager, lazy, loads };
}

function lesson(slug: string): Session {
  const l = extractLesson(readFileSync(join(import.meta.dirname, '../../content/lessons/en', `${slug}.mdx`), 'utf8'));
  const commands = l.steps.flatMap((s) => (s.kind === 'commands' ? s.commands : []));
  const preset = typeof l.frontmatter.preset === 'string' ? l.frontmatter.preset : undefined;
  return { input: commands.join('\n') + '\n', seed: Number(l.frontmatter.seed ?? 1), ...(preset ? { preset } : {}), files: l.files };
}

function transcript(file: string): Session {
  const c = readCase(readFileSync(join(import.meta.dirname, '../transcripts', file), 'utf8'));
  return { input: c.input, seed: c.seed ?? 1, ...(c.preset ? { preset: c.preset } : {}) };
}

// Each case runs a session twice (eager and lazy); on a busy machine that takes longer than the default 5 s.
describe('code loaded on first use', { timeout: 60_000 }, () => {
  it('a session touching every deferred controller prints the same, in one command line and across several', async () => {
    const input = [
      'kubectl create cronjob tick --image=busybox:1.36 --schedule="*/1 * * * *" -- date && kubectl get cronjobs',
      'kubectl create job once --image=busybox:1.36 -- echo hi; kubectl get jobs',
      'kubectl create deployment web --image=nginx:1.27 --replicas=2',
      'kubectl autoscale deployment web --min=2 --max=4 --cpu-percent=50',
      'kubectl wait --for=condition=complete job/once --timeout=60s',
      'sleep 130',
      'kubectl get jobs,pods',
      'kubectl get hpa',
      'kubectl get events --sort-by=.metadata.creationTimestamp | tail -5',
    ].join('\n');
    const { eager, lazy, loads } = await bothWays({ input: input + '\n', seed: 7 });
    expect(lazy).toBe(eager);
    expect(loads.sort()).toEqual(['batch-controllers', 'container-programs', 'hpa-controller']);
    expect(eager).toMatch(/job.batch\/tick-\d+ +Complete +1\/1/);
  });

  it('time stands still while the code loads, also for a command that only sleeps', async () => {
    const input = 'kubectl create job once --image=busybox:1.36 -- echo hi; sleep 3; kubectl get pods; kubectl get jobs\n';
    const { eager, lazy, loads } = await bothWays({ input, seed: 5 });
    expect(lazy).toBe(eager);
    expect(loads).toEqual(['batch-controllers', 'container-programs']);
  });

  it('a StatefulSet applied with other kinds in one file', async () => {
    const file = [
      'apiVersion: v1\nkind: Service\nmetadata:\n  name: db\nspec:\n  clusterIP: None\n  selector:\n    app: db\n  ports:\n  - port: 5432',
      'apiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n  name: db\nspec:\n  serviceName: db\n  replicas: 2\n  selector:\n    matchLabels:\n      app: db\n  template:\n    metadata:\n      labels:\n        app: db\n    spec:\n      containers:\n      - name: db\n        image: nginx:1.27',
    ].join('\n---\n');
    const input = 'kubectl apply -f db.yaml && kubectl get pods\nkubectl rollout status sts/db\nkubectl get pods -o wide\n';
    const { eager, lazy, loads } = await bothWays({ input, seed: 3, files: { 'db.yaml': file + '\n' } });
    expect(lazy).toBe(eager);
    expect(loads.sort()).toEqual(['container-programs', 'stateful-controllers']);
    expect(eager).toContain('partitioned roll out complete');
  });

  it("a session that only reads and runs a Deployment loads only the containers' programs", async () => {
    const input = 'kubectl get pods -A\nsleep 600\nkubectl get ds -A\nkubectl create deployment web --image=nginx:1.27 --replicas=3\nsleep 30\nkubectl get pods -o wide\n';
    const { eager, lazy, loads } = await bothWays({ input, seed: 2 });
    expect(lazy).toBe(eager);
    expect(loads).toEqual(['container-programs']);
  });

  it("the host's curl and kubectl port-forward bring the cluster's network code, with no container's code", async () => {
    const input = [
      'curl -s -m 2 172.18.0.2:30080; echo status $?',
      'kubectl port-forward -n kube-system deploy/coredns 8080:8080 &',
      'sleep 1',
      'curl -s localhost:8080/health; echo',
      'kill %1',
      'wget -q -O - localhost:8080/health; echo status $?',
    ].join('\n');
    const { eager, lazy, loads } = await bothWays({ input: input + '\n', seed: 3 });
    expect(lazy).toBe(eager);
    expect(eager).toContain('Handling connection for 8080\nok');
    expect(loads).toEqual(['cluster-network']);
  });

  it("cloud-provider-kind's service controller loads with the add-on; a LoadBalancer Service before it stays pending", async () => {
    const input = [
      'kubectl create service loadbalancer early --tcp=80:80',
      'sleep 5',
      'kubectl get svc early',
      'cluster addons enable cloud-provider-kind',
      'kubectl create service loadbalancer web --tcp=80:8080',
      'sleep 5',
      'kubectl get svc',
      'kubectl get events --field-selector involvedObject.kind=Service',
    ].join('\n');
    const { eager, lazy, loads } = await bothWays({ input: input + '\n', seed: 4 });
    expect(lazy).toBe(eager);
    expect(eager).toContain('EnsuredLoadBalancer');
    expect(loads).toEqual(['cloud-provider-kind']);
  });

  it("network code that cannot be fetched: curl says so, and the next request fetches it", async () => {
    const cold = coldCode();
    let failures = 1;
    const source: CodeSource = {
      loaded: (part) => cold.loaded(part),
      load<T>(part: CodePart<T>): Promise<T> {
        if (part.name === 'cluster-network' && failures-- > 0) return Promise.reject(new TypeError('Failed to fetch dynamically imported module: https://course.example/_astro/network-code.js'));
        return cold.load(part);
      },
    };
    const cluster = await createClusterWhenReady({ seed: 6, code: source });
    const out = await runTranscript('curl -s -m 1 172.18.0.2:30080; echo status $?\ncurl -s -m 1 172.18.0.2:30080; echo status $?\n', { cluster });
    expect(out).toContain("curl: could not load the cluster's network code: Failed to fetch dynamically imported module: https://course.example/_astro/network-code.js\n");
    expect(out).toContain('status 126');
    expect(out).toContain('status 7');
    expect(cluster.code.loading).toBe(false);
  });

  it('the DaemonSet controller loads with a node change, a daemon Pod deleted or a DaemonSet written', async () => {
    for (const first of ['kubectl label node kind-worker disk=ssd', 'kubectl -n kube-system delete pod -l k8s-app=kube-proxy --wait=false', 'kubectl -n kube-system rollout restart ds/kindnet']) {
      const input = `${first}\nsleep 20\nkubectl -n kube-system get ds,pods -o wide\nkubectl get events -A --sort-by=.metadata.creationTimestamp | tail -4\n`;
      const { eager, lazy, loads } = await bothWays({ input, seed: 4 });
      expect(lazy).toBe(eager);
      expect(loads).toEqual(['daemonset-controller']);
    }
  });

  for (const slug of ['statefulset', 'job-cronjob', 'capstone', 'daemonset', 'scheduling', 'ingress']) {
    it(`the ${slug} lesson`, async () => {
      const { eager, lazy, loads } = await bothWays(lesson(slug));
      expect(lazy).toBe(eager);
      expect(loads.length).toBeGreaterThan(0);
    }, 30_000);
  }

  it("cluster addons enable metrics-server loads its manifest on first use, and its Pod the containers' programs", async () => {
    const input = 'cluster addons enable metrics-server\nsleep 90\nkubectl top nodes\ncluster addons disable metrics-server\nkubectl -n kube-system get deploy\n';
    const { eager, lazy, loads } = await bothWays({ input, seed: 6 });
    expect(lazy).toBe(eager);
    // Its ClusterRoles are RBAC writes: the bootstrap policy's code comes along.
    expect(loads).toEqual(['metrics-server-objects', 'rbac-bootstrap-policy', 'container-programs']);
    expect(eager).toContain('metrics-server installed in kube-system');
  });

  it('a cluster built with metrics-server enabled waits for its manifest, then is the eager cluster', async () => {
    const installers = installersFor({ addons: ['metrics-server'] });
    const input = 'kubectl -n kube-system get deploy,apiservice v1beta1.metrics.k8s.io\n';
    const eager = await runTranscript(input, { cluster: createCluster({ seed: 8, installers }) });
    const { source, loads } = recordingColdCode();
    expect(() => createCluster({ seed: 8, installers, code: source })).toThrow(/createClusterWhenReady/);
    const lazy = await runTranscript(input, { cluster: await createClusterWhenReady({ seed: 8, installers, code: source }) });
    expect(lazy).toBe(eager);
    expect(eager).toContain('metrics-server');
    expect([...new Set(loads)]).toEqual(['metrics-server-objects', 'rbac-bootstrap-policy', 'container-programs']);
  });

  it('an Ingress: its kind loads with the first create; reads before it need nothing', async () => {
    const input = [
      'kubectl get ingress,ingressclass',
      'kubectl create ingress web --rule=web.example/=web:80 --dry-run=server -o yaml | grep -c ingressClassName',
      'kubectl create ingress bad --rule=web.example/=web:http-x:80',
      'kubectl create ingress web --rule=web.example/=web:80',
      'kubectl get ingress',
      'kubectl describe ingress web | head -4',
    ].join('\n');
    const { eager, lazy, loads } = await bothWays({ input: input + '\n', seed: 12 });
    expect(lazy).toBe(eager);
    expect(loads).toEqual(['ingress-kinds']);
    expect(eager).toContain('ingress.networking.k8s.io/web created');
  });

  it('a PodDisruptionBudget and a drain: the budget brings its kind and controller, the eviction honours it', async () => {
    const input = [
      'kubectl create deployment web --image=nginx:1.27 --replicas=2',
      'kubectl rollout status deploy/web',
      'kubectl create pdb web --selector=app=web --min-available=2',
      'sleep 2',
      'kubectl get pdb',
      'kubectl drain kind-worker --ignore-daemonsets --timeout=15s',
      'kubectl delete pdb web',
      'kubectl drain kind-worker --ignore-daemonsets',
      'kubectl get pods -o wide',
    ].join('\n');
    const { eager, lazy, loads } = await bothWays({ input: input + '\n', seed: 13 });
    expect(lazy).toBe(eager);
    expect([...new Set(loads)].sort()).toEqual(['container-programs', 'daemonset-controller', 'disruption-controller']);
    expect(eager).toContain("Cannot evict pod as it would violate the pod's disruption budget.");
  });

  it('a drain with no budget needs no budget code', async () => {
    const input = 'kubectl create deployment web --image=nginx:1.27 --replicas=2\nkubectl rollout status deploy/web\nkubectl drain kind-worker --ignore-daemonsets\nkubectl get pdb\n';
    const { eager, lazy, loads } = await bothWays({ input, seed: 14 });
    expect(lazy).toBe(eager);
    expect([...new Set(loads)].sort()).toEqual(['container-programs', 'daemonset-controller']);
    expect(eager).toContain('evicting pod default/web-');
  });

  it('HorizontalPodAutoscalers read in autoscaling/v1: none before the first, then converted by the loaded kind', async () => {
    const input = [
      'kubectl get hpa.v1.autoscaling',
      'kubectl get hpa.v1.autoscaling web',
      'kubectl create deployment web --image=nginx:1.27',
      'kubectl autoscale deployment web --max=3 --cpu-percent=60 -o yaml | grep -E "apiVersion|targetCPU"',
      'kubectl get hpa.v1.autoscaling web -o jsonpath={.spec.targetCPUUtilizationPercentage}; echo',
      'kubectl get --raw /apis/autoscaling/v1/namespaces/default/horizontalpodautoscalers | grep -o "targetCPUUtilizationPercentage.:60"',
    ].join('\n');
    const { eager, lazy, loads } = await bothWays({ input: input + '\n', seed: 15 });
    expect(lazy).toBe(eager);
    expect([...new Set(loads)].sort()).toEqual(['container-programs', 'hpa-controller']);
    expect(eager).toContain('targetCPUUtilizationPercentage: 60');
  });

  it('a NetworkPolicy: connections before it need no policy code, and it loads with the first policy', async () => {
    const policy = 'apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata:\n  name: deny\nspec:\n  podSelector:\n    matchLabels:\n      app: web\n  policyTypes: [Ingress]\n';
    const input = [
      'kubectl run web --image=nginx:1.27 --labels=app=web --port=80',
      'kubectl wait --for=condition=Ready pod/web --timeout=60s',
      'kubectl run probe --image=busybox:1.36 --restart=Never -- sleep 3600',
      'kubectl wait --for=condition=Ready pod/probe --timeout=60s',
      'WEB=$(kubectl get pod web -o jsonpath={.status.podIP})',
      'kubectl exec probe -- wget -qO- -T 2 http://$WEB | head -4',
      'kubectl apply -f deny.yaml',
      'kubectl exec probe -- wget -qO- -T 2 http://$WEB',
      'kubectl get netpol',
    ].join('\n');
    const { eager, lazy, loads } = await bothWays({ input: input + '\n', seed: 16, files: { 'deny.yaml': policy } });
    expect(lazy).toBe(eager);
    expect([...new Set(loads)].sort()).toEqual(['container-programs', 'networkpolicy-kind']);
    expect(eager).toContain('Welcome to nginx!');
    expect(eager).toContain('download timed out');
  });

  it('a networking kind whose code cannot be fetched: kubectl says so and writes nothing; the next command loads it', async () => {
    const cold = coldCode();
    let failures = 1;
    const source: CodeSource = {
      loaded: (part) => cold.loaded(part),
      load<T>(part: CodePart<T>): Promise<T> {
        if (failures-- > 0) return Promise.reject(new TypeError('Failed to fetch dynamically imported module: https://course.example/_astro/ingress-kinds.js'));
        return cold.load(part);
      },
    };
    const cluster = await createClusterWhenReady({ seed: 3, code: source });
    const out = await runTranscript('kubectl create ingress web --rule=web.example/=web:80\necho status $?\nkubectl get ingress\nkubectl create ingress web --rule=web.example/=web:80\nkubectl get ingress\n', { cluster });
    expect(out).toContain("error: could not load the cluster's code for ingresses.networking.k8s.io: Failed to fetch dynamically imported module: https://course.example/_astro/ingress-kinds.js\n");
    expect(out).toContain('status 1');
    expect(out).toContain('No resources found in default namespace.');
    expect(out).toContain('ingress.networking.k8s.io/web created');
    expect(cluster.code.loading).toBe(false);
  });

  it('a part that cannot be fetched gives a clear error, and the next command fetches it again', async () => {
    const cold = coldCode();
    let failures = 1;
    const source: CodeSource = {
      loaded: (part) => cold.loaded(part),
      load<T>(part: CodePart<T>): Promise<T> {
        if (failures-- > 0) return Promise.reject(new TypeError('Failed to fetch dynamically imported module: https://course.example/_astro/objects.js'));
        return cold.load(part);
      },
    };
    const cluster = await createClusterWhenReady({ seed: 6, code: source });
    const out = await runTranscript('cluster addons enable metrics-server\necho status $?\ncluster addons enable metrics-server\n', { cluster });
    expect(out).toContain('cluster: could not load the metrics-server add-on: Failed to fetch dynamically imported module: https://course.example/_astro/objects.js\n');
    expect(out).toContain('status 1');
    expect(out).toContain('metrics-server installed in kube-system');
    expect(cluster.code.loading).toBe(false);
  });

  it('kinds whose validation and table load on first use: dry runs, refusals, a watch started before the first object', async () => {
    const input = [
      'kubectl create quota q --hard=pods=3,cpu=x --dry-run=server',
      'kubectl create quota q --hard=pods=3 --dry-run=server -o yaml | grep -c pods',
      'kubectl create quota q --hard=pods=2',
      'sleep 2',
      'kubectl run a --image=nginx:1.27; kubectl run b --image=nginx:1.27; kubectl run c --image=nginx:1.27',
      'kubectl get quota',
      'kubectl get jobs -w &',
      'sleep 1',
      'kubectl create job j --image=busybox:1.36 -- echo hi',
      'sleep 15',
      'kill %1',
      'kubectl create cronjob bad --image=busybox:1.36 --schedule="61 * * * *"',
      'kubectl autoscale deploy/nothing --max=3',
      'kubectl get sts,hpa',
    ].join('\n');
    const { eager, lazy, loads } = await bothWays({ input: input + '\n', seed: 9 });
    expect(lazy).toBe(eager);
    expect([...new Set(loads)].sort()).toEqual(['batch-controllers', 'container-programs', 'resourcequota-controller']);
    expect(eager).toContain('exceeded quota: q');
    expect(eager).toMatch(/j +(Running|Complete|0\/1)/);
  });

  it('a claim applied on its own brings the volume kinds and controller', async () => {
    const pvc = 'apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: data\nspec:\n  accessModes: [ReadWriteOnce]\n  resources:\n    requests:\n      storage: 1Gi\n';
    const pod = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: user\nspec:\n  containers:\n  - name: c\n    image: nginx:1.27\n    volumeMounts:\n    - name: d\n      mountPath: /data\n  volumes:\n  - name: d\n    persistentVolumeClaim:\n      claimName: data\n';
    const input = 'kubectl apply -f pvc.yaml --dry-run=server\nkubectl get pvc\nkubectl apply -f pvc.yaml -f pod.yaml\nsleep 20\nkubectl get pvc,pv\nkubectl get pods\n';
    const { eager, lazy, loads } = await bothWays({ input, seed: 11, files: { 'pvc.yaml': pvc, 'pod.yaml': pod } });
    expect(lazy).toBe(eager);
    expect([...new Set(loads)].sort()).toEqual(['container-programs', 'stateful-controllers']);
    expect(eager).toMatch(/data +Bound/);
  });

  it('a kind whose code cannot be fetched: kubectl says so and writes nothing; the next command loads it', async () => {
    const cold = coldCode();
    let failures = 1;
    const source: CodeSource = {
      loaded: (part) => cold.loaded(part),
      load<T>(part: CodePart<T>): Promise<T> {
        if (failures-- > 0) return Promise.reject(new TypeError('Failed to fetch dynamically imported module: https://course.example/_astro/stateful-controllers.js'));
        return cold.load(part);
      },
    };
    const file = 'apiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n  name: db\nspec:\n  serviceName: db\n  replicas: 1\n  selector:\n    matchLabels:\n      app: db\n  template:\n    metadata:\n      labels:\n        app: db\n    spec:\n      containers:\n      - name: db\n        image: nginx:1.27\n';
    const cluster = await createClusterWhenReady({ seed: 3, code: source });
    const out = await runTranscript('kubectl apply -f db.yaml\necho status $?\nkubectl get sts\nkubectl apply -f db.yaml\nsleep 10\nkubectl get sts\n', { cluster, files: { 'db.yaml': file } });
    expect(out).toContain("error: could not load the cluster's code for statefulsets.apps: Failed to fetch dynamically imported module: https://course.example/_astro/stateful-controllers.js\n");
    expect(out).toContain('status 1');
    expect(out).toContain('No resources found in default namespace.');
    expect(out).toContain('statefulset.apps/db created');
    expect(out).toMatch(/db +1\/1/);
  });

  it('a CSR created, approved and used: the kind, its signer and the access checks load on first use', async () => {
    const input = [
      'openssl genrsa -out ann.key 2048 2>/dev/null',
      'openssl req -new -key ann.key -out ann.csr -subj "/CN=ann/O=ops"',
      'printf \'apiVersion: certificates.k8s.io/v1\\nkind: CertificateSigningRequest\\nmetadata:\\n  name: ann\\nspec:\\n  request: %s\\n  signerName: kubernetes.io/kube-apiserver-client\\n  usages: [client auth]\\n\' "$(base64 -w0 ann.csr)" > csr.yaml',
      'kubectl apply -f csr.yaml && kubectl certificate approve ann; kubectl get csr',
      'sleep 1; kubectl get csr',
      'kubectl get csr ann -o jsonpath=\'{.status.certificate}\' | base64 -d > ann.crt',
      'kubectl config set-credentials ann --client-key=ann.key --client-certificate=ann.crt --embed-certs=true',
      'kubectl config set-context ann --cluster=kind-kind --user=ann',
      'kubectl --context=ann auth whoami; kubectl --context=ann get pods',
    ].join('\n');
    const { eager, lazy, loads } = await bothWays({ input: input + '\n', seed: 12 });
    expect(lazy).toBe(eager);
    expect([...new Set(loads)].sort()).toEqual(['access-checks', 'csrsigning-controller', 'rbac-bootstrap-policy']);
    expect(eager).toContain('Approved,Issued');
    expect(eager).toContain('Groups      [ops system:authenticated]');
    expect(eager).toContain('User "ann" cannot list resource "pods"');
  });

  it('approving a CSR that does not exist is the 404 it always was, also before the kind loaded', async () => {
    const { eager, lazy } = await bothWays({ input: 'kubectl certificate approve nobody\nkubectl get csr\n', seed: 12 });
    expect(lazy).toBe(eager);
    expect(eager).toContain('Error from server (NotFound): certificatesigningrequests.certificates.k8s.io "nobody" not found');
  });

  it('--as, auth can-i and a ServiceAccount token user need the access checks; the admin alone does not', async () => {
    const input = [
      'kubectl get pods; kubectl auth whoami',
      'kubectl get pods --as=jane',
      'kubectl auth can-i list pods',
      'kubectl create serviceaccount bot && kubectl create rolebinding bot-view --clusterrole=view --serviceaccount=default:bot',
      'kubectl config set-credentials bot --token="$(kubectl create token bot)"',
      'kubectl config set-context bot --cluster=kind-kind --user=bot && kubectl config use-context bot',
      'kubectl get sa; kubectl auth whoami | head -2; kubectl delete sa bot',
    ].join('\n');
    const { eager, lazy, loads } = await bothWays({ input: input + '\n', seed: 13 });
    expect(lazy).toBe(eager);
    expect(loads).toEqual(['access-checks', 'rbac-bootstrap-policy']);
    expect(eager).toContain('User "jane" cannot list resource "pods"');
    expect(eager).toContain('system:serviceaccount:default:bot');
    const admin = await bothWays({ input: 'kubectl get pods -A | head -3\nkubectl auth whoami\nkubectl get csr\n', seed: 13 });
    expect(admin.lazy).toBe(admin.eager);
    expect(admin.loads).toEqual([]);
  });

  it('access checks that cannot be fetched: kubectl says so and sends nothing; the next command loads them', async () => {
    const cold = coldCode();
    let failures = 1;
    const source: CodeSource = {
      loaded: (part) => cold.loaded(part),
      load<T>(part: CodePart<T>): Promise<T> {
        if (failures-- > 0) return Promise.reject(new TypeError('Failed to fetch dynamically imported module: https://course.example/_astro/access-checks.js'));
        return cold.load(part);
      },
    };
    const cluster = await createClusterWhenReady({ seed: 3, code: source });
    const out = await runTranscript('kubectl get pods --as=jane\necho status $?\nkubectl get pods --as=jane\n', { cluster });
    expect(out).toContain("error: could not load the cluster's code for authentication and authorization: Failed to fetch dynamically imported module: https://course.example/_astro/access-checks.js\n");
    expect(out).toContain('status 1');
    expect(out).toContain('User "jane" cannot list resource "pods"');
    expect(cluster.code.loading).toBe(false);
  });

  const transcripts: Record<string, string[]> = {
    'csr-users-rbac.txt': ['access-checks', 'csrsigning-controller', 'rbac-bootstrap-policy'],
    'impersonation-as.txt': ['access-checks', 'container-programs', 'rbac-bootstrap-policy'],
    'ref-06-statefulset-daemonset-job-cronjob.txt': ['batch-controllers', 'container-programs', 'daemonset-controller', 'stateful-controllers'],
    'ingress-nginx-kind.txt': ['batch-controllers', 'container-programs', 'ingress-kinds', 'ingress-nginx-controller', 'rbac-bootstrap-policy'],
    'pdb-drain.txt': ['container-programs', 'daemonset-controller', 'disruption-controller'],
    'rbac-bootstrap.txt': ['access-checks', 'rbac-bootstrap-policy'],
    'quota-memory-cpu-namespace.txt': ['container-programs', 'resourcequota-controller'],
    'ref-02-nodes-namespaces.txt': ['daemonset-controller'],
    'cluster-nodes.txt': ['daemonset-controller'],
    'limitrange-defaults-constraints.txt': ['container-programs', 'limitrange-kind'],
    'networkpolicy-declare.txt': ['container-programs', 'networkpolicy-kind'],
  };
  for (const [file, parts] of Object.entries(transcripts)) {
    it(`the transcript ${file}`, async () => {
      const { eager, lazy, loads } = await bothWays(transcript(file));
      expect(lazy).toBe(eager);
      expect([...new Set(loads)].sort()).toEqual(parts);
    }, 60_000);
  }

  // Every other lesson and transcript, lazily: a command path that writes a kind whose code
  // loads on first use without preparing it would show here as an internal error.
  const lessonsDir = join(import.meta.dirname, '../../content/lessons/en');
  const covered = new Set(['statefulset', 'job-cronjob', 'capstone', 'daemonset', 'scheduling', 'ingress']);
  for (const slug of readdirSync(lessonsDir).map((f) => f.replace(/\.mdx$/, '')).filter((s) => !covered.has(s))) {
    it(`the ${slug} lesson`, async () => {
      const { eager, lazy } = await bothWays(lesson(slug));
      expect(lazy).toBe(eager);
    }, 60_000);
  }
  for (const file of readdirSync(join(import.meta.dirname, '../transcripts')).filter((f) => f.endsWith('.txt') && !(f in transcripts))) {
    it(`the transcript ${file}`, async () => {
      const { eager, lazy } = await bothWays(transcript(file));
      expect(lazy).toBe(eager);
    }, 60_000);
  }
});
