import { describe, expect, it } from 'vitest';
import { createCluster, type Cluster } from '../sim/index.ts';
import { createMemoryFS } from '../shell/fs.ts';
import { FakeTerminal } from '../shell/fake-terminal.ts';
import { createInteractiveShell } from './interactive-terminal.ts';

const tick = (): Promise<void> => new Promise((r) => setImmediate(r));

/** A page-like terminal: the cluster clock moves in 100 ms steps while anything waits. */
function page() {
  const cluster: Cluster = createCluster({ seed: 3 });
  const terminal = new FakeTerminal(100, 60);
  const shell = createInteractiveShell({ terminal, cluster, fs: createMemoryFS(), yieldToHost: tick });
  const settle = async (ms = 3000) => {
    await tick();
    for (let t = 0; t < ms; ) {
      // As the page's clock driver does: time stands still while a command's code loads.
      if (!shell.loading.active) {
        cluster.advance(100);
        t += 100;
      }
      await tick();
    }
  };
  /** Types keys, then lets cluster time pass. */
  const type = async (keys: string, ms = 1000) => {
    terminal.type(keys);
    await settle(ms);
  };
  return { cluster, terminal, shell, settle, type };
}

describe('interactive shells in containers', () => {
  it('kubectl run -it --rm ... -- sh prompts, runs lines, keeps state and deletes the Pod on exit', async () => {
    const p = page();
    await p.type('kubectl run -it --rm tmp --image=busybox:1.36 --restart=Never -- sh\r', 8000);
    expect(p.terminal.screen()).toContain("If you don't see a command prompt, try pressing enter.\n/ #");
    await p.type('cd /etc\r');
    await p.type('echo $PWD; hostname\r');
    expect(p.terminal.screen()).toContain('/ # cd /etc\n/etc # echo $PWD; hostname\n/etc\ntmp\n/etc #');
    expect(p.cluster.store.get('pods', 'default', 'tmp')?.status?.phase).toBe('Running');
    await p.type('exit\r', 5000);
    expect(p.terminal.screen()).toMatch(/\/etc # exit\npod "tmp" deleted\n.*\$ ?$/);
    expect(p.shell.busy).toBe(false);
  });

  it('Ctrl-D ends the session; Ctrl-C only drops the line being typed', async () => {
    const p = page();
    await p.type('kubectl run -it --rm tmp --image=busybox:1.36 --restart=Never -- sh\r', 8000);
    await p.type('echo never\x03');
    expect(p.terminal.screen()).toMatch(/\/ # echo never\^C\n\/ #$/);
    expect(p.shell.busy).toBe(true);
    await p.type('\x04', 5000);
    expect(p.terminal.screen()).toContain('pod "tmp" deleted');
    expect(p.shell.busy).toBe(false);
  });

  it('kubectl exec -it POD -- sh opens the container shell (dash prompt in nginx)', async () => {
    const p = page();
    p.shell.runCommand('kubectl run web --image=nginx:1.27');
    await p.settle(10_000);
    await p.type('kubectl exec -it web -- sh\r');
    await p.type('ls /usr/share/nginx/html\r');
    await p.type('exit 3\r');
    expect(p.terminal.screen()).toContain('# ls /usr/share/nginx/html\n50x.html\nindex.html\n# exit 3\ncommand terminated with exit code 3\n');
    expect(p.shell.busy).toBe(false);
  });

  it('a Run button during a container shell ends that shell, then runs in the learner shell', async () => {
    const p = page();
    await p.type('kubectl run -it --rm tmp --image=busybox:1.36 --restart=Never -- sh\r', 8000);
    const done = p.shell.runCommand('echo back in bash');
    let finished = false;
    void done.then(() => (finished = true));
    await p.settle(5000);
    expect(finished).toBe(true);
    expect(p.terminal.screen()).toMatch(/pod "tmp" deleted\n.*echo back in bash\nback in bash\n/);
  });
});
