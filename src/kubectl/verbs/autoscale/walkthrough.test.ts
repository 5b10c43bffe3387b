/**
 * The official "HorizontalPodAutoscaler Walkthrough" task page, command by command, on a kind
 * cluster with metrics-server: php-apache.yaml applied by URL, `kubectl autoscale`, `get hpa`
 * before and after metrics, a load generator Pod, the scale-up, and the scale-down that waits
 * for the 5-minute stabilisation window once the load stops. Outputs are checked in the shape
 * the page shows them (names, columns, wording), not the page's own numbers.
 */
import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

const HEADER = /^NAME {9}REFERENCE {15}TARGETS {7}MINPODS {3}MAXPODS {3}REPLICAS {3}AGE$/;
const row = (out: string) => out.split('\n')[1] ?? '';
const targets = (out: string) => /cpu: (\S+)\/50%/.exec(row(out))?.[1];
const replicas = (out: string) =>
  Number(
    row(out)
      .trim()
      .split(/\s{2,}/)[5],
  );

describe('HorizontalPodAutoscaler walkthrough', () => {
  it('scales php-apache up under load and back down after the stabilisation window', async () => {
    const { c, run } = await kindSession();
    expect((await run('top pods')).stderr).toBe('error: Metrics API not available\n');
    expect((await run('apply -f https://github.com/kubernetes-sigs/metrics-server/releases/latest/download/components.yaml')).stdout).toContain(
      'deployment.apps/metrics-server created\napiservice.apiregistration.k8s.io/v1beta1.metrics.k8s.io created\n',
    );
    // kind's kubelets serve self-signed certificates: metrics-server needs --kubelet-insecure-tls.
    c.advance(60_000);
    expect((await run('top pods')).stderr).toBe(
      'Error from server (ServiceUnavailable): the server is currently unable to handle the request (get pods.metrics.k8s.io)\n',
    );
    const patch = await run(
      `patch -n kube-system deployment metrics-server --type=json -p '[{"op":"add","path":"/spec/template/spec/containers/0/args/-","value":"--kubelet-insecure-tls"}]'`,
    );
    expect(patch.stdout).toBe('deployment.apps/metrics-server patched\n');

    expect((await run('apply -f https://k8s.io/examples/application/php-apache.yaml')).stdout).toBe(
      'deployment.apps/php-apache created\nservice/php-apache created\n',
    );
    expect(await run('autoscale deployment php-apache --cpu-percent=50 --min=1 --max=10')).toEqual({
      stdout: 'horizontalpodautoscaler.autoscaling/php-apache autoscaled\n',
      stderr: '',
      code: 0,
    });
    const before = (await run('get hpa')).stdout;
    expect(before.split('\n')[0]).toMatch(/^NAME {9}REFERENCE {15}TARGETS {14}MINPODS/);
    expect(row(before)).toMatch(/^php-apache {3}Deployment\/php-apache {3}cpu: <unknown>\/50% {3}1 {9}10 {8}0 {10}0s$/);

    c.advance(90_000);
    const idle = (await run('get hpa')).stdout;
    expect(idle.split('\n')[0]).toMatch(HEADER);
    expect(targets(idle)).toBe('0%');
    expect(replicas(idle)).toBe(1);
    expect((await run('top pods')).stdout).toMatch(/^NAME {26}CPU\(cores\) {3}MEMORY\(bytes\)\nphp-apache-\S+ {3}1m {11}9Mi\n$/);

    const load = await run('run load-generator --image=busybox:1.28 --restart=Never -- /bin/sh -c "while sleep 0.01; do wget -q -O- http://php-apache; done"');
    expect(load.stdout).toBe('pod/load-generator created\n');
    c.advance(60_000);
    const busy = (await run('get hpa php-apache')).stdout;
    expect(Number(targets(busy)!.replace('%', ''))).toBeGreaterThan(50);
    expect(replicas(busy)).toBeGreaterThan(1);
    c.advance(180_000);
    const scaled = (await run('get hpa php-apache')).stdout;
    const up = replicas(scaled);
    expect(up).toBeGreaterThanOrEqual(5);
    expect(up).toBeLessThanOrEqual(10);
    expect((await run('get deployment php-apache')).stdout).toMatch(
      new RegExp(`^NAME {9}READY {3}UP-TO-DATE {3}AVAILABLE {3}AGE\\nphp-apache {3}${up}/${up} +${up} +${up} +`),
    );
    const events = (await run('events --for hpa/php-apache')).stdout;
    expect(events).toContain('SuccessfulRescale');
    expect(events).toMatch(/New size: \d+; reason: cpu resource utilization \(percentage of request\) above target/);

    expect((await run('delete pod load-generator')).stdout).toBe('pod "load-generator" deleted\n');
    c.advance(120_000);
    // The load has stopped: usage falls at once, the replica count holds for the window.
    const cooling = (await run('get hpa php-apache')).stdout;
    expect(targets(cooling)).toBe('0%');
    expect(replicas(cooling)).toBe(up);
    c.advance(240_000);
    const down = (await run('get hpa php-apache')).stdout;
    expect(replicas(down)).toBe(1);
    const described = (await run('describe hpa php-apache')).stdout;
    expect(described).toContain(
      '\nMetrics:                                               ( current / target )\n  resource cpu on pods  (as a percentage of request):  0% (1m) / 50%\n',
    );
    expect(described).toMatch(/New size: 1; reason: All metrics below target/);
  }, 60_000);
});

describe('HorizontalPodAutoscaler walkthrough, as a transcript', () => {
  // Kept beside this test rather than in tests/transcripts: ten minutes of cluster time with a
  // load generator at 100 requests a second takes longer than a transcript's time limit there.
  it('prints what walkthrough-transcript.txt records', async () => {
    const { readFileSync } = await import('node:fs');
    const { runTranscript } = await import('../../../cli/transcript.ts');
    const { normaliseTranscript } = await import('../../../cli/normalise.ts');
    const { readCase } = await import('../../../cli/transcript-file.ts');
    const c = readCase(readFileSync(new URL('./walkthrough-transcript.txt', import.meta.url), 'utf8'));
    const actual = await runTranscript(c.input, { seed: c.seed, preset: c.preset });
    expect(normaliseTranscript(actual, { ips: c.ips })).toBe(normaliseTranscript(c.expected, { ips: c.ips }));
  }, 120_000);
});
