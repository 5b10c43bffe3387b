/**
 * Background jobs: `cmd &`, `jobs`, `kill`, `wait`, `fg`, `$!`, and the reports bash prints
 * before a prompt (formats checked against bash 5.2 on a terminal). A fake `forward` stands
 * for `kubectl port-forward`: it holds a port until it is interrupted.
 */
import { describe, expect, it } from 'vitest';
import type { Command } from '../command/contract.ts';
import { Cluster } from '../sim/index.ts';
import { runTranscript } from '../cli/transcript.ts';
import { createInteractiveShell } from '../host/interactive-terminal.ts';
import { FakeTerminal } from './fake-terminal.ts';
import { createMemoryFS } from './fs.ts';
import { advanceHeld } from '../../tests/support/held-clock.ts';

/** A port a fake forwarder holds open, and a fake client that tries it. */
function fakes(): { port: { open: boolean; stopped: number }; commands: Record<string, Command> } {
  const port = { open: false, stopped: 0 };
  const forward: Command = async (_args, ctx) => {
    port.open = true;
    ctx.stdout('Forwarding from 127.0.0.1:8080 -> 80\n');
    ctx.streaming();
    await new Promise<void>((resolve) => ctx.interrupt.onInterrupt(resolve));
    port.open = false;
    port.stopped++;
    return 0;
  };
  const client: Command = async (_args, ctx) => {
    ctx.stdout(port.open ? 'Hello from web\n' : "curl: (7) Failed to connect to localhost port 8080 after 0 ms: Couldn't connect to server\n");
    return port.open ? 0 : 7;
  };
  return { port, commands: { forward, client } };
}

async function transcript(lines: string): Promise<{ text: string; port: { open: boolean; stopped: number } }> {
  const f = fakes();
  const text = await runTranscript(lines, { cluster: new Cluster({ seed: 1 }), commands: f.commands });
  return { text, port: f.port };
}

