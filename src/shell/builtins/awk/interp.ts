/**
 * Runs a parsed awk program: records and fields, variables and associative arrays, user
 * functions, output to the terminal, files and commands (`print | "sort"`). Evaluation is
 * asynchronous so that a loop that never ends lets the event loop turn and Ctrl-C stop it.
 */
import type { ExecContext } from '../../../command/contract.ts';
import { RegexSyntaxError } from '../../regex/compile.ts';
import { Pattern } from '../../regex/pattern.ts';
import { expandClasses } from '../../regex/syntax.ts';
import type { AwkProgram, Expr, Stmt } from './parser.ts';
import { callBuiltin } from './builtins.ts';
import { OutputStreams } from './output.ts';
import { AwkRuntimeError, compare, sprintf, StrNum, toBool, toNum, toStr, UNINIT, type Val } from './values.ts';

export type AwkArray = Map<string, Val>;

export { AwkRuntimeError };

class Next {}
class Exit {
  readonly code: number;
  constructor(code: number) {
    this.code = code;
  }
}
class Return {
  readonly v: Val;
  constructor(v: Val) {
    this.v = v;
  }
}
class Break {}
class Continue {}
class Interrupted {}

/** Steps between two turns of the event loop. */
const STEPS_PER_PAUSE = 20_000;
const MAX_CALL_DEPTH = 1000;

/** One input source: its name (FILENAME) and text. */
export interface AwkInput {
  name: string;
  text: string;
}

export class Interpreter {
  readonly globals = new Map<string, Val | AwkArray>();
  private fields: string[] = [''];
  private nf = 0;
  private record = '';
  private readonly patterns = new Map<string, Pattern>();
  private readonly streams: OutputStreams;
  private frames: Map<string, Val | AwkArray>[] = [];
  private steps = 0;
  private rangeActive: boolean[] = [];
  private records: ({ file: string; recs: string[] } | { assign: string; value: string; recs: [] })[] = [];
  private fileIdx = 0;
  private recIdx = 0;
  randSeed = 0;
  randState = 0;

  readonly prog: AwkProgram;
  readonly ctx: ExecContext;

  constructor(prog: AwkProgram, ctx: ExecContext) {
    this.prog = prog;
    this.ctx = ctx;
    this.streams = new OutputStreams(ctx);
    for (const [k, v] of Object.entries({
      FS: ' ',
      OFS: ' ',
      ORS: '\n',
      RS: '\n',
      NR: 0,
      NF: 0,
      FNR: 0,
      SUBSEP: '\x1c',
      CONVFMT: '%.6g',
      OFMT: '%.6g',
      RSTART: 0,
      RLENGTH: -1,
      FILENAME: '',
    }))
      this.globals.set(k, v);
    const env: AwkArray = new Map();
    for (const [k, v] of Object.entries(ctx.env)) env.set(k, new StrNum(v));
    this.globals.set('ENVIRON', env);
  }

  private get convfmt(): string {
    return toStr(this.globals.get('CONVFMT') as Val);
  }

  /** Runs BEGIN, the main loop over `inputs` (files or assignments), then END; resolves to the exit status. */
  async run(inputs: (AwkInput | { assign: string; value: string })[]): Promise<number> {
    let code = 0;
    const begins = this.prog.items.filter((i) => i.pattern === 'BEGIN');
    const ends = this.prog.items.filter((i) => i.pattern === 'END');
    const mains = this.prog.items.filter((i) => i.pattern !== 'BEGIN' && i.pattern !== 'END');
    this.rangeActive = mains.map(() => false);
    let exited = false;
    try {
      for (const b of begins) await this.block(b.body ?? []);
    } catch (e) {
      if (!(e instanceof Exit)) return this.fail(e);
      code = e.code;
      exited = true;
    }
    if (!exited && (mains.length || ends.length)) {
      try {
        for (const input of inputs) {
          // An operand VAR=VALUE takes effect when the input reaches it.
          if ('assign' in input) this.records.push({ ...input, recs: [] });
          else this.records.push({ file: input.name, recs: this.split(input.text) });
        }
        while (this.nextRecord(true)) {
          try {
            for (let k = 0; k < mains.length; k++) {
              const item = mains[k]!;
              if (await this.selects(item.pattern, k)) {
                if (item.body) await this.block(item.body);
                else this.out(this.record + toStr(this.globals.get('ORS') as Val));
              }
            }
          } catch (e) {
            if (!(e instanceof Next)) throw e;
          }
        }
      } catch (e) {
        if (!(e instanceof Exit)) return this.fail(e);
        code = e.code;
      }
    }
    try {
      for (const b of ends) await this.block(b.body ?? []);
    } catch (e) {
      if (!(e instanceof Exit)) return this.fail(e);
      code = e.code;
    }
    await this.closeAll();
    return code;
  }

