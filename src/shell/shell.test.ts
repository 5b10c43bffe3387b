import { describe, expect, it } from 'vitest';
import { Cluster } from '../sim/index.ts';
import { createTerminalCommands } from '../host/terminal-commands.ts';
import { createMemoryFS, type MemoryFS } from './fs.ts';
import { InterruptController, clockSleep } from '../command/interrupt.ts';
import { Shell } from './shell.ts';

function makeShell(files: Record<string, string> = {}): { shell: Shell; fs: MemoryFS; run: (src: string) => Promise<{ out: string; status: number }> } {
  const cluster = new Cluster({ seed: 1 });
  const fs = createMemoryFS(files);
  const kubectl = {
    run: async (args: string[], ctx: { stdin: string; stdout(t: string): void; stderr(t: string): void }) => {
      if (args[0] === 'fail') {
        ctx.stderr('error: failed\n');
        return 1;
      }
      if (args[0] === 'throw') throw new Error('boom');
      ctx.stdout(`kubectl ${args.join(' ')}${ctx.stdin ? ` <${ctx.stdin}>` : ''}\n`);
      return 0;
    },
    complete: () => [],
  };
  const shell = new Shell({ fs, commands: createTerminalCommands(cluster, kubectl), sleep: (ms, i) => clockSleep(cluster.clock, ms, i) });
  const run = async (src: string) => {
    let out = '';
    const status = await shell.run(src, { interrupt: new InterruptController(), write: (t) => (out += t) });
    return { out, status };
  };
  return { shell, fs, run };
}

async function out(src: string, files: Record<string, string> = {}): Promise<string> {
  return (await makeShell(files).run(src)).out;
}

describe('expansion', () => {
  it('splits unquoted variables into fields and keeps quoted ones whole', async () => {
    expect(await out('X="a  b"; printf "[%s]" $X "$X"; echo')).toBe('[a][b][a  b]\n');
  });
  it('keeps an empty quoted argument and drops an empty unquoted one', async () => {
    expect(await out('printf "[%s]" "" $NOPE x; echo')).toBe('[][x]\n');
  });
  it('expands ~, $?, ${X:-default} and command substitution', async () => {
    expect(await out('false; echo ~ $? ${NOPE:-def} $(echo sub)')).toBe('/home/learner 1 def sub\n');
  });
  it('globs against the terminal files, leaving unmatched patterns as they are', async () => {
    expect(await out('echo *.yaml; echo *.json "*.yaml"', { 'a.yaml': '', 'b.yaml': '', '.h.yaml': '' })).toBe('a.yaml b.yaml\n*.json *.yaml\n');
  });
  it('applies NAME=value before a command to that command only', async () => {
    expect(await out('A=1 env | grep ^A=; echo "[$A]"')).toBe('A=1\n[]\n');
  });
  it('export and unset change later commands', async () => {
    expect(await out('export NS=dev; echo $NS; env | grep NS=; unset NS; echo "[$NS]"')).toBe('dev\nNS=dev\n[]\n');
  });
});

describe('redirection and pipes', () => {
  it('writes, appends and reads files', async () => {
    const { run, fs } = makeShell();
    await run('echo one > f.txt; echo two >> f.txt');
    expect(fs.read('/home/learner/f.txt')).toBe('one\ntwo\n');
    expect((await run('kubectl apply -f - < f.txt')).out).toBe('kubectl apply -f - <one\ntwo\n>\n');
  });
  it('orders 2>&1 as bash does', async () => {
    const { run, fs } = makeShell();
    expect((await run('kubectl fail > a.txt 2>&1')).out).toBe('');
    expect(fs.read('/home/learner/a.txt')).toBe('error: failed\n');
    expect((await run('kubectl fail 2>&1 > b.txt')).out).toBe('error: failed\n');
    expect((await run('kubectl fail 2>/dev/null; echo $?')).out).toBe('1\n');
  });
  it('pipes stdout but not stderr', async () => {
    expect(await out('kubectl fail | wc -l')).toBe('error: failed\n0\n');
    expect(await out('kubectl fail 2>&1 | wc -l')).toBe('1\n');
  });
  it('feeds a heredoc through a pipe into kubectl', async () => {
    expect(await out('cat <<EOF | kubectl apply -f -\nkind: $USER\nEOF')).toBe('kubectl apply -f - <kind: learner\n>\n');
  });
  it('reports bad redirection targets and does not run the command', async () => {
    expect(await out('echo x > nodir/f; echo $?')).toBe('bash: nodir/f: No such file or directory\n1\n');
    expect(await out('echo x > /tmp')).toBe('bash: /tmp: Is a directory\n');
  });
  it('! negates a status; && and || short-circuit', async () => {
    expect(await out('! false && echo yes || echo no; true || echo skipped')).toBe('yes\n');
  });
});