describe('background jobs in a transcript', () => {
  it('runs a forwarder in the background while later lines use it, until kill %1', async () => {
    const { text, port } = await transcript('forward &\nclient\njobs\necho $!\nkill %1\nclient\njobs');
    expect(text).toBe(
      [
        '$ forward &',
        '[1] 2317',
        'Forwarding from 127.0.0.1:8080 -> 80',
        '$ client',
        'Hello from web',
        '$ jobs',
        '[1]+  Running                 forward &',
        '$ echo $!',
        '2317',
        '$ kill %1',
        '[1]+  Terminated              forward',
        '$ client',
        "curl: (7) Failed to connect to localhost port 8080 after 0 ms: Couldn't connect to server",
        '$ jobs',
        '',
      ].join('\n'),
    );
    expect(port.stopped).toBe(1);
  });

  it('reports jobs that end before the next prompt: Done, Exit N, with + and -', async () => {
    // Each line takes a second of cluster time (the transcript's typing time).
    const { text } = await transcript('sleep 20 &\nsleep 30 &\njobs\nfalse &\nsleep 25\necho next\nsleep 5');
    expect(text).toBe(
      [
        '$ sleep 20 &',
        '[1] 2317',
        '$ sleep 30 &',
        '[2] 2318',
        '$ jobs',
        '[1]-  Running                 sleep 20 &',
        '[2]+  Running                 sleep 30 &',
        '$ false &',
        '[3] 2319',
        '[3]+  Exit 1                  false',
        '$ sleep 25',
        '[1]-  Done                    sleep 20',
        '$ echo next',
        'next',
        '[2]+  Done                    sleep 30',
        '$ sleep 5',
        '',
      ].join('\n'),
    );
  });

  it('lists an ended job once with jobs, which then drops it', async () => {
    const { text } = await transcript('sleep 1 &\nsleep 2\njobs\njobs');
    expect(text).toBe('$ sleep 1 &\n[1] 2317\n[1]+  Done                    sleep 1\n$ sleep 2\n$ jobs\n$ jobs\n');
    const shown = await transcript('sleep 3 &\njobs; sleep 5; jobs\necho x');
    expect(shown.text).toBe(
      '$ sleep 3 &\n[1] 2317\n$ jobs; sleep 5; jobs\n[1]+  Running                 sleep 3 &\n[1]+  Done                    sleep 3\n$ echo x\nx\n',
    );
  });

  it('waits for jobs with wait, which collects them without a report', async () => {
    const { text } = await transcript('sleep 30 &\nwait\necho $?\n(sleep 2; exit 3) &\nwait %1; echo $?\nwait %3\nwait 999');
    expect(text).toBe(
      [
        '$ sleep 30 &',
        '[1] 2317',
        '$ wait',
        '$ echo $?',
        '0',
        '$ (sleep 2; exit 3) &',
        '[1] 2318',
        '$ wait %1; echo $?',
        '3',
        '$ wait %3',
        'bash: wait: %3: no such job',
        '$ wait 999',
        'bash: wait: pid 999 is not a child of this shell',
        '',
      ].join('\n'),
    );
  });

  it('gives kill and fg their bash messages', async () => {
    const { text } = await transcript('kill\nkill %9\nkill 999999\nkill abc\nkill -FOO %1\nfg\njobs %1\nbg');
    expect(text).toBe(
      [
        '$ kill',
        'kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]',
        '$ kill %9',
        'bash: kill: %9: no such job',
        '$ kill 999999',
        'bash: kill: (999999) - No such process',
        '$ kill abc',
        'bash: kill: abc: arguments must be process or job IDs',
        '$ kill -FOO %1',
        'bash: kill: FOO: invalid signal specification',
        '$ fg',
        'bash: fg: current: no such job',
        '$ jobs %1',
        'bash: jobs: %1: no such job',
        '$ bg',
        'bash: bg: current: no such job',
        '',
      ].join('\n'),
    );
  });

  it('reports kill -9 as Killed and kill by PID', async () => {
    const { text } = await transcript('forward &\nkill -9 %1\nforward > /dev/null &\nkill 2318\ntrue');
    expect(text).toContain('$ kill -9 %1\n[1]+  Killed                  forward\n');
    expect(text).toContain('$ kill 2318\n[1]+  Terminated              forward > /dev/null\n');
  });

  it('ends the transcript with a job still running: SIGHUP stops it', async () => {
    const { text, port } = await transcript('forward &\nclient');
    expect(text).toBe('$ forward &\n[1] 2317\nForwarding from 127.0.0.1:8080 -> 80\n$ client\nHello from web\n');
    expect(port.stopped).toBe(1);
    expect(port.open).toBe(false);
  });

  it('brings a job to the foreground with fg, which the host can stop', async () => {
    const { text, port } = await transcript('forward &\nfg %1\necho $?\njobs');
    // No timer can wake the forwarder: the transcript runner interrupts it, as a reader presses Ctrl-C.
    expect(text).toBe('$ forward &\n[1] 2317\nForwarding from 127.0.0.1:8080 -> 80\n$ fg %1\nforward\n$ echo $?\n130\n$ jobs\n');
    expect(port.stopped).toBe(1);
  });

  it('names a job by the first line of its command, as bash does', async () => {
    const { text } = await transcript('{ echo a; sleep 1; } &\nwhile true; do sleep 1; break; done &\n(sleep 1; true) &\nsleep 3');
    expect(text).toContain('[1]+  Done                    { echo a; sleep 1; }\n');
    expect(text).toContain('[1]+  Done                    while true; do\n');
    expect(text).toContain('[1]+  Done                    ( sleep 1; true )\n');
  });

  it('keeps a job in a subshell: its cd and variables stay its own', async () => {
    const { text } = await transcript('cd /tmp && X=1 &\nsleep 1\npwd; echo "[$X]"');
    expect(text).toContain('$ pwd; echo "[$X]"\n/home/learner\n[]\n');
  });
});

const flush = async (): Promise<void> => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
};

