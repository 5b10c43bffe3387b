/**
 * The Ingress exercises accept other correct solutions and refuse near-misses: each attempt
 * runs on a fresh cluster after the exercise's setup, and the checks must all pass (or not).
 */
import { describe, expect, it } from 'vitest';
import { openSession } from '../../../tests/support/session.ts';
import { runChecks } from '../run-checks.ts';
import { ingressExercises } from './ingress.ts';

const SETTLE_MS = 70_000;

interface Attempt {
  name: string;
  lines: string[];
  passes: boolean;
}

const ATTEMPTS: Record<string, Attempt[]> = {
  'ingress/broken-backend': [
    { name: 'a Service named as the Ingress expects', lines: ['kubectl expose deployment shop --name=shop-svc --port=80'], passes: true },
    { name: 'the Ingress re-applied with the right Service', lines: ['kubectl create ingress shop --class=nginx --rule=shop.example.com/*=shop:80 --dry-run=client -o yaml | kubectl apply -f -'], passes: true },
    { name: 'a Service of that name on the wrong target port', lines: ['kubectl expose deployment shop --name=shop-svc --port=80 --target-port=8080'], passes: false },
    { name: 'the right Service on a port it does not have', lines: ['kubectl create ingress shop --class=nginx --rule=shop.example.com/*=shop:8080 --dry-run=client -o yaml | kubectl apply -f -'], passes: false },
  ],
  'ingress/path-type': [
    { name: 'a Prefix path written with a trailing slash', lines: ['kubectl patch ingress site --type=json -p=\'[{"op":"replace","path":"/spec/rules/0/http/paths/1/pathType","value":"Prefix"},{"op":"replace","path":"/spec/rules/0/http/paths/1/path","value":"/docs/"}]\''], passes: true },
    { name: 'ImplementationSpecific, which also takes /docsearch', lines: ['kubectl patch ingress site --type=json -p=\'[{"op":"replace","path":"/spec/rules/0/http/paths/1/pathType","value":"ImplementationSpecific"}]\''], passes: false },
    { name: 'a shorter Prefix that does not cover /docs/', lines: ['kubectl patch ingress site --type=json -p=\'[{"op":"replace","path":"/spec/rules/0/http/paths/1/pathType","value":"Prefix"},{"op":"replace","path":"/spec/rules/0/http/paths/1/path","value":"/doc"}]\''], passes: false },
  ],
  'ingress/wrong-class': [
    { name: 'no class at all (the controller watches class-less Ingresses)', lines: ['kubectl patch ingress hello --type=json -p=\'[{"op":"remove","path":"/spec/ingressClassName"}]\''], passes: true },
    { name: 'the old class annotation next to the wrong class name', lines: ['kubectl annotate ingress hello kubernetes.io/ingress.class=nginx'], passes: false },
  ],
  'ingress/fanout': [
    {
      name: 'one Ingress per host',
      lines: ["kubectl create ingress paths --class=nginx --rule='example.test/shop*=shop:5678' --rule='example.test/blog*=blog:5678'", "kubectl create ingress blog --class=nginx --rule='blog.example.test/*=blog:5678'"],
      passes: true,
    },
    { name: 'Exact paths', lines: ["kubectl create ingress front --class=nginx --rule='example.test/shop=shop:5678' --rule='example.test/blog=blog:5678' --rule='blog.example.test/*=blog:5678'"], passes: false },
  ],
};

describe('Ingress exercises: other solutions and near-misses', () => {
  for (const exercise of ingressExercises) {
    for (const attempt of ATTEMPTS[exercise.id] ?? []) {
      it(`${exercise.id}: ${attempt.name} ${attempt.passes ? 'passes' : 'does not pass'}`, { timeout: 60_000 }, async () => {
        const s = await openSession({ seed: 5, preset: 'kind-ingress' });
        for (const line of [...exercise.setup, ...attempt.lines]) {
          const r = await s.run(line);
          expect(r.exitCode, `${line}\n${r.output}`).toBe(0);
        }
        s.cluster.advance(SETTLE_MS);
        const outcomes = await runChecks(exercise.checks, s.cluster);
        const summary = outcomes.map((o) => `${o.passed ? 'pass' : 'FAIL'} ${o.label} ${o.detail ?? ''}`).join('\n');
        expect(outcomes.every((o) => o.passed), summary).toBe(attempt.passes);
      });
    }
  }

  it('every break-and-fix exercise has another correct solution and a near-miss', () => {
    for (const e of ingressExercises) {
      const attempts = ATTEMPTS[e.id] ?? [];
      expect(attempts.some((a) => a.passes), e.id).toBe(true);
      expect(attempts.some((a) => !a.passes), e.id).toBe(true);
    }
  });
});
