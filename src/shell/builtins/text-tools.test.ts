import { describe, expect, it } from 'vitest';
import { Cluster } from '../../sim/index.ts';
import { createTerminalCommands } from '../../host/terminal-commands.ts';
import { createMemoryFS } from '../fs.ts';
import { InterruptController } from '../../command/interrupt.ts';
import { Shell } from '../shell.ts';

/** Runs a command line in a terminal's shell (kubectl stubbed) and returns what it printed. */
async function sh(line: string, files: Record<string, string> = {}): Promise<{ out: string; status: number; files: ReturnType<typeof createMemoryFS> }> {
  const cluster = new Cluster({ seed: 1 });
  const fs = createMemoryFS(files);
  const kubectl = {
    run: async (args: string[], ctx: { stdout(t: string): void }) => {
      ctx.stdout(
        args[0] === 'get'
          ? 'NAME    READY   STATUS    RESTARTS   AGE\nweb-1   1/1     Running   0          1m\nweb-2   1/1     Running   2          1m\n'
          : `kubectl ${args.join(' ')}\n`,
      );
      return 0;
    },
    complete: () => [],
  };
  const shell = new Shell({ fs, commands: createTerminalCommands(cluster, kubectl), sleep: async (_ms, i) => !i.interrupted });
  let out = '';
  const status = await shell.run(line, { interrupt: new InterruptController(), write: (t) => (out += t) });
  return { out, status, files: fs };
}

// Expected outputs: GNU findutils 4.9 xargs, GNU coreutils 9.1 tee and yes, on this machine.
describe('xargs', () => {
  it('runs echo by default, -n words at a time, -I once per line', async () => {
    expect((await sh("printf 'a b\\nc\\n' | xargs")).out).toBe('a b c\n');
    expect((await sh("printf 'a b\\nc\\n' | xargs -n 1 echo x")).out).toBe('x a\nx b\nx c\n');
    expect((await sh("printf 'a\\nb\\n' | xargs -I {} echo '[{}]'")).out).toBe('[a]\n[b]\n');
    expect((await sh("printf ' a  b \\n' | xargs -I X echo '<X>'")).out).toBe('<a  b >\n');
    expect((await sh("printf 'a\\nb\\nc\\n' | xargs -L 2 echo")).out).toBe('a b\nc\n');
    expect((await sh("printf 'a,b,c' | xargs -d, echo")).out).toBe('a b c\n');
  });
  it('feeds kubectl the names another command printed', async () => {
    expect((await sh("kubectl get pods | awk 'NR>1 {print $1}' | xargs kubectl delete pod")).out).toBe('kubectl delete pod web-1 web-2\n');
  });
  it('runs once with no input unless -r, and reports as xargs does', async () => {
    expect((await sh("printf '' | xargs echo hi")).out).toBe('hi\n');
    expect((await sh("printf '' | xargs -r echo hi")).out).toBe('');
    expect(await sh("printf 'a\\n' | xargs nosuchcmd 2>&1")).toMatchObject({ out: 'xargs: nosuchcmd: No such file or directory\n', status: 127 });
    expect(await sh("printf 'a\\n' | xargs false")).toMatchObject({ status: 123 });
    expect((await sh('printf "it\'s\\n" | xargs echo 2>&1')).out).toBe(
      'xargs: unmatched single quote; by default quotes are special to xargs unless you use the -0 option\n',
    );
    expect((await sh("printf 'x\\n' | xargs -n 0 2>&1")).out).toBe("xargs: value 0 for -n option should be >= 1\nTry 'xargs --help' for more information.\n");
  });
});

describe('tee and yes', () => {
  it('tee copies to its output and files, -a appends', async () => {
    const r = await sh('echo hi | tee f.txt; echo more | tee -a f.txt > /dev/null; cat f.txt');
    expect(r.out).toBe('hi\nhi\nmore\n');
    expect((await sh('echo hi | tee /tmp 2>&1')).out).toBe('tee: /tmp: Is a directory\nhi\n');
  });
  it('yes ends when its reader has had enough, and fails on a full file', async () => {
    expect((await sh('yes | head -2')).out).toBe('y\ny\n');
    expect((await sh('yes a b | head -1')).out).toBe('a b\n');
    expect(await sh('yes > big.txt; echo $?')).toMatchObject({ out: 'yes: write error: No space left on device\n1\n' });
    // With standard error in the same full file the message has nowhere to go, as in bash.
    expect(await sh('yes > big2.txt 2>&1; echo $?')).toMatchObject({ out: '1\n' });
  }, 60_000);
});

describe('the text tools together', () => {
  it('sed, awk and jq in pipelines', async () => {
    expect((await sh("kubectl get pods | sed -n '2,$p' | awk '$4 > 0 {print $1, $4}'")).out).toBe('web-2 2\n');
    expect((await sh(`echo '{"items":[{"metadata":{"name":"a"}},{"metadata":{"name":"b"}}]}' | jq -r '.items[].metadata.name' | sed 's/^/pod\\//'`)).out).toBe(
      'pod/a\npod/b\n',
    );
    const r = await sh("sed -i 's/1.27/1.28/' pod.yaml; cat pod.yaml", { '/home/learner/pod.yaml': 'image: nginx:1.27\n' });
    expect(r.out).toBe('image: nginx:1.28\n');
  });
});