describe('background jobs in the page terminal', () => {
  it('prints job output above the prompt, reports the end before the next prompt, and fg + Ctrl-C stops a job', async () => {
    const term = new FakeTerminal(80);
    const cluster = new Cluster({ seed: 1 });
    const f = fakes();
    const sh = createInteractiveShell({ terminal: term, cluster, fs: createMemoryFS({}), kubectl: { run: async () => 0, complete: () => [] } });
    for (const [name, cmd] of Object.entries(f.commands)) sh.shell.commands.set(name, cmd);
    term.type('forward &\r');
    await flush();
    expect(term.screen()).toBe('$ forward &\n[1] 2317\nForwarding from 127.0.0.1:8080 -> 80\n$');
    term.type('fg\r');
    await flush();
    expect(term.screen()).toBe('$ forward &\n[1] 2317\nForwarding from 127.0.0.1:8080 -> 80\n$ fg\nforward');
    term.type('\x03');
    await flush();
    expect(f.port.stopped).toBe(1);
    expect(term.screen()).toBe('$ forward &\n[1] 2317\nForwarding from 127.0.0.1:8080 -> 80\n$ fg\nforward\n^C\n$');
    term.type('sleep 1 &\r');
    await flush();
    await advanceHeld({ cluster, loading: sh.loading, tick: flush }, 2000);
    await flush();
    term.type('\r');
    await flush();
    expect(term.screen()).toBe(
      '$ forward &\n[1] 2317\nForwarding from 127.0.0.1:8080 -> 80\n$ fg\nforward\n^C\n$ sleep 1 &\n[1] 2318\n$\n[1]+  Done                    sleep 1\n$',
    );
  });
});

describe('kubectl port-forward in the background', () => {
  it('forwards while curl runs, and kill %1 closes the port', async () => {
    const { createCluster } = await import('../sim/index.ts');
    const lines = [
      'kubectl create deployment web --image=nginx:1.27 --port=80',
      'kubectl expose deployment web --port=80',
      'kubectl wait --for=condition=Available deploy/web',
      'kubectl port-forward svc/web 8080:80 &',
      'curl -s localhost:8080 | grep title',
      'jobs',
      'kill %1',
      'curl -s localhost:8080; echo $?',
    ];
    const text = await runTranscript(lines.join('\n'), { cluster: createCluster({ seed: 1 }) });
    expect(text.slice(text.indexOf('$ kubectl port-forward'))).toBe(
      [
        '$ kubectl port-forward svc/web 8080:80 &',
        '[1] 2317',
        'Forwarding from 127.0.0.1:8080 -> 80',
        'Forwarding from [::1]:8080 -> 80',
        '$ curl -s localhost:8080 | grep title',
        'Handling connection for 8080',
        '<title>Welcome to nginx!</title>',
        '$ jobs',
        '[1]+  Running                 kubectl port-forward svc/web 8080:80 &',
        '$ kill %1',
        '[1]+  Terminated              kubectl port-forward svc/web 8080:80',
        '$ curl -s localhost:8080; echo $?',
        '7',
        '',
      ].join('\n'),
    );
  });
});

describe('read at the keyboard', () => {
  it('shows the -p prompt and reads the line typed', async () => {
    const term = new FakeTerminal(80);
    createInteractiveShell({ terminal: term, cluster: new Cluster({ seed: 1 }), fs: createMemoryFS({}), kubectl: { run: async () => 0, complete: () => [] } });
    term.type('read -p "Name: " n\r');
    // `read` loads on first use: wait (in real time) until its code has come.
    for (let i = 0; i < 100 && !term.screen().includes('\nName:'); i++) await new Promise((r) => setTimeout(r, 50));
    expect(term.screen()).toBe('$ read -p "Name: " n\nName:');
    term.type('Ada Lovelace\r');
    await flush();
    term.type('echo "[$n]"\r');
    await flush();
    expect(term.screen()).toBe('$ read -p "Name: " n\nName: Ada Lovelace\n$ echo "[$n]"\n[Ada Lovelace]\n$');
  });
});
