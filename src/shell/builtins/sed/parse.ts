/**
 * The parser of sed scripts, as GNU sed 4.9 reads them: addresses (`N`, `$`, `/re/`, `\cREc`,
 * `first~step`, `A,B`, `A,+N`, `0,/re/`, `!`), blocks, labels and the commands run.ts runs.
 * Errors carry GNU's wording and position (`-e expression #1, char 5: unterminated `s' command`).
 */
import { RegexSyntaxError } from '../../regex/compile.ts';
import { Pattern } from '../../regex/pattern.ts';
import { breToJs, expandClasses } from '../../regex/syntax.ts';

/** A line address. `re: null` is the empty regex `//`: the last one used. */
export type Address = { t: 'line'; n: number } | { t: 'last' } | { t: 're'; re: Pattern | null } | { t: 'step'; first: number; step: number };

/** One piece of an `s` command's replacement. */
export type ReplPart = { t: 'text'; s: string } | { t: 'group'; n: number } | { t: 'case'; c: 'U' | 'L' | 'E' | 'u' | 'l' };

/** One command of the script; blocks are flattened (`{` knows where its `}` is). */
export interface SedCommand {
  a1?: Address;
  a2?: Address | { t: 'plus'; n: number } | { t: 'multiple'; n: number };
  negate: boolean;
  name: string;
  /** Text of `a`, `i`, `c`; label of `b`, `t`, `T`, `:`; file of `r`, `w`. */
  arg?: string;
  /** Exit code of `q`/`Q`. */
  code?: number;
  /** Index of the matching `}` (for `{`) or the label's command (for `b`, `t`, `T`; -1: end of script). */
  jump?: number;
  s?: { re: Pattern | null; repl: ReplPart[]; global: boolean; nth: number; print: boolean; write?: string };
  y?: Map<string, string>;
  /** Range state while the script runs. */
  active?: boolean;
  end?: number;
}

/** A script that does not parse: GNU's message (without the leading `sed: `). */
export class SedSyntaxError extends Error {}

/** Where each `-e` expression starts in the joined script, to report `expression #N, char C`. */
export interface ScriptSource {
  text: string;
  starts: number[];
}

