/**
 * Inputs that once froze, crashed or corrupted a lesson terminal, run through the
 * command-line transcript as a lesson page runs them: each must end quickly, in bounded
 * memory, with what bash, kubectl or a real API server would print, and leave the terminal
 * answering the next command.
 */
import { describe, expect, it } from 'vitest';
import { runTranscript } from '../../src/cli/transcript.ts';
import { createCluster } from '../../src/sim/index.ts';
import { expectNoCrash } from './support.ts';

/** Runs `lines` and returns the transcript, failing on any JavaScript internals in it. */
async function session(lines: string[], opts: Parameters<typeof runTranscript>[1] = {}): Promise<string> {
  const out = await runTranscript(lines.join('\n') + '\n', opts);
  expectNoCrash(out);
  return out;
}

/** The output of the command `line` in a transcript. */
function outputOf(transcript: string, line: string): string {
  const start = transcript.indexOf(`$ ${line}\n`);
  expect(start).toBeGreaterThanOrEqual(0);
  const rest = transcript.slice(start + line.length + 3);
  const next = rest.search(/^\$ /m);
  return next < 0 ? rest : rest.slice(0, next);
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T; heapMB: number }> {
  globalThis.gc?.();
  const heap0 = process.memoryUsage().heapUsed;
  const t = performance.now();
  const value = await fn();
  return { ms: performance.now() - t, value, heapMB: (process.memoryUsage().heapUsed - heap0) / 1e6 };
}

const STILL_ANSWERS = 'kubectl get ns default -o name';

