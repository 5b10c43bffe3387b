/**
 * The containers' programs (images' programs, the containers' sh and tools) load on first use
 * and change nothing a learner sees: a session on a cluster that has them from the start and
 * on one that has loaded nothing yet (`coldCode()`, each part arriving 30 host turns late)
 * prints the same bytes, `kubectl exec` into a container whose image runs without them waits
 * for them, and a download that fails is reported (the Pod's events, the exec's error) and
 * works when tried again.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTranscript } from '../../src/cli/transcript.ts';
import { readCase } from '../../src/cli/transcript-file.ts';
import { extractLesson } from '../lessons/extract.ts';
import { coldCode, createCluster, createClusterWhenReady, type CodePart, type CodeSource } from '../../src/sim/index.ts';

const turnsLater = async (turns: number): Promise<void> => {
  for (let i = 0; i < turns; i++) await new Promise((resolve) => setImmediate(resolve));
};

/**
 * A cold source recording what it was asked to load, each part arriving 30 host turns late;
 * the first `failures` loads of the containers' programs fail as an offline page's fetch does.
 */
function coldSource(failures = 0): { source: CodeSource; loads: string[] } {
  const cold = coldCode();
  const loads: string[] = [];
  let failing = failures;
  return {
    loads,
    source: {
      loaded: (part) => cold.loaded(part),
      load<T>(part: CodePart<T>): Promise<T> {
        loads.push(part.name);
        if (part.name === 'container-programs' && failing > 0) {
          failing--;
          return turnsLater(30).then(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /_astro/container-code.js')));
        }
        return turnsLater(30).then(() => cold.load(part));
      },
    },
  };
}

async function bothWays(
  input: string,
  seed: number,
  more: { preset?: string; files?: Record<string, string> } = {},
): Promise<{ eager: string; lazy: string; loads: string[] }> {
  const opts = { seed, ...(more.preset ? { preset: more.preset } : {}) };
  const files = more.files ? { files: more.files } : {};
  const eager = await runTranscript(input, { cluster: createCluster(opts), ...files });
  const { source, loads } = coldSource();
  const lazy = await runTranscript(input, { cluster: await createClusterWhenReady({ ...opts, code: source }), ...files });
  return { eager, lazy, loads };
}

/** A lesson's commands, in order, on its cluster. */
function lesson(slug: string): [string, number, { preset?: string; files?: Record<string, string> }] {
  const l = extractLesson(readFileSync(join(import.meta.dirname, '../../content/lessons/en', `${slug}.mdx`), 'utf8'));
  const commands = l.steps.flatMap((s) => (s.kind === 'commands' ? s.commands : []));
  const preset = typeof l.frontmatter.preset === 'string' ? l.frontmatter.preset : undefined;
  return [commands.join('\n') + '\n', Number(l.frontmatter.seed ?? 1), { ...(preset ? { preset } : {}), files: l.files }];
}

/** A recorded transcript's input on its cluster. */
function transcript(file: string): [string, number, { preset?: string }] {
  const c = readCase(readFileSync(join(import.meta.dirname, '../transcripts', file), 'utf8'));
  return [c.input, c.seed ?? 1, c.preset ? { preset: c.preset } : {}];
}

describe("the containers' programs load on first use", () => {
  it('a kind cluster starts without them: its own Pods run the programs of its catalogue', async () => {
    const { source, loads } = coldSource();
    const cluster = await createClusterWhenReady({ seed: 1, code: source });
    expect(loads).toEqual([]);
    const out = await runTranscript('kubectl get pods -n kube-system\nkubectl logs -n kube-system deploy/coredns | head -3\n', { cluster });
    expect(out).toBe(
      await runTranscript('kubectl get pods -n kube-system\nkubectl logs -n kube-system deploy/coredns | head -3\n', { cluster: createCluster({ seed: 1 }) }),
    );
    expect(out).toContain('CoreDNS-1.11.3');
  });

  it('Pods of busybox, nginx and redis, their logs, exec and probes print the same', async () => {
    const input = [
      "kubectl run box --image=busybox:1.36 -- sh -c 'for i in 1 2 3; do echo tick $i; sleep 1; done; sleep 3600'",
      'kubectl create deployment web --image=nginx:1.27 --replicas=2',
      'kubectl run cache --image=redis:7.2',
      'kubectl wait --for=condition=Ready pod/box pod/cache --timeout=60s',
      'kubectl rollout status deploy/web',
      'kubectl logs box',
      'kubectl logs cache | head -3',
      'kubectl exec box -- sh -c "ls / | head -3; wget -qO- http://$(kubectl get pod -l app=web -o jsonpath="{.items[0].status.podIP}" 2>/dev/null) | head -1"',
      'kubectl exec deploy/web -- cat /etc/os-release',
      'kubectl get pods -o wide',
      'kubectl get events --sort-by=.metadata.creationTimestamp | tail -6',
    ].join('\n');
    const { eager, lazy, loads } = await bothWays(input + '\n', 11);
    expect(lazy).toBe(eager);
    expect(loads).toEqual(['container-programs']);
    expect(eager).toContain('tick 3');
    expect(eager).toContain('Debian GNU/Linux');
  });

  it('an exec probe and an ephemeral debug container, on Pods created in one command line', async () => {
    const pod = [
      'apiVersion: v1',
      'kind: Pod',
      'metadata:',
      '  name: live',
      'spec:',
      '  containers:',
      '  - name: app',
      '    image: registry.k8s.io/busybox:1.27.2',
      "    args: ['/bin/sh', '-c', 'touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600']",
      '    livenessProbe:',
      '      exec:',
      "        command: ['cat', '/tmp/healthy']",
      '      initialDelaySeconds: 5',
      '      periodSeconds: 5',
    ].join('\n');
    const input = [
      `cat <<'EOF' | kubectl apply -f - && sleep 45 && kubectl get pod live`,
      pod,
      'EOF',
      'kubectl describe pod live | tail -4',
      'kubectl debug -n kube-system $(kubectl get pods -n kube-system -l k8s-app=kube-dns -o name | head -1) --image=busybox:1.36 -- sh -c "echo from the debug container"',
      'sleep 5',
      'kubectl get events -n kube-system | tail -3',
    ].join('\n');
    const { eager, lazy, loads } = await bothWays(input + '\n', 4);
    expect(lazy).toBe(eager);
    expect(loads).toEqual(['container-programs']);
    expect(eager).toContain('Liveness probe failed');
  });

  it('kubectl exec into a preset Pod whose image runs without them waits for them', async () => {
    const input = 'kubectl exec -n kube-system ds/kube-proxy -- sh -c "echo hi; head -1 /etc/os-release"\nkubectl get pods -n kube-system\n';
    const { eager, lazy, loads } = await bothWays(input, 2);
    expect(lazy).toBe(eager);
    expect(loads).toEqual(['container-programs']);
    expect(eager).toContain('hi\nPRETTY_NAME="Debian GNU/Linux 12 (bookworm)"');
  });

  it('a failed download: the Pod reports it in its events and starts when the kubelet tries again', async () => {
    // The first load (when the Pod is written) and the second (when its container starts) fail.
    const { source, loads } = coldSource(2);
    const cluster = await createClusterWhenReady({ seed: 3, code: source });
    const out = await runTranscript(
      'kubectl run web --image=nginx:1.27\nsleep 5\nkubectl get pod web\nkubectl get events --field-selector involvedObject.name=web | tail -3\nsleep 15\nkubectl get pod web\n',
      { cluster },
    );
    expect(loads).toEqual(['container-programs', 'container-programs', 'container-programs']);
    const [, beforeRetry, afterRetry] = out.split('$ kubectl get pod web\n');
    expect(beforeRetry).toMatch(/^NAME +READY +STATUS +RESTARTS +AGE\nweb +0\/1 +CreateContainerError +0 +\d+s\n/);
    expect(out).toContain(
      'Warning   Failed      pod/web   Error: the program of image "nginx:1.27" could not be loaded (Failed to fetch dynamically imported module: /_astro/container-code.js)',
    );
    expect(afterRetry).toMatch(/^NAME +READY +STATUS +RESTARTS +AGE\nweb +1\/1 +Running +0 +\d+s\n/);
    expect(out).not.toMatch(/\bat \w+ \(|TypeError/);
  });

  it('a failed download: kubectl exec says so, and the next exec works', async () => {
    const { source } = coldSource(1);
    const cluster = await createClusterWhenReady({ seed: 2, code: source });
    const out = await runTranscript(
      'kubectl exec -n kube-system ds/kube-proxy -- echo hi; echo "exit $?"\nkubectl exec -n kube-system ds/kube-proxy -- echo hi\n',
      { cluster },
    );
    expect(out).toContain(
      "error: Internal error occurred: error executing command in container: the container's programs could not be loaded (Failed to fetch dynamically imported module: /_astro/container-code.js); try again\nexit 1\n",
    );
    expect(out.endsWith('$ kubectl exec -n kube-system ds/kube-proxy -- echo hi\nhi\n')).toBe(true);
  });

  // Lessons and transcripts whose containers run shells, servers, probes and execs.
  for (const slug of ['pods', 'probes', 'services', 'dns', 'configuration', 'daemonset']) {
    it(`the ${slug} lesson`, async () => {
      const { eager, lazy, loads } = await bothWays(...lesson(slug));
      expect(lazy).toBe(eager);
      expect(loads).toContain('container-programs');
    }, 30_000);
  }
  for (const file of [
    'dns-debugging-resolution.txt',
    'probes-validation-readiness-rollout.txt',
    'config-downward-api.txt',
    'services-connect-applications.txt',
  ]) {
    it(`the transcript ${file}`, async () => {
      const { eager, lazy, loads } = await bothWays(...transcript(file));
      expect(lazy).toBe(eager);
      expect(loads).toContain('container-programs');
    }, 30_000);
  }
});