describe('errors never escape', () => {
  it('turns a throwing command into a shell error with status 1', async () => {
    expect(await makeShell().run('kubectl throw')).toEqual({ out: 'bash: internal error\n', status: 1 });
  });
  it('unknown commands give 127', async () => {
    expect(await makeShell().run('kubeclt get pods')).toEqual({ out: 'bash: kubeclt: command not found\n', status: 127 });
    expect(await makeShell().run('./run.sh')).toEqual({ out: 'bash: ./run.sh: No such file or directory\n', status: 127 });
  });
  it('a syntax error gives 2', async () => {
    expect(await makeShell().run('echo )')).toEqual({ out: "bash: syntax error near unexpected token `)'\n", status: 2 });
  });
});

describe('builtins', () => {
  it('echo handles -n and -e', async () => {
    expect(await out('echo -n a; echo -e "b\\tc"; echo -e "x\\c"; echo -E "\\n"')).toBe('ab\tc\nx\\n\n');
  });
  it('cat numbers lines and concatenates', async () => {
    expect(await out('cat -n a b', { a: 'x\ny\n', b: 'z\n' })).toBe('     1\tx\n     2\ty\n     3\tz\n');
  });
  it('grep supports -i -v -c -n -E, -o, -w and files', async () => {
    const files = { p: 'web Running\ndb Pending\nWebX Running\n' };
    expect(await out('grep -i web p', files)).toBe('web Running\nWebX Running\n');
    expect(await out('grep -vc Running p', files)).toBe('1\n');
    expect(await out('grep -nE "^(db|web) " p', files)).toBe('1:web Running\n2:db Pending\n');
    expect(await out('grep -ow "web" p', files)).toBe('web\n');
    expect(await out('grep x nothere; echo $?')).toBe('grep: nothere: No such file or directory\n2\n');
    expect(await out('grep -z x')).toBe("grep: invalid option -- 'z'\nTry 'grep --help' for more information.\n");
  });
  it('grep prints context lines with -A, -B and -C, separating groups with --', async () => {
    const files = { g: 'a\nb\nTaints: x\nUnsched\nc\nd\ne\nTaints: y\nlast\n' };
    expect(await out('grep -A1 Taints g', files)).toBe('Taints: x\nUnsched\n--\nTaints: y\nlast\n');
    expect(await out('grep -B1 -n Taints g', files)).toBe('2-b\n3:Taints: x\n--\n7-e\n8:Taints: y\n');
    expect(await out('grep -C 1 Unsched g', files)).toBe('Taints: x\nUnsched\nc\n');
    expect(await out('grep -A x Taints g; echo $?', files)).toBe('grep: x: invalid context length argument\n2\n');
  });
  it('head and tail take -n N and -N', async () => {
    const files = { n: '1\n2\n3\n4\n5\n' };
    expect(await out('head -n 2 n; tail -2 n; tail -n +4 n; head -n -3 n', files)).toBe('1\n2\n4\n5\n4\n5\n1\n2\n');
  });
  it('sort -n -r -u and uniq -c', async () => {
    expect(await out('printf "10\\n9\\n10\\n100\\n" | sort -n -u')).toBe('9\n10\n100\n');
    expect(await out('printf "b\\na\\na\\n" | sort | uniq -c')).toBe('      2 a\n      1 b\n');
    expect(await out('printf "b\\na\\nc\\n" | sort -r')).toBe('c\nb\na\n');
  });
  it('cut and tr', async () => {
    expect(await out('echo "a:b:c" | cut -d : -f 2-; echo hello | tr a-z A-Z; echo a-b | tr -d -')).toBe('b:c\nHELLO\nab\n');
  });
  it('wc counts like GNU wc', async () => {
    expect(await out('printf "a b\\nc\\n" | wc')).toBe('      2       3       6\n');
    expect(await out('wc -l f', { f: 'x\ny\n' })).toBe('2 f\n');
  });
  it('base64 encodes and decodes UTF-8', async () => {
    expect(await out('echo -n "héllo" | base64')).toBe('aMOpbGxv\n');
    expect(await out('echo aMOpbGxv | base64 -d; echo; echo "!!" | base64 -d')).toBe('héllo\nbase64: invalid input\n');
  });
  it('ls, mkdir, cd, pwd, cp, mv, rm, touch', async () => {
    const { run, shell } = makeShell();
    expect((await run('mkdir d && cd d && touch a && cp a b && mv b c && ls && pwd')).out).toBe('a  c\n/home/learner/d\n');
    expect(shell.cwd).toBe('/home/learner/d');
    expect((await run('cd ..; rm d; rm -r d; ls; cd /nope')).out).toBe(
      "rm: cannot remove 'd': Is a directory\nbash: cd: /nope: No such file or directory\n",
    );
    expect((await run('cd; cd -')).out).toBe('/home/learner\n');
  });
  it('sleep waits for cluster time and rejects bad intervals', async () => {
    expect(await out('sleep; sleep x')).toBe(
      "sleep: missing operand\nTry 'sleep --help' for more information.\nsleep: invalid time interval 'x'\nTry 'sleep --help' for more information.\n",
    );
  });
  it('date prints cluster time', async () => {
    expect(await out('date; date +%F')).toBe('Mon Nov 30 03:00:00 UTC 2026\n2026-11-30\n');
  });
  it('help mentions kubectl and k', async () => {
    const text = await out('help');
    expect(text).toContain('kubectl');
    expect(text).toContain('`k` is short for kubectl');
  });
  it('k is kubectl; type and which know them', async () => {
    expect(await out('k get pods; type k; which kubectl')).toBe("kubectl get pods\nk is aliased to `kubectl'\n/usr/local/bin/kubectl\n");
  });
  it('cluster explains itself and reports missing operations', async () => {
    const { run } = makeShell();
    expect((await run('cluster')).status).toBe(1);
    expect((await run('cluster help')).out).toContain('cluster add-node NAME');
    expect((await run('cluster add-node Bad_Name')).out).toContain('invalid machine name');
    expect((await run('cluster nodes')).out).toBe('NAME   MACHINE   NODE STATUS\n');
  });
});