describe('unbounded work', () => {
  it('scales a Deployment to a million replicas within the cluster\'s Pod budget, then answers', async () => {
    const cluster = createCluster({ seed: 3 });
    cluster.api.podBudget = 1500;
    const { ms, value: out } = await timed(() =>
      session(['kubectl create deployment web --image=nginx:1.27', 'kubectl scale deployment web --replicas=1000000', 'sleep 20', 'kubectl get rs', STILL_ANSWERS], { cluster }),
    );
    expect(ms).toBeLessThan(60_000);
    expect(cluster.store.count('pods')).toBe(1500);
    expect(outputOf(out, 'kubectl get rs')).toMatch(/^web-\S+\s+1000000\s+1487\s+\d+\s+\S+\n$/m);
    const failed = cluster.store.list('events', 'default').find((e) => e.reason === 'FailedCreate');
    expect(failed?.message).toMatch(/^Error creating: pods "web-[a-z0-9]+-" is forbidden: exceeded the cluster's Pod budget: this simulated cluster holds at most 1500 Pods$/);
    expect(outputOf(out, STILL_ANSWERS)).toBe('namespace/default\n');
  }, 120_000);

  it('runs a Job of parallelism 1500 in bursts of at most 500 Pods per sync', async () => {
    const cluster = createCluster({ seed: 3 });
    let biggestBurst = 0;
    let burst = 0;
    cluster.store.subscribe((e) => {
      if (e.resource === 'pods' && e.type === 'ADDED') biggestBurst = Math.max(biggestBurst, ++burst);
      else if (e.resource === 'jobs.batch') burst = 0;
    });
    const job = ['apiVersion: batch/v1', 'kind: Job', 'metadata:', '  name: big', 'spec:', '  parallelism: 1500', '  completions: 1500', '  template:', '    spec:', '      restartPolicy: Never', '      containers:', '      - name: c', '        image: busybox:1.36', '        command: [sleep, "1"]'].join('\n');
    const { ms } = await timed(() => session(['kubectl apply -f job.yaml', 'sleep 5', STILL_ANSWERS], { cluster, files: { 'job.yaml': job } }));
    expect(ms).toBeLessThan(60_000);
    expect(cluster.store.list('pods', 'default').length).toBe(1500);
    expect(biggestBurst).toBeLessThanOrEqual(500);
  }, 120_000);
});

describe('matching without backtracking', () => {
  it('grep -E "(a+)+$" on forty a\'s answers at once', async () => {
    const { ms, value: out } = await timed(() => session([`echo ${'a'.repeat(40)}b | grep -cE '(a+)+$'`, `echo ${'a'.repeat(40)} | grep -oE '(a+)+$'`]));
    expect(ms).toBeLessThan(5_000);
    expect(out).toContain(`\n0\n`);
    expect(out).toContain(`\n${'a'.repeat(40)}\n`);
  });

  it('a glob of many stars next to a long file name answers at once', async () => {
    const name = 'x'.repeat(200);
    const { ms, value: out } = await timed(() => session(['echo ************c', 'echo ' + '*x'.repeat(30) + '*'], { files: { [name]: '' } }));
    expect(ms).toBeLessThan(5_000);
    expect(outputOf(out, 'echo ************c')).toBe('************c\n');
    expect(outputOf(out, 'echo ' + '*x'.repeat(30) + '*')).toBe(name + '\n');
  });
});

describe('bounded shell memory', () => {
  it('ends an endless producer piped into head, in bounded memory', async () => {
    const { ms, heapMB, value: out } = await timed(() => session(['while true; do seq 1 1000000; done | head -1', 'echo ${PIPESTATUS:-done}']));
    expect(ms).toBeLessThan(30_000);
    expect(heapMB).toBeLessThan(300);
    expect(outputOf(out, 'while true; do seq 1 1000000; done | head -1')).toBe('1\n');
  }, 60_000);

  it('a pipe that would outgrow the terminal fails the write as a full disk does', async () => {
    const out = await session(['seq 1 10000000 | wc -l', 'seq 3 | wc -l']);
    expect(outputOf(out, 'seq 1 10000000 | wc -l')).toMatch(/^seq: write error: No space left on device\n\d+\n$/);
    expect(outputOf(out, 'seq 3 | wc -l')).toBe('3\n');
  }, 60_000);

  it('seq prints every line it is asked for', async () => {
    const out = await session(['seq 1 1500000 | tail -1', 'seq 1 1500000 | wc -l']);
    expect(outputOf(out, 'seq 1 1500000 | tail -1')).toBe('1500000\n');
    expect(outputOf(out, 'seq 1 1500000 | wc -l')).toBe('1500000\n');
  }, 60_000);
});

describe('nested commands', () => {
  it('nests timeout without parsing its command again at each level, up to a bash-like limit', async () => {
    const fifty = 'timeout 100 '.repeat(50) + 'echo fifty';
    const deep = 'timeout 100 '.repeat(3000) + 'echo deep';
    const { ms, value: out } = await timed(() => session([fifty, deep, 'echo x | timeout 5 cat', 'timeout 1 sleep 5; echo $?']));
    expect(ms).toBeLessThan(20_000);
    expect(outputOf(out, fifty)).toBe('fifty\n');
    expect(outputOf(out, deep)).toBe('bash: maximum nesting level exceeded (100)\n');
    expect(outputOf(out, 'echo x | timeout 5 cat')).toBe('x\n');
    expect(outputOf(out, 'timeout 1 sleep 5; echo $?')).toBe('124\n');
  }, 60_000);
});

describe('prototype pollution', () => {
  const before = Object.getOwnPropertyNames(Object.prototype).sort();

  it('no patch, manifest, literal or label reaches a prototype, and the cluster keeps working', async () => {
    const manifest = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: m\n  __proto__:\n    deletionTimestamp: x\ndata:\n  __proto__: hi\n';
    const out = await session(
      [
        'kubectl create cm c --from-literal=__proto__=x --from-literal=constructor=y',
        `kubectl get cm c -o jsonpath='{.data}'`,
        `kubectl patch cm c --type=json -p '[{"op":"add","path":"/metadata/__proto__/deletionTimestamp","value":"x"}]'`,
        `kubectl patch cm c --type=json -p '[{"op":"add","path":"/metadata/constructor/prototype/x","value":"x"}]'`,
        `kubectl patch cm c --type=merge -p '{"data":{"__proto__":{"polluted":"yes"}}}'`,
        `kubectl patch cm c -p '{"metadata":{"labels":{"__proto__":"x"}}}'`,
        'kubectl label cm c constructor=x',
        'kubectl apply -f m.yaml',
        `kubectl run p --image=nginx:1.27 --overrides='{"__proto__":{"deletionTimestamp":"x"}}' --dry-run=client -o name`,
        'kubectl create cm after',
        'kubectl get cm after -o name',
      ],
      { files: { 'm.yaml': manifest } },
    );
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
    expect(({} as Record<string, unknown>).deletionTimestamp).toBeUndefined();
    expect(outputOf(out, `kubectl get cm c -o jsonpath='{.data}'`)).toBe('{"__proto__":"x","constructor":"y"}\n');
    expect(outputOf(out, `kubectl patch cm c --type=json -p '[{"op":"add","path":"/metadata/__proto__/deletionTimestamp","value":"x"}]'`)).toBe(
      'The request is invalid: the server rejected our request due to an error in our request\n',
    );
    expect(outputOf(out, 'kubectl apply -f m.yaml')).toContain('strict decoding error: unknown field "metadata.__proto__"');
    expect(outputOf(out, 'kubectl get cm after -o name')).toBe('configmap/after\n');
  });
});

describe('recursion', () => {
  it('2,000 nested groups get a bash-shaped depth error, then the shell answers', async () => {
    const deep = '{ '.repeat(2000) + 'echo hi; ' + '}; '.repeat(2000);
    const out = await session([deep, 'echo $(( ' + '('.repeat(5000) + '1' + ')'.repeat(5000) + ' ))', 'echo still here']);
    expect(out).toContain('bash: maximum nesting level exceeded (200)\n');
    expect(out).toContain('expression recursion level exceeded');
    expect(outputOf(out, 'echo still here')).toBe('still here\n');
  });
});

describe('events', () => {
  it('a CronJob every minute for six hours leaves about an hour of Events', async () => {
    const cluster = createCluster({ seed: 3 });
    await session(['kubectl create cronjob tick --image=busybox:1.36 --schedule="* * * * *" -- true', 'sleep 21600'], { cluster });
    const events = cluster.store.list('events', 'default');
    const oldest = Math.min(...events.map((e) => Date.parse(String(e.lastTimestamp))));
    expect(cluster.clock.now() - oldest).toBeLessThanOrEqual(3_600_000);
    expect(events.length).toBeLessThan(600);
  }, 120_000);
});

describe('kubectl\'s multi-document semantics', () => {
  const docs = [
    'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: one\n',
    'apiVersion: v1\nkind: Bogus\nmetadata:\n  name: two\n',
    'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: three\n',
    'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: four\ndata:\n  a: [1\n',
    'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: five\n',
  ].join('---\n');

  it('applies the valid documents and reports the errors after them, with lines counted per document', async () => {
    const out = await session(['kubectl apply -f m.yaml', 'kubectl get cm -o name'], { files: { 'm.yaml': docs } });
    expect(outputOf(out, 'kubectl apply -f m.yaml')).toBe(
      'configmap/one created\nconfigmap/three created\n' +
        'resource mapping not found for name: "two" namespace: "" from "m.yaml": no matches for kind "Bogus" in version "v1"\nensure CRDs are installed first\n' +
        "error parsing m.yaml: error converting YAML to JSON: yaml: line 6: did not find expected ',' or ']'\n",
    );
    expect(outputOf(out, 'kubectl get cm -o name')).toBe('configmap/kube-root-ca.crt\nconfigmap/one\nconfigmap/three\n');
  });

  it('create goes on past a refused object too', async () => {
    const two = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ""\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ok\n';
    const out = await session(['kubectl create -f two.yaml'], { files: { 'two.yaml': two } });
    expect(outputOf(out, 'kubectl create -f two.yaml')).toBe(
      'configmap/ok created\nThe ConfigMap "" is invalid: metadata.name: Required value: name or generateName is required\n',
    );
  });
});

describe('JavaScript internals never reach the terminal', () => {
  it('answers odd values in bash, kubectl and API server words', async () => {
    const files = {
      'bin.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: !!binary aGVsbG8=\n',
      'map-label.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: m\n  labels:\n    a:\n      b: c\n',
      'num-label.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: num\n  labels:\n    version: 1\n',
    };
    const out = await session(
      [
        "printf '%.200f\\n' 1",
        `kubectl run x --image=nginx:1.27 --overrides='{"spec":5}'`,
        'kubectl apply -f bin.yaml',
        'kubectl apply -f map-label.yaml',
        'kubectl apply -f num-label.yaml',
        `kubectl patch node kind-worker -p '{"spec":{"unschedulable":"yes"}}'`,
      ],
      { files },
    );
    expect(outputOf(out, "printf '%.200f\\n' 1")).toBe('1.' + '0'.repeat(200) + '\n');
    expect(outputOf(out, `kubectl run x --image=nginx:1.27 --overrides='{"spec":5}'`)).toBe('error: json: cannot unmarshal number into Go struct field Pod.spec of type v1.PodSpec\n');
    expect(outputOf(out, 'kubectl apply -f bin.yaml')).toBe('configmap/hello created\n');
    expect(outputOf(out, 'kubectl apply -f map-label.yaml')).toContain('json: cannot unmarshal object into Go struct field ObjectMeta.metadata.labels of type string');
    expect(outputOf(out, 'kubectl apply -f num-label.yaml')).toContain('ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type string');
    expect(outputOf(out, `kubectl patch node kind-worker -p '{"spec":{"unschedulable":"yes"}}'`)).toBe(
      'Error from server (BadRequest): Node in version "v1" cannot be handled as a Node: json: cannot unmarshal string into Go struct field NodeSpec.spec.unschedulable of type bool\n',
    );
  });
});

describe('odd arguments', () => {
  it('never print JavaScript internals', async () => {
    await session([
      'kubectl get node/',
      'kubectl get nodes ""',
      'kubectl describe node/',
      'kubectl delete node/',
      'kubectl cordon kind-worker9',
      'kubectl drain kind-worker9',
      'kubectl top node nosuch',
      'kubectl taint node kind-worker9 a=b:NoSchedule',
      'kubectl label node kind-worker9 a=b',
      'kubectl get pods --field-selector spec.nodeName=',
      'kubectl get pods -l "a in (b"',
      `kubectl run x --image=nginx:1.27 --overrides='{"spec":{"nodeName":null}}' --dry-run=client -o yaml`,
      `kubectl run y --image=nginx:1.27 --overrides='{"spec":{"containers":5}}'`,
      `kubectl run z --image=nginx:1.27 --overrides='null'`,
      `kubectl patch node kind-worker -p '{"spec":{"taints":"none"}}'`,
      `kubectl patch node kind-worker --type=json -p '[{"op":"add","path":"/spec/taints/-","value":{"key":"k","effect":5}}]'`,
      'kubectl scale deployment nosuch --replicas=-1',
      'kubectl scale deployment nosuch --replicas=1e9',
      'cluster stop-node',
      'cluster remove-node',
      'cluster start-node nosuch',
      'cluster add-node',
      "printf '%d %f %x\\n' abc 1e400 -1",
      'seq 1 0.5 3',
      'seq 1e20 1e20',
      'echo $((2**64)) $((1/0))',
    ]);
  });
});

