import { it } from 'vitest';
import { createCluster } from '../sim/index.ts';
import { createKubectl, memoryFS, sh } from './testing.ts';

it('scratch', async () => {
  const c = createCluster({ preset: 'kind' });
  const k = createKubectl(c);
  const fs = memoryFS({
    '/home/learner/app.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: app\n  labels:\n    app: app\nspec:\n  replicas: 2\n  selector:\n    matchLabels:\n      app: app\n  template:\n    metadata:\n      labels:\n        app: app\n    spec:\n      containers:\n      - name: app\n        image: nginx:1.25\n---\napiVersion: v1\nkind: Service\nmetadata:\n  name: app\nspec:\n  selector:\n    app: app\n  ports:\n  - port: 80\n',
    '/home/learner/bad-indent.yaml': 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: indent\n spec:\n  containers:\n  - name: web\n    image: nginx\n',
    '/home/learner/bad-tab.yaml': 'apiVersion: v1\nkind: Pod\nmetadata:\n\tname: tabbed\n',
    '/home/learner/no-kind.yaml': 'apiVersion: v1\nmetadata:\n  name: nokind\n',
    '/home/learner/old.yaml': 'apiVersion: apps/v1beta1\nkind: Deployment\nmetadata:\n  name: old\nspec:\n  replicas: 1\n',
    '/home/learner/noname.yaml': 'apiVersion: v1\nkind: Pod\nmetadata:\n  labels:\n    app: x\nspec:\n  containers:\n  - name: web\n    image: nginx\n',
    '/home/learner/typo.yaml': 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: typo\nspec:\n  containers:\n  - name: web\n    image: nginx\n    port: 80\n',
    '/home/learner/badname.yaml': 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: My_Pod\nspec:\n  containers:\n  - name: Web_Server\n    image: nginx\n',
  });
  const cmds = (process.env.CMDS ?? '').split(';');
  for (const cmd of cmds) {
    if (cmd.startsWith('advance ')) { c.advance(Number(cmd.slice(8)) * 1000); continue; }
    const r = await sh(k, c, cmd.trim(), { fs, streamFor: cmd.includes(' -w') || cmd.includes(' -f ') ? 8000 : undefined });
    console.log(`$ kubectl ${cmd.trim()}\n${r.stdout}${r.stderr ? '[stderr]\n' + r.stderr : ''}[exit ${r.code}]\n`);
  }
});
