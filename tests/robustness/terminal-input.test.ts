/**
 * Hostile input at a lesson terminal: huge pastes, random bytes, unbalanced quotes, and escape
 * sequences in names, files and logs. The terminal must keep its prompt and its modes (no
 * sequence from a command may switch screens, reset the terminal or turn off bracketed paste),
 * and the cluster must keep answering.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_COMMAND, MAX_LINE } from '../../src/shell/interactive.ts';
import { redraw, safeOutput } from '../../src/shell/render.ts';
import { expectNoCrash, pageTerminal, until, wait, type PageTerminal } from './support.ts';

let open: PageTerminal | undefined;
afterEach(() => {
  open?.close();
  open = undefined;
});

function terminal(files?: Record<string, string>): PageTerminal {
  open = pageTerminal({ files });
  return open;
}

const PASTE = (text: string) => `\x1b[200~${text}\x1b[201~`;

/** Deterministic bytes 0-255 (a linear congruential generator), as one string of char codes. */
function randomBytes(n: number, seed: number): string {
  let x = seed;
  let s = '';
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    s += String.fromCharCode(x >>> 24);
  }
  return s;
}

/** Escape sequences that would take a terminal over if a command's output reached it raw. */
const HOSTILE = /\x1bc|\x1b\[\?(1049|47|1047|1000|1002|1003|2004|25)[hl]|\x1b\]|\x1b\[[0-9;]*r|\x1b[()][0B]|\x0e|\x9b|\x9d/;

/** What the shell itself writes: its bracketed-paste switch and line redraws; all else is a command's output. */
function commandOutputHazards(written: string): string[] {
  return [...written.replace(/\x1b\[\?2004h/g, '').matchAll(new RegExp(HOSTILE.source, 'g'))].map((m) => JSON.stringify(m[0]));
}

async function expectAnswers(t: PageTerminal): Promise<void> {
  expect(await t.run('kubectl get ns', 5000)).toMatch(/kube-system\s+Active/);
  expectNoCrash(t.term.written);
}

describe('huge and random input', () => {
  it('takes a 10 MB paste without freezing, then still runs kubectl', async () => {
    const t = terminal();
    const t0 = performance.now();
    t.term.type(PASTE('echo ' + 'x'.repeat(10 * 1024 * 1024)));
    await wait(50);
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(t.term.written).toContain(`input cut: a line may hold at most ${MAX_LINE} characters`);
    t.term.type('\x03');
    await expectAnswers(t);
  });

  it('parses a pasted multi-line quoted string once, not once per line', async () => {
    const t = terminal();
    // About 1 MB in 20,000 lines inside one quote: parsing per line would be quadratic.
    const body = Array.from({ length: 20_000 }, (_, i) => `line ${i} ${'x'.repeat(40)}`).join('\n');
    const t0 = performance.now();
    t.term.type(PASTE(`printf '%s' '${body}' | wc -l\r`));
    await until(() => /\n\s*19999\s*\r?\n/.test(t.term.written), 20_000, 'wc to answer');
    expect(performance.now() - t0).toBeLessThan(10_000);
    const dq = Array.from({ length: 2000 }, (_, i) => `row ${i}`).join('\n');
    t.term.type(PASTE(`echo "${dq}" | tail -1\r`));
    await until(() => t.term.written.includes('row 1999'), 10_000, 'echo to answer');
    await expectAnswers(t);
  }, 30_000);

  it('refuses a heredoc paste longer than a command may be, with a message', async () => {
    const t = terminal();
    const yaml = Array.from({ length: 60_000 }, (_, i) => `  key${i}: ${'v'.repeat(40)}`).join('\n');
    const t0 = performance.now();
    t.term.type(PASTE(`cat > big.yaml <<EOF\n${yaml}\nEOF\n`));
    await until(() => !t.sh.busy && t.term.screen().endsWith('$'), 30_000, 'the paste to be taken');
    expect(performance.now() - t0).toBeLessThan(30_000);
    expect(yaml.length).toBeGreaterThan(MAX_COMMAND);
    // Refused whole, in bash's manner: nothing half-written, no line of it run as a command.
    expect(t.term.written).toContain(`command too long (more than ${MAX_COMMAND} characters)`);
    expect(t.sh.shell.fs.exists('/home/learner/big.yaml')).toBe(false);
    expect(t.term.written).not.toContain('command not found');
    await expectAnswers(t);
  }, 60_000);

  it('survives random bytes typed and pasted, then still runs kubectl', async () => {
    const t = terminal();
    const bytes = randomBytes(64 * 1024, 42);
    // Typed in small chunks (as xterm delivers keys), then pasted whole.
    for (let i = 0; i < 8192; i += 97) t.term.type(bytes.slice(i, i + 97));
    t.term.type(PASTE(bytes));
    await until(() => !t.sh.busy, 20_000, 'the random input to be taken');
    t.term.type('\x03');
    await wait(20);
    t.term.type('\x03');
    await until(() => !t.sh.busy, 5000, 'the prompt');
    expect(commandOutputHazards(t.term.written)).toEqual([]);
    await expectAnswers(t);
  }, 60_000);

  it('an unbalanced quote waits for more; Ctrl-C gives the prompt back; a Run button replaces it', async () => {
    const t = terminal();
    t.term.type('echo "never closed\r');
    expect(t.term.screen()).toMatch(/\n>$/);
    t.term.type("it's still open\r");
    expect(t.term.screen()).toMatch(/\n>$/);
    t.term.type('\x03');
    expect(t.term.screen()).toMatch(/\^C\n\$$/);
    t.term.type("echo 'half");
    await t.run('echo fresh');
    expect(t.term.screen()).toMatch(/^fresh\n\$$/m);
    await expectAnswers(t);
  });
});

describe('escape sequences in names, files and logs', () => {
  it('shows control characters in caret notation, keeping colours', () => {
    expect(safeOutput('a\x1b[31mred\x1b[0m\tb\n')).toBe('a\x1b[31mred\x1b[0m\tb\n');
    expect(safeOutput('\x1b[2J\x1bc\x1b]0;title\x07\x00\x7f\x9b')).toBe('^[[2J^[c^[]0;title\x07^@^?M-^[');
  });

  it('Tab completion draws control characters in caret notation', async () => {
    const t = terminal({ 'ev\x1b[2Jil.txt': 'x\n' });
    const before = t.term.written.length;
    t.term.type('cat ev\t');
    await until(() => t.term.written.slice(before).includes('^[[2Jil.txt'), 5000, 'the completed name');
    expect(t.term.written.slice(before)).not.toMatch(/\x1b\[2J/);
    // A recalled line is drawn by the same code: the line editor never sends it raw.
    expect(redraw('$ ', 'echo "a\x1b[?1049hb"', 3, 80, 0).out).toContain('echo "a^[[?1049hb"');
    t.term.type('\x03');
    await expectAnswers(t);
  });

  it('keeps the terminal when output holds escape sequences', async () => {
    const hostile = '\\033[?1049h\\033c\\033]0;pwned\\007\\033]52;c;aGk=\\007\\033[?2004l\\033[?1000h\\033[?25l\\033(0\\016\\033[1;3r';
    const t = terminal({ 'evil.txt': eval(`"${hostile.replace(/\\033/g, '\\x1b').replace(/\\007/g, '\\x07').replace(/\\016/g, '\\x0e')}"`) as string });
    await t.run(`printf '${hostile}\\n'`);
    await t.run('cat evil.txt');
    await t.run(`kubectl create configmap evil --from-literal=k="$(printf '${hostile}')"`);
    await t.run('kubectl describe configmap evil');
    await t.run("kubectl get configmap evil -o jsonpath='{.data.k}'");
    await t.run(`kubectl run esc --image=busybox -- sh -c 'printf "\\033[2J\\033[?1049h\\033]0;x\\007"; echo; sleep 3600'`);
    t.cluster.advance(20_000);
    await t.run('kubectl logs esc');
    await t.run(`kubectl get pod "$(printf 'x\\033[?1049h')"`);
    expect(commandOutputHazards(t.term.written)).toEqual([]);
    expect(t.term.written).toContain('^[[?1049h');
    // The prompt still works and paste still arrives as a paste.
    t.term.type(PASTE('echo pasted\n'));
    await until(() => /^pasted$/m.test(t.term.screen()), 5000, 'the paste to run');
    await expectAnswers(t);
  });
});