  private fail(e: unknown): number {
    if (e instanceof Interrupted) return 130;
    if (e instanceof AwkRuntimeError) {
      this.ctx.stderr(`awk: ${e.message}\n`);
      return 2;
    }
    throw e;
  }

  /** Records of `text` by RS: lines, paragraphs (RS=""), one character or a regex. */
  private split(text: string): string[] {
    const rs = toStr(this.globals.get('RS') as Val);
    let recs: string[];
    if (rs === '\n') recs = text.split('\n');
    else if (rs === '') recs = text.replace(/^\n+/, '').split(/\n\n+/);
    else if (rs.length === 1) recs = text.split(rs);
    else recs = this.splitByRegex(text, rs);
    if (recs.length && recs[recs.length - 1] === '') recs.pop();
    if (rs === '' && recs.length) recs[recs.length - 1] = recs[recs.length - 1]!.replace(/\n+$/, '');
    return recs;
  }

  private splitByRegex(text: string, re: string): string[] {
    const p = this.pattern(re);
    const out: string[] = [];
    let from = 0;
    for (let pos = 0; pos <= text.length;) {
      const m = p.execSync(text, pos);
      if (!m || m[1] === m[0]) break;
      out.push(text.slice(from, m[0]));
      from = pos = m[1]!;
    }
    out.push(text.slice(from));
    return out;
  }

  /** Moves to the next record; false at the end of the input. */
  private nextRecord(setRecord: boolean, into?: Expr): boolean {
    while (this.fileIdx < this.records.length && this.recIdx >= this.records[this.fileIdx]!.recs.length) {
      const done = this.records[this.fileIdx]!;
      if ('assign' in done) this.globals.set(done.assign, new StrNum(done.value));
      this.fileIdx++;
      this.recIdx = 0;
      this.globals.set('FNR', 0);
    }
    const f = this.records[this.fileIdx];
    if (!f || 'assign' in f) return false;
    const rec = f.recs[this.recIdx++]!;
    this.globals.set('FILENAME', f.file);
    this.globals.set('NR', toNum(this.globals.get('NR') as Val) + 1);
    this.globals.set('FNR', toNum(this.globals.get('FNR') as Val) + 1);
    if (into) this.assign(into, new StrNum(rec));
    else if (setRecord) this.setRecord(rec);
    return true;
  }

  private setRecord(s: string): void {
    this.record = s;
    this.fields = [''].concat(this.splitFields(s, toStr(this.globals.get('FS') as Val)));
    this.nf = this.fields.length - 1;
  }

  /** Splits `s` by a field separator as awk does (" ": runs of blanks; one character: literally; else a regex). */
  splitFields(s: string, fs: string): string[] {
    if (fs === ' ') {
      const t = s.replace(/^[ \t\n]+|[ \t\n]+$/g, '');
      return t === '' ? [] : t.split(/[ \t\n]+/);
    }
    if (s === '') return [];
    if (fs === '') return [...s];
    if (fs.length === 1 && fs !== '\\') return s.split(fs);
    const p = this.pattern(fs);
    const out: string[] = [];
    let from = 0;
    for (let pos = 0; pos <= s.length;) {
      const m = p.execSync(s, pos);
      if (!m) break;
      if (m[1] === m[0]) {
        pos = m[0]! + 1;
        continue;
      }
      out.push(s.slice(from, m[0]));
      from = pos = m[1]!;
    }
    out.push(s.slice(from));
    return out;
  }

  private rebuild(): void {
    this.record = this.fields.slice(1, this.nf + 1).join(toStr(this.globals.get('OFS') as Val));
  }

  /** A compiled ERE (cached). */
  pattern(src: string): Pattern {
    let p = this.patterns.get(src);
    if (!p) {
      try {
        p = new Pattern(expandClasses(src));
      } catch (e) {
        if (e instanceof RegexSyntaxError) throw new AwkRuntimeError(`line 1: regular expression compile failed (${e.message})\n${src}`);
        throw e;
      }
      this.patterns.set(src, p);
    }
    return p;
  }

