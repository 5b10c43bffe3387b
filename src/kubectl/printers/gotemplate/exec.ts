/**
 * Executes a parsed Go template over unstructured data, with text/template's semantics:
 * missing keys give `<no value>` (or `map has no entry for key` when missing keys are not
 * allowed), `range` over lists and maps (sorted keys), `if`/`with` truth, variables, `and`/`or`
 * evaluated lazily. Errors carry Go's `output:LINE:COL: executing "output" at <NODE>:` prefix.
 */
import { FUNCS } from './funcs.ts';
import type { Arg, BlockNode, Cmd, Pipe, TNode } from './parse.ts';
import { ArityError, ExecError, goPrint, GoLit, isTrue, plain } from './values.ts';

/** An execution error with Go's full message. */
export class TemplateExecError extends Error {}

function argString(a: Arg): string {
  switch (a.t) {
    case 'field':
      return a.names.map((n) => '.' + n).join('');
    case 'var':
      return a.name + a.names.map((n) => '.' + n).join('');
    case 'dot':
      return '.';
    case 'ident':
      return a.name;
    case 'string':
    case 'number':
      return a.src;
    case 'bool':
      return String(a.value);
    case 'nil':
      return 'nil';
    case 'pipe':
      return `(${pipeString(a.pipe)})` + a.names.map((n) => '.' + n).join('');
  }
}

function cmdString(c: Cmd): string {
  return c.args.map(argString).join(' ');
}

function pipeString(p: Pipe): string {
  const decl = p.decl.length ? `${p.decl.join(', ')} ${p.assign ? '=' : ':='} ` : '';
  return decl + p.cmds.map(cmdString).join(' | ');
}