describe('loops, conditions and arithmetic', () => {
  it('runs for and while loops with break and continue', async () => {
    expect(await out('for i in 1 2 3 4 5; do [ $i = 2 ] && continue; [ $i = 4 ] && break; echo $i; done')).toBe('1\n3\n');
    expect(await out('n=3; while [ $n -gt 0 ]; do echo $n; n=$((n-1)); done; echo done')).toBe('3\n2\n1\ndone\n');
    expect(await out('for a in x y; do for b in 1 2; do [ $b = 2 ] && continue 2; echo $a$b; done; done')).toBe('x1\ny1\n');
  });
  it('runs if/elif/else on exit statuses', async () => {
    expect(await out('for n in 1 5 9; do if [ $n -lt 3 ]; then echo small; elif [ $n -lt 7 ]; then echo mid; else echo big; fi; done')).toBe('small\nmid\nbig\n');
  });
  it('pipes into and out of loops and groups', async () => {
    expect(await out('seq 3 | { cat; echo end; } | wc -l')).toBe('4\n');
    expect(await out('for i in $(seq 3); do echo $i; done | tail -1')).toBe('3\n');
  });
  it('evaluates arithmetic like bash, with errors', async () => {
    expect(await out('x=7; echo $((x * 2 + 1)) $(( (x - 1) / 4 )) $((x % 4)) $((2 ** 10)) $((x > 3 && x < 10))')).toBe('15 1 3 1024 1\n');
    expect(await makeShell().run('echo $((1 / 0))')).toEqual({ out: 'bash: 1 / 0: division by 0 (error token is "0")\n', status: 1 });
  });
  it('test and [ check files, strings and numbers', async () => {
    const files = { f: 'x' };
    expect(await out('[ -f f ] && echo file; [ -d f ] || echo notdir; test -z "" && echo empty; [ a != b ] && echo differ', files)).toBe('file\nnotdir\nempty\ndiffer\n');
    expect(await out('[ 1 -lt x ]; echo $?; [ 1 -lt 2; echo $?')).toBe('bash: [: x: integer expression expected\n2\nbash: [: missing `]\'\n2\n');
  });
  it('stops a busy loop that nothing can interrupt', async () => {
    const cluster = new Cluster({ seed: 1 });
    const shell = new Shell({ fs: createMemoryFS(), commands: createTerminalCommands(cluster, { run: async () => 0, complete: () => [] }), sleep: (ms, i) => clockSleep(cluster.clock, ms, i), loopLimit: 500 });
    let printed = '';
    await shell.run('n=0; while true; do n=$((n+1)); done; echo $n', { interrupt: new InterruptController(), write: (t) => void (printed += t) });
    expect(printed).toBe('bash: loop stopped after 500 iterations\n500\n');
  });
  it('a loop stops at Ctrl-C', async () => {
    const cluster = new Cluster({ seed: 1 });
    const shell = new Shell({ fs: createMemoryFS(), commands: createTerminalCommands(cluster, { run: async () => 0, complete: () => [] }), sleep: (ms, i) => clockSleep(cluster.clock, ms, i), yieldToHost: () => new Promise((r) => setImmediate(r)) });
    const interrupt = new InterruptController();
    let printed = 0;
    const done = shell.run('while true; do echo x; done', { interrupt, write: () => void printed++ });
    // The loop's code may load first: press Ctrl-C once it runs.
    for (let i = 0; i < 500 && printed === 0; i++) await new Promise((r) => setTimeout(r, 10));
    interrupt.trigger();
    expect(await done).toBe(130);
    expect(printed).toBeGreaterThan(0);
  });
});
