import { it, expect } from 'vitest';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { runTranscript } from '/work/main/src/cli/transcript.ts';
import { readCase } from '/work/main/src/cli/transcript-file.ts';
const DIR = '/work/main/tests/transcripts';
const S = `kubectl explain pod.spec.containers | head -3
kubectl run a --image=nginx
sleep 2
kubectl get pods a -o jsonpath='{.metadata.resourceVersion}'
kubectl get nodes -o jsonpath='{range .items[*]}{.metadata.resourceVersion} {end}'
kubectl get events`;
it('dump', async () => {
  const a = await runTranscript(S, { seed: 5 });
  const files = readdirSync(DIR).filter((f) => f.endsWith('.txt')).sort();
  for (const f of files) {
    const c = readCase(readFileSync(`${DIR}/${f}`, 'utf8'));
    await runTranscript(c.input, { seed: c.seed, preset: c.preset });
  }
  const b = await runTranscript(S, { seed: 5 });
  writeFileSync('/tmp/a.txt', a); writeFileSync('/tmp/b.txt', b);
  expect(b).toBe(a);
}, 600_000);