  /** The regex an operand of `~`, split, sub... stands for: a literal /re/ or a string. */
  async regexOf(e: Expr): Promise<Pattern> {
    return this.pattern(e.t === 're' ? e.src : toStr(await this.eval(e), this.convfmt));
  }

  private async selects(p: Expr | [Expr, Expr] | 'BEGIN' | 'END' | undefined, k: number): Promise<boolean> {
    if (p === undefined) return true;
    if (Array.isArray(p)) {
      if (this.rangeActive[k]) {
        if (toBool(await this.eval(p[1]))) this.rangeActive[k] = false;
        return true;
      }
      if (!toBool(await this.eval(p[0]))) return false;
      this.rangeActive[k] = !toBool(await this.eval(p[1]));
      return true;
    }
    return toBool(await this.eval(p as Expr));
  }

  private async tick(): Promise<void> {
    if (++this.steps < STEPS_PER_PAUSE) return;
    this.steps = 0;
    if (!(await this.ctx.sleep(0))) throw new Interrupted();
  }

  async block(body: Stmt[]): Promise<void> {
    for (const s of body) await this.exec(s);
  }

  private async exec(s: Stmt): Promise<void> {
    await this.tick();
    switch (s.t) {
      case 'block':
        return this.block(s.body);
      case 'expr':
        await this.eval(s.e);
        return;
      case 'print':
      case 'printf': {
        const vals: Val[] = [];
        for (const a of s.args) vals.push(await this.eval(a));
        let text: string;
        if (s.t === 'printf') text = sprintf(toStr(vals[0]!, this.convfmt), vals.slice(1), this.convfmt);
        else {
          const ofmt = toStr(this.globals.get('OFMT') as Val);
          const parts = s.args.length ? vals.map((v) => toStr(v, ofmt)) : [this.record];
          text = parts.join(toStr(this.globals.get('OFS') as Val)) + toStr(this.globals.get('ORS') as Val);
        }
        if (s.redir) await this.redirect(s.redir.op, toStr(await this.eval(s.redir.e), this.convfmt), text);
        else this.out(text);
        return;
      }
      case 'if':
        if (toBool(await this.eval(s.c))) await this.exec(s.a);
        else if (s.b) await this.exec(s.b);
        return;
      case 'while':
        while (toBool(await this.eval(s.c))) if (await this.loopBody(s.body)) break;
        return;
      case 'do':
        do if (await this.loopBody(s.body)) break;
        while (toBool(await this.eval(s.c)));
        return;
      case 'for':
        if (s.init) await this.eval(s.init);
        while (!s.c || toBool(await this.eval(s.c))) {
          if (await this.loopBody(s.body)) break;
          if (s.step) await this.eval(s.step);
          await this.tick();
        }
        return;
      case 'forin': {
        const arr = this.array(s.arr);
        for (const key of [...arr.keys()]) {
          if (!arr.has(key)) continue;
          this.assign(s.v, new StrNum(key));
          if (await this.loopBody(s.body)) break;
        }
        return;
      }
      case 'delete': {
        const arr = this.array(s.name);
        if (!s.subs) arr.clear();
        else arr.delete(await this.subscript(s.subs));
        return;
      }
      case 'next':
        throw new Next();
      case 'nextfile':
        this.recIdx = Infinity;
        throw new Next();
      case 'exit':
        throw new Exit(s.e ? Math.trunc(toNum(await this.eval(s.e))) & 255 : 0);
      case 'return':
        throw new Return(s.e ? await this.eval(s.e) : UNINIT);
      case 'break':
        throw new Break();
      case 'continue':
        throw new Continue();
    }
  }

  /** Runs a loop's body; true when it broke out. */
  private async loopBody(body: Stmt): Promise<boolean> {
    try {
      await this.exec(body);
    } catch (e) {
      if (e instanceof Break) return true;
      if (e instanceof Continue) return false;
      throw e;
    }
    return false;
  }

  out(text: string): void {
    this.ctx.stdout(text);
  }

  private redirect(op: string, target: string, text: string): Promise<void> {
    return this.streams.write(op, target, text);
  }

  /** close(NAME): a command's input ends and it runs; a file is done. */
  close(name: string): Promise<number> {
    return this.streams.close(name);
  }

  private closeAll(): Promise<void> {
    return this.streams.closeAll();
  }

