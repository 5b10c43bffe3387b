import { describe, expect, it } from 'vitest';
import { createCluster, type Cluster } from '../../src/sim/index.ts';
import { createMemoryFS } from '../../src/shell/fs.ts';
import { FakeTerminal } from '../../src/shell/fake-terminal.ts';
import { createInteractiveShell } from '../../src/host/interactive-terminal.ts';

const tick = (): Promise<void> => new Promise((r) => setImmediate(r));

function page() {
  const cluster: Cluster = createCluster({ seed: 3 });
  const terminal = new FakeTerminal(200, 60);
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
  const type = async (keys: string, ms = 1000) => {
    terminal.type(keys);
    await settle(ms);
  };
  return { cluster, terminal, shell, settle, type };
}

describe('kubectl debug -it at the keyboard', () => {
  it("opens the debug container's shell, runs what is typed and ends with kubectl attach's notice", async () => {
    const p = page();
    p.shell.runCommand('kubectl run web --image=nginx:1.27');
    await p.settle(10_000);
    await p.type('kubectl debug -it web --image=busybox:1.36 --target=web\r', 8000);
    const screen = p.terminal.screen();
    expect(screen).toMatch(
      /Targeting container "web"\. If you don't see processes from this container it may be because the container runtime doesn't support this feature\.\n--profile=legacy is deprecated and will be removed in the future\. It is recommended to explicitly specify a profile, for example "--profile=general"\.\nDefaulting debug container name to (debugger-\w{5})\.\nIf you don't see a command prompt, try pressing enter\.\n\/ #/,
    );
    const name = /Defaulting debug container name to (debugger-\w{5})/.exec(screen)![1];
    await p.type('hostname\r');
    await p.type('exit\r', 3000);
    expect(p.terminal.screen()).toContain(
      `/ # hostname\nweb\n/ # exit\nSession ended, the ephemeral container will not be restarted but may be reattached using 'kubectl attach web -c ${name} -i -t' if it is still running\n`,
    );
    expect(p.shell.busy).toBe(false);
    const pod = p.cluster.store.get('pods', 'default', 'web')!;
    expect(pod.status.ephemeralContainerStatuses[0].state.terminated).toMatchObject({ exitCode: 0 });
  });
});