/** Runs the template; `out` receives text as it is produced (Go writes partial output). */
export function executeGoTemplate(src: string, nodes: TNode[], data: unknown, allowMissing: boolean, out: (s: string) => void): void {
  const vars: { name: string; value: unknown }[] = [{ name: '$', value: data }];

  const failAt = (pos: number, node: string, msg: string): never => {
    const before = src.slice(0, pos);
    const line = before.split('\n').length;
    const col = pos - (before.lastIndexOf('\n') + 1);
    throw new TemplateExecError(`template: output:${line}:${col}: executing "output" at <${node}>: ${msg}`);
  };

  function field(recv: unknown, name: string, pos: number, node: string): unknown {
    if (recv === undefined) {
      if (!allowMissing) failAt(pos, node, `nil data; no entry for key "${name}"`);
      return undefined;
    }
    if (recv === null) return failAt(pos, node, `nil pointer evaluating interface {}.${name}`);
    if (typeof recv === 'object' && !Array.isArray(recv) && !(recv instanceof GoLit)) {
      const o = recv as Record<string, unknown>;
      if (name in o) return o[name];
      if (!allowMissing) failAt(pos, node, `map has no entry for key "${name}"`);
      return undefined;
    }
    return failAt(pos, node, `can't evaluate field ${name} in type ${recv instanceof GoLit ? recv.kind : 'interface {}'}`);
  }

  function chain(v: unknown, names: string[], pos: number, node: string): unknown {
    for (const n of names) v = field(v, n, pos, node);
    return v;
  }

  function lookupVar(name: string): unknown {
    for (let i = vars.length - 1; i >= 0; i--) if (vars[i]!.name === name) return vars[i]!.value;
    return undefined;
  }

  function operand(a: Arg, dot: unknown): unknown {
    switch (a.t) {
      case 'field':
        return chain(dot, a.names, a.pos, argString(a));
      case 'var':
        return chain(lookupVar(a.name), a.names, a.pos, argString(a));
      case 'dot':
        return dot;
      case 'string':
        return a.value;
      case 'number':
        return new GoLit(a.value, a.int ? 'int' : 'float64');
      case 'bool':
        return a.value;
      case 'nil':
        return failAt(a.pos, 'nil', 'nil is not a command');
      case 'pipe':
        return chain(pipeline(a.pipe, dot), a.names, a.pos, argString(a));
      case 'ident':
        return call(a.name, [], dot, undefined, a.pos, a.name);
    }
  }

  function call(name: string, argNodes: Arg[], dot: unknown, piped: { v: unknown } | undefined, pos: number, node: string): unknown {
    const evalArg = (a: Arg) => (a.t === 'nil' ? null : operand(a, dot));
    if (name === 'and' || name === 'or') {
      const thunks: (() => unknown)[] = argNodes.map((a) => () => evalArg(a));
      if (piped) thunks.push(() => piped.v);
      if (thunks.length === 0) failAt(pos, node, `wrong number of args for ${name}: want at least 1 got 0`);
      let v: unknown;
      for (const t of thunks) {
        v = t();
        if (isTrue(v) === (name === 'or')) return v;
      }
      return v;
    }
    const args = argNodes.map(evalArg);
    if (piped) args.push(piped.v);
    try {
      return FUNCS[name]!(args);
    } catch (e) {
      if (e instanceof ArityError) failAt(pos, node, e.message);
      if (e instanceof ExecError) failAt(pos, node, `error calling ${name}: ${e.message}`);
      throw e;
    }
  }

  function command(c: Cmd, dot: unknown, piped: { v: unknown } | undefined): unknown {
    const [first, ...rest] = c.args;
    if (first!.t === 'ident') return call(first!.name, rest, dot, piped, c.pos, cmdString(c));
    if (rest.length || piped) {
      if (first!.t === 'field' || first!.t === 'var') failAt(c.pos, cmdString(c), `${argString(first!)} is not a method but has arguments`);
      failAt(c.pos, cmdString(c), `can't give argument to non-function ${argString(first!)}`);
    }
    if (first!.t === 'nil') failAt(c.pos, 'nil', 'nil is not a command');
    return operand(first!, dot);
  }

  function pipeline(p: Pipe, dot: unknown): unknown {
    let piped: { v: unknown } | undefined;
    for (const c of p.cmds) piped = { v: command(c, dot, piped) };
    const v = piped!.v;
    if (p.decl.length) {
      if (p.assign) {
        for (let i = vars.length - 1; i >= 0; i--)
          if (vars[i]!.name === p.decl[0]) {
            vars[i]!.value = v;
            break;
          }
      } else vars.push({ name: p.decl[0]!, value: v });
    }
    return v;
  }

  function walk(list: TNode[], dot: unknown): void {
    for (const n of list) {
      if (n.t === 'text') out(n.s);
      else if (n.t === 'action') {
        const v = plain(pipeline(n.pipe, dot));
        if (!n.pipe.decl.length) out(v === undefined || v === null ? '<no value>' : goPrint(v));
      } else if (n.t === 'template') failAt(n.pos, n.src, `template "${n.name}" not defined`);
      else {
        const mark = vars.length;
        if (n.t === 'range') walkRange(n, dot);
        else {
          const v = pipeline(n.pipe, dot);
          if (isTrue(v)) walk(n.list, n.t === 'with' ? v : dot);
          else if (n.else) walk(n.else, dot);
        }
        vars.length = mark;
      }
    }
  }

  function walkRange(n: BlockNode, dot: unknown): void {
    const decl = n.pipe.decl;
    const v = pipeline({ ...n.pipe, decl: [] }, dot);
    let entries: [unknown, unknown][];
    if (v === undefined || v === null) entries = [];
    else if (Array.isArray(v)) entries = v.map((e, i) => [new GoLit(i, 'int'), e]);
    else if (typeof v === 'object' && !(v instanceof GoLit)) {
      const o = v as Record<string, unknown>;
      entries = Object.keys(o)
        .sort()
        .map((k) => [k, o[k]]);
    } else return failAt(n.pipe.pos, pipeString(n.pipe), `range can't iterate over ${goPrint(v)}`);
    if (entries.length === 0) {
      if (n.else) walk(n.else, dot);
      return;
    }
    const mark = vars.length;
    for (const [k, e] of entries) {
      vars.length = mark;
      if (decl.length === 1) vars.push({ name: decl[0]!, value: e });
      if (decl.length === 2) vars.push({ name: decl[0]!, value: k }, { name: decl[1]!, value: e });
      walk(n.list, e);
    }
  }

  walk(nodes, data);
}
