/**
 * The capstone exercises accept other correct solutions and refuse near-misses: each attempt
 * runs on a fresh cluster after the exercise's setup, and the checks must all pass (or not).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractLesson } from '../../../tests/lessons/extract.ts';
import { openSession } from '../../../tests/support/session.ts';
import { runChecks } from '../run-checks.ts';
import { capstoneExercises } from './capstone.ts';
import { SHOP_CONFIG, SHOP_DB, SHOP_INGRESS, SHOP_WEB } from './capstone-shop.ts';

const SETTLE_MS = 60_000;

interface Attempt {
  name: string;
  lines: string[];
  passes: boolean;
}

const ATTEMPTS: Record<string, Attempt[]> = {
  'capstone/web-config': [
    {
      name: 'the Secret given the key the Deployment asks for',
      lines: ["kubectl patch secret db-credentials -p '{\"stringData\":{\"POSTGRES_PASS\":\"s3cret-pass\"}}'", 'kubectl rollout status deployment/web --timeout=120s'],
      passes: true,
    },
    {
      name: 'the password written into the Deployment in clear',
      lines: ['kubectl set env deployment/web DB_PASSWORD=s3cret-pass', 'kubectl rollout status deployment/web --timeout=120s'],
      passes: false,
    },
    {
      name: 'the missing key added with another value',
      lines: ["kubectl patch secret db-credentials -p '{\"stringData\":{\"POSTGRES_PASS\":\"guess\"}}'", 'kubectl rollout status deployment/web --timeout=120s'],
      passes: false,
    },
  ],
  'capstone/readiness-port': [
    {
      name: 'a TCP readiness probe on port 80',
      lines: [
        'kubectl patch deployment web --type=json -p=\'[{"op":"replace","path":"/spec/template/spec/containers/0/readinessProbe","value":{"tcpSocket":{"port":80},"periodSeconds":5}}]\'',
        'kubectl rollout status deployment/web --timeout=120s',
      ],
      passes: true,
    },
    {
      name: 'the probe moved to another wrong port',
      lines: ['kubectl patch deployment web --type=json -p=\'[{"op":"replace","path":"/spec/template/spec/containers/0/readinessProbe/httpGet/port","value":81}]\''],
      passes: false,
    },
  ],
  'capstone/db-service': [
    { name: 'the Service recreated headless with the right selector', lines: ['kubectl delete service db', 'kubectl create service clusterip db --clusterip=None --tcp=5432'], passes: true },
    { name: 'a Service that is not headless', lines: ['kubectl delete service db', 'kubectl expose statefulset db --port=5432'], passes: false },
  ],
};

describe('capstone exercises: other solutions and near-misses', () => {
  for (const exercise of capstoneExercises) {
    for (const attempt of ATTEMPTS[exercise.id] ?? []) {
      it(`${exercise.id}: ${attempt.name} ${attempt.passes ? 'passes' : 'does not pass'}`, { timeout: 60_000 }, async () => {
        const s = await openSession({ seed: 5, preset: 'kind-ingress' });
        for (const line of exercise.setup) expect((await s.run(line)).exitCode, line).toBe(0);
        for (const line of attempt.lines) {
          const r = await s.run(line);
          if (attempt.passes) expect(r.exitCode, `${line}\n${r.output}`).toBe(0);
        }
        s.cluster.advance(SETTLE_MS);
        const outcomes = await runChecks(exercise.checks, s.cluster);
        const summary = outcomes.map((o) => `${o.passed ? 'pass' : 'FAIL'} ${o.label} ${o.detail ?? ''}`).join('\n');
        expect(outcomes.every((o) => o.passed), summary).toBe(attempt.passes);
      });
    }
  }

  it('starts from the very manifests the lesson builds', () => {
    const lesson = extractLesson(readFileSync(join(import.meta.dirname, '../../../content/lessons/en/capstone.mdx'), 'utf8'));
    const file = (name: string) => (lesson.files[name] ?? '').replace(/^# file: .*\n/, '').trim();
    expect(SHOP_CONFIG.trim()).toBe(file('config.yaml'));
    expect(SHOP_DB.trim()).toBe(file('db.yaml'));
    expect(SHOP_WEB.trim()).toBe(file('web.yaml'));
    expect(SHOP_INGRESS.trim()).toBe(file('ingress.yaml'));
  });

  it('every exercise has another correct solution and a near-miss', () => {
    for (const e of capstoneExercises) {
      const attempts = ATTEMPTS[e.id] ?? [];
      expect(attempts.some((a) => a.passes), e.id).toBe(true);
      expect(attempts.some((a) => !a.passes), e.id).toBe(true);
    }
  });
});