  /** system(CMD): runs a command line in the terminal's shell. */
  system(cmd: string): Promise<number> {
    return this.streams.system(cmd);
  }

  private array(name: string): AwkArray {
    const frame = this.frames[this.frames.length - 1];
    const scope = frame?.has(name) ? frame : this.globals;
    let v = scope.get(name);
    if (v instanceof Map) return v;
    if (v !== undefined && v !== UNINIT) throw new AwkRuntimeError(`can't use scalar ${name} as array`);
    v = new Map();
    scope.set(name, v);
    return v;
  }

  private async subscript(subs: Expr[]): Promise<string> {
    const parts: string[] = [];
    for (const s of subs) parts.push(toStr(await this.eval(s), this.convfmt));
    return parts.join(toStr(this.globals.get('SUBSEP') as Val));
  }

  private getVar(name: string): Val {
    if (name === 'NF') return this.nf;
    const frame = this.frames[this.frames.length - 1];
    const v = frame?.has(name) ? frame.get(name) : this.globals.get(name);
    if (v instanceof Map) throw new AwkRuntimeError(`can't use array ${name} in scalar context`);
    return v ?? UNINIT;
  }

  getField(i: number): Val {
    if (i < 0) throw new AwkRuntimeError(`trying to access out of range field ${i}`);
    if (i === 0) return new StrNum(this.record);
    return i <= this.nf ? new StrNum(this.fields[i]!) : UNINIT;
  }

  /** Assigns to a variable, field or array element. */
  assign(target: Expr, v: Val, sub?: string): void {
    if (typeof v === 'object' && !(v instanceof StrNum)) v = UNINIT;
    if (target.t === 'var') {
      if (target.name === 'NF') {
        const n = Math.max(0, Math.trunc(toNum(v)));
        while (this.fields.length <= n) this.fields.push('');
        this.nf = n;
        this.fields.length = n + 1;
        this.rebuild();
        return;
      }
      const frame = this.frames[this.frames.length - 1];
      const scope = frame?.has(target.name) ? frame : this.globals;
      if (scope.get(target.name) instanceof Map) throw new AwkRuntimeError(`can't assign to ${target.name}; it's an array name.`);
      scope.set(target.name, v);
    } else if (target.t === 'field') {
      const i = Number(sub);
      if (i === 0) this.setRecord(toStr(v, this.convfmt));
      else {
        while (this.fields.length <= i) this.fields.push('');
        this.fields[i] = toStr(v, this.convfmt);
        this.nf = Math.max(this.nf, i);
        this.rebuild();
      }
    } else if (target.t === 'index') this.array(target.name).set(sub!, v);
  }

  /** The key an lvalue stands for (field number or array subscript), evaluated once. */
  private async lkey(target: Expr): Promise<string | undefined> {
    if (target.t === 'field') return String(Math.trunc(toNum(await this.eval(target.e))));
    if (target.t === 'index') return this.subscript(target.subs);
    return undefined;
  }

  private read(target: Expr, key: string | undefined): Val {
    if (target.t === 'var') return this.getVar(target.name);
    if (target.t === 'field') return this.getField(Number(key));
    const arr = this.array((target as { name: string }).name);
    const v = arr.get(key!);
    if (v === undefined) {
      arr.set(key!, UNINIT);
      return UNINIT;
    }
    return v;
  }