/** Parses the joined script; `extended` is -E; throws SedSyntaxError. */
export function parseScript(src: ScriptSource, extended: boolean): SedCommand[] {
  const s = src.text;
  let i = 0;
  const cmds: SedCommand[] = [];
  const open: number[] = [];
  const fail = (msg: string, at = i): never => {
    let k = 0;
    while (k + 1 < src.starts.length && src.starts[k + 1]! <= at - 1) k++;
    const where = src.starts.length > 1 || src.starts[0] === 0 ? `-e expression #${k + 1}, char ${at - src.starts[k]!}` : `file - line 1`;
    throw new SedSyntaxError(`${where}: ${msg}`);
  };
  const compile = (source: string, flags: string): Pattern | null => {
    if (source === '') return null;
    try {
      return new Pattern(expandClasses(extended ? source : breToJs(source)), { ignoreCase: flags.includes('I') });
    } catch (e) {
      if (e instanceof RegexSyntaxError) return fail(e.message);
      throw e;
    }
  };
  /** Reads up to the unescaped delimiter `d`; `\d` becomes `d`, `\n` a newline. */
  const delimited = (d: string, what: string, regex: boolean): string => {
    let out = '';
    for (;;) {
      if (i >= s.length) return fail(what);
      const c = s[i++]!;
      if (c === d) return out;
      if (c === '\n' && regex) return fail(what);
      if (c === '[' && regex) {
        // A bracket expression runs to its own `]`: a delimiter inside it is literal.
        let k = i;
        if (s[k] === '^') k++;
        if (s[k] === ']') k++;
        while (k < s.length && s[k] !== ']' && s[k] !== '\n') k += s[k] === '[' && s[k + 1] === ':' ? Math.max(2, s.indexOf(':]', k + 2) + 2 - k) : 1;
        if (k >= s.length || s[k] !== ']') {
          i = s.length;
          return fail(what);
        }
        out += s.slice(i - 1, k + 1);
        i = k + 1;
        continue;
      }
      if (c === '\\') {
        if (i >= s.length) return fail(what);
        const e = s[i++]!;
        if (e === d) out += d;
        else if (e === 'n' && regex) out += '\\n';
        else if (e === '\n') out += regex ? '\\n' : '\n';
        else out += '\\' + e;
      } else out += c;
    }
  };
  const spaces = (): void => {
    while (s[i] === ' ' || s[i] === '\t') i++;
  };
  const number = (): number => {
    const m = /^\d+/.exec(s.slice(i));
    i += m![0].length;
    return Number(m![0]);
  };
  const address = (): Address | undefined => {
    const c = s[i];
    if (c !== undefined && c >= '0' && c <= '9') {
      const n = number();
      if (s[i] === '~') {
        i++;
        const step = /^\d/.test(s[i] ?? '') ? number() : 0;
        return { t: 'step', first: n, step };
      }
      return { t: 'line', n };
    }
    if (c === '$') {
      i++;
      return { t: 'last' };
    }
    if (c === '/' || c === '\\') {
      i++;
      let d = '/';
      if (c === '\\') {
        if (i >= s.length) fail("unexpected `,'");
        d = s[i++]!;
      }
      const body = delimited(d, 'unterminated address regex', true);
      let flags = '';
      while (s[i] === 'I' || s[i] === 'M') flags += s[i++];
      return { t: 're', re: compile(body, flags) };
    }
    return undefined;
  };
  /** The rest of the line, for `a`, `i`, `c` one-liners and `a\` text. */
  const text = (name: string): string => {
    spaces();
    if (s[i] === '\\') {
      i++;
      if (s[i] === '\n') i++;
    } else if (i >= s.length || s[i] === '\n' || s[i] === ';') {
      if (i >= s.length || s[i] === '\n') return fail("expected \\ after `a', `c' or `i'");
    }
    let out = '';
    while (i < s.length && s[i] !== '\n') {
      const c = s[i++]!;
      if (c === '\\' && i < s.length) {
        const e = s[i++]!;
        out += e === 't' ? '\t' : e === '\n' ? '\n' : e;
      } else out += c;
    }
    void name;
    return out;
  };
  const label = (): string => {
    spaces();
    let out = '';
    while (i < s.length && s[i] !== '\n' && s[i] !== ';') out += s[i++];
    return out.trimEnd();
  };
  const endOfCommand = (): void => {
    spaces();
    if (i >= s.length || s[i] === '\n' || s[i] === ';') {
      if (i < s.length) i++;
      return;
    }
    if (s[i] === '}' || s[i] === '#') return;
    i++;
    fail('extra characters after command');
  };

  while (i < s.length) {
    while (i < s.length && (s[i] === ' ' || s[i] === '\t' || s[i] === '\n' || s[i] === ';')) i++;
    if (i >= s.length) break;
    if (s[i] === '#') {
      while (i < s.length && s[i] !== '\n') i++;
      continue;
    }
    const cmd: SedCommand = { negate: false, name: '' };
    cmd.a1 = address();
    if (cmd.a1 && s[i] === ',') {
      i++;
      spaces();
      if (s[i] === '+' || s[i] === '~') {
        const kind = s[i++] === '+' ? 'plus' : 'multiple';
        if (!/^\d/.test(s[i] ?? '')) fail("unexpected `,'");
        cmd.a2 = { t: kind, n: number() };
      } else {
        const a2 = address();
        if (!a2) fail("unexpected `,'");
        cmd.a2 = a2;
      }
    }
    spaces();
    while (s[i] === '!') {
      if (cmd.negate) {
        i++;
        fail("multiple `!'s");
      }
      cmd.negate = true;
      i++;
      spaces();
    }
    if (i >= s.length) fail('missing command');
    const name = s[i++]!;
    cmd.name = name;
    if (cmd.a1?.t === 'line' && cmd.a1.n === 0 && !(cmd.a2?.t === 're')) fail('invalid usage of line address 0');
    switch (name) {
      case '{':
        open.push(cmds.length);
        cmds.push(cmd);
        continue;
      case '}':
        if (!open.length) fail("unexpected `}'");
        if (cmd.a1) fail("} doesn't want any addresses");
        cmds[open.pop()!]!.jump = cmds.length;
        cmds.push(cmd);
        endOfCommand();
        continue;
      case '=':
      case 'd':
      case 'D':
      case 'p':
      case 'P':
      case 'n':
      case 'N':
      case 'g':
      case 'G':
      case 'h':
      case 'H':
      case 'x':
      case 'z':
      case 'l':
      case 'F':
        endOfCommand();
        break;
      case 'q':
      case 'Q':
        if (cmd.a2) fail('command only uses one address');
        spaces();
        cmd.code = /^\d/.test(s[i] ?? '') ? number() : 0;
        endOfCommand();
        break;
      case 'a':
      case 'i':
      case 'c':
        cmd.arg = text(name);
        break;
      case ':':
        if (cmd.a1) fail(": doesn't want any addresses");
        cmd.arg = label();
        if (!cmd.arg) fail('":" lacks a label');
        if (s[i] === ';') i++;
        break;
      case 'b':
      case 't':
      case 'T':
        cmd.arg = label();
        if (s[i] === ';') i++;
        break;
      case 'r':
      case 'w': {
        spaces();
        let f = '';
        while (i < s.length && s[i] !== '\n') f += s[i++];
        if (!f) fail('missing filename in r/R/w/W commands');
        cmd.arg = f;
        break;
      }
      case 's':
        cmd.s = substitution(cmd);
        break;
      case 'y': {
        const d = s[i++];
        if (d === undefined || d === '\n' || d === '\\') fail("unterminated `y' command");
        const unescape = (t: string): string[] => [
          ...t.replace(/\\(.)/g, (_m, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c === '\\' ? '\\' : '\\' + c)),
        ];
        const from = unescape(delimited(d!, "unterminated `y' command", false));
        const to = unescape(delimited(d!, "unterminated `y' command", false));
        if (from.length !== to.length) fail("strings for `y' command are different lengths");
        cmd.y = new Map(from.map((c, k) => [c, to[k]!]));
        endOfCommand();
        break;
      }
      default:
        fail(`unknown command: \`${name}'`);
    }
    cmds.push(cmd);
  }
  if (open.length) fail("unmatched `{'", src.starts[0]!);
  // Branches to labels.
  for (const c of cmds) {
    if (c.name !== 'b' && c.name !== 't' && c.name !== 'T') continue;
    if (!c.arg) {
      c.jump = -1;
      continue;
    }
    const at = cmds.findIndex((x) => x.name === ':' && x.arg === c.arg);
    if (at < 0) throw new SedSyntaxError(`can't find label for jump to \`${c.arg}'`, { cause: 4 });
    c.jump = at;
  }
  return cmds;

  function substitution(cmd: SedCommand): SedCommand['s'] {
    const d = s[i++];
    if (d === undefined || d === '\n' || d === '\\') fail("unterminated `s' command");
    const body = delimited(d!, "unterminated `s' command", true);
    const replText = delimited(d!, "unterminated `s' command", false);
    const out: NonNullable<SedCommand['s']> = { re: null, repl: [], global: false, nth: 1, print: false };
    let flags = '';
    for (;;) {
      const c = s[i];
      if (c === 'g') out.global = true;
      else if (c === 'p') out.print = true;
      else if (c === 'I' || c === 'i') flags += 'I';
      else if (c === 'M' || c === 'm' || c === 'e') void 0;
      else if (c !== undefined && c >= '1' && c <= '9') {
        out.nth = number();
        continue;
      } else if (c === 'w') {
        i++;
        spaces();
        let f = '';
        while (i < s.length && s[i] !== '\n') f += s[i++];
        if (!f) fail('missing filename in r/R/w/W commands');
        out.write = f;
        break;
      } else break;
      i++;
    }
    const end = s[i];
    if (end !== undefined && end !== '\n' && end !== ';' && end !== '}' && end !== ' ' && end !== '\t' && end !== '#') {
      i++;
      fail("unknown option to `s'");
    }
    out.re = compile(body, flags);
    out.repl = replacement(replText, out.re ? out.re.groups : 9);
    endOfCommand();
    void cmd;
    return out;
  }

  function replacement(t: string, groups: number): ReplPart[] {
    const parts: ReplPart[] = [];
    let lit = '';
    const flush = (): void => {
      if (lit) parts.push({ t: 'text', s: lit });
      lit = '';
    };
    for (let k = 0; k < t.length; k++) {
      const c = t[k]!;
      if (c === '&') {
        flush();
        parts.push({ t: 'group', n: 0 });
      } else if (c === '\\' && k + 1 < t.length) {
        const e = t[++k]!;
        if (e >= '0' && e <= '9') {
          if (Number(e) > groups) fail(`invalid reference \\${e} on \`s' command's RHS`);
          flush();
          parts.push({ t: 'group', n: Number(e) });
        } else if ('ULEul'.includes(e)) {
          flush();
          parts.push({ t: 'case', c: e as 'U' });
        } else lit += e === 'n' ? '\n' : e === 't' ? '\t' : e;
      } else lit += c;
    }
    flush();
    return parts;
  }
}