  async eval(e: Expr): Promise<Val> {
    switch (e.t) {
      case 'num':
        return e.v;
      case 'str':
        return e.v;
      case 're':
        return (await this.pattern(e.src).test(this.record, () => this.ctx.sleep(0))) ? 1 : 0;
      case 'var':
        return this.getVar(e.name);
      case 'field':
      case 'index':
        return this.read(e, await this.lkey(e));
      case 'group':
        return this.eval(e.items[e.items.length - 1]!);
      case 'assign': {
        const key = await this.lkey(e.target);
        let v = await this.eval(e.e);
        if (e.op !== '=') v = arith(e.op.slice(0, -1), toNum(this.read(e.target, key)), toNum(v));
        else if (v instanceof StrNum) v = new StrNum(v.s);
        this.assign(e.target, v, key);
        return v;
      }
      case 'cond':
        return toBool(await this.eval(e.c)) ? this.eval(e.a) : this.eval(e.b);
      case 'and':
        return toBool(await this.eval(e.a)) && toBool(await this.eval(e.b)) ? 1 : 0;
      case 'or':
        return toBool(await this.eval(e.a)) || toBool(await this.eval(e.b)) ? 1 : 0;
      case 'in':
        return this.array(e.name).has(await this.subscript(e.subs)) ? 1 : 0;
      case 'match': {
        const s = toStr(await this.eval(e.e), this.convfmt);
        const hit = await (await this.regexOf(e.re)).test(s, () => this.ctx.sleep(0));
        return hit !== e.neg ? 1 : 0;
      }
      case 'bin': {
        const a = await this.eval(e.a);
        const b = await this.eval(e.b);
        switch (e.op) {
          case '<':
            return compare(a, b, this.convfmt) < 0 ? 1 : 0;
          case '<=':
            return compare(a, b, this.convfmt) <= 0 ? 1 : 0;
          case '>':
            return compare(a, b, this.convfmt) > 0 ? 1 : 0;
          case '>=':
            return compare(a, b, this.convfmt) >= 0 ? 1 : 0;
          case '==':
            return compare(a, b, this.convfmt) === 0 ? 1 : 0;
          case '!=':
            return compare(a, b, this.convfmt) !== 0 ? 1 : 0;
          default:
            return arith(e.op, toNum(a), toNum(b));
        }
      }
      case 'cat':
        return toStr(await this.eval(e.a), this.convfmt) + toStr(await this.eval(e.b), this.convfmt);
      case 'unary': {
        const v = await this.eval(e.e);
        return e.op === '!' ? (toBool(v) ? 0 : 1) : e.op === '-' ? -toNum(v) : toNum(v);
      }
      case 'incdec': {
        const key = await this.lkey(e.target);
        const old = toNum(this.read(e.target, key));
        const now = e.op === '++' ? old + 1 : old - 1;
        this.assign(e.target, now, key);
        return e.prefix ? now : old;
      }
      case 'builtin':
        return callBuiltin(this, e.name, e.args);
      case 'call':
        return this.call(e.name, e.args);
      case 'getline':
        return this.nextRecord(true, e.target) ? 1 : 0;
    }
  }

  private async call(name: string, args: Expr[]): Promise<Val> {
    const f = this.prog.functions.get(name);
    if (!f) throw new AwkRuntimeError(`function ${name} never defined`);
    if (this.frames.length >= MAX_CALL_DEPTH) throw new AwkRuntimeError('function call nesting too deep');
    const frame = new Map<string, Val | AwkArray>();
    for (let k = 0; k < f.params.length; k++) {
      const a = args[k];
      if (!a) {
        frame.set(f.params[k]!, UNINIT);
        continue;
      }
      // Arrays are passed by reference, scalars by value.
      if (a.t === 'var') {
        const cur = this.frames[this.frames.length - 1];
        const v = cur?.has(a.name) ? cur.get(a.name) : this.globals.get(a.name);
        if (v instanceof Map) {
          frame.set(f.params[k]!, v);
          continue;
        }
        if (v === undefined && this.usedAsArray(f, f.params[k]!)) {
          frame.set(f.params[k]!, this.array(a.name));
          continue;
        }
      }
      frame.set(f.params[k]!, await this.eval(a));
    }
    this.frames.push(frame);
    try {
      await this.block(f.body);
      return UNINIT;
    } catch (e) {
      if (e instanceof Return) return e.v;
      throw e;
    } finally {
      this.frames.pop();
    }
  }

  private usedAsArray(f: { body: Stmt[] }, param: string): boolean {
    const text = JSON.stringify(f.body);
    return text.includes(`"t":"index","name":"${param}"`) || text.includes(`"arr":"${param}"`) || text.includes(`"t":"delete","name":"${param}"`);
  }

  /** Evaluates an argument that must be an array name (split's second). */
  arrayArg(e: Expr | undefined): AwkArray {
    if (!e || e.t !== 'var') throw new AwkRuntimeError('split: second argument is not an array');
    return this.array(e.name);
  }

  get fieldSeparator(): string {
    return toStr(this.globals.get('FS') as Val);
  }

  get record0(): string {
    return this.record;
  }

  get conv(): string {
    return this.convfmt;
  }
}

function arith(op: string, a: number, b: number): number {
  switch (op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    // As mawk: dividing by zero gives inf (or nan), not an error.
    case '/':
      return a / b;
    case '%':
      return a % b;
    case '^':
      return a ** b;
  }
  return NaN;
}
