/**
 * `jq [OPTIONS] FILTER [FILES...]`, as jq 1.7 behaves: `-r`, `-j`, `-c`, `-n`, `-s`, `-e`,
 * `-S`, `-a`, `-R`, `--tab`, `--indent n`, `--arg`, `--argjson`, `-M`/`-C` (output is never
 * coloured: the terminal's commands do not see a colour terminal). Errors are jq's:
 * `jq: error (at <stdin>:N): ...` (status 5), compile errors (3), bad input (2).
 */
import type { Command } from '../../../command/contract.ts';
import { abs } from '../util.ts';
import { JqCompileError, parseJq, type Node } from './parse.ts';
import { fromPlain, JsonParseError, parseStream, stringify, toJson, type JqVal, type PrintOptions } from './json.ts';
import { BreakSignal, evaluate, JqError, renewStepBudget, StepBudgetExceeded, STEPS_WITHOUT_OUTPUT } from './eval.ts';
import { rootEnv } from './natives.ts';

const HELP = `Usage:\tjq [OPTIONS] FILTER [FILES...]
\tjq [OPTIONS] --args FILTER [ARGUMENTS...]
\tjq [OPTIONS] --jsonargs FILTER [JSON_VALUES...]

jq is a tool for processing JSON inputs, applying the given filter to
its JSON text inputs and producing the filter's results as JSON on
standard output.

The simplest filter is ., which copies jq's input to its output
unmodified except for formatting. For more advanced usage see
the jq(1) manpage ("man jq") and/or https://jqlang.github.io/jq/.

Example:

\t$ echo '{"foo": 0}' | jq .
\t{
\t  "foo": 0
\t}

Command options:
  -n, --null-input          use \`null\` as the single input value;
  -R, --raw-input           read each line as string instead of JSON;
  -s, --slurp               read all inputs into an array and use it as
                            the single input value;
  -c, --compact-output      compact instead of pretty-printed output;
  -r, --raw-output          output strings without escapes and quotes;
  -j, --join-output         implies -r and output without newline after
                            each output;
  -a, --ascii-output        output strings by only ASCII characters
                            using escape sequences;
  -S, --sort-keys           sort keys of each object on output;
  -C, --color-output        colorize JSON output;
  -M, --monochrome-output   disable colored output;
      --tab                 use tab for indentation;
      --indent n            use n spaces for indentation (max 7 spaces);
      --arg name value      set $name to the string value;
      --argjson name value  set $name to the JSON value;
  -e, --exit-status         set exit status code based on the output;
  -h, --help                show the help;
  --                        terminates argument processing;
`;

const TRY = 'Use jq --help for help with command-line options,\nor see the jq manpage, or online docs  at https://jqlang.github.io/jq\n';

const SHORT: Record<string, string> = {
  n: 'null-input',
  R: 'raw-input',
  s: 'slurp',
  c: 'compact-output',
  r: 'raw-output',
  j: 'join-output',
  a: 'ascii-output',
  S: 'sort-keys',
  C: 'color-output',
  M: 'monochrome-output',
  e: 'exit-status',
  h: 'help',
};

export const jq: Command = async (args, ctx) => {
  const flags = new Set<string>();
  const vars = new Map<string, JqVal>();
  let indent = 2;
  let filter: string | undefined;
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      for (const x of args.slice(i + 1)) filter === undefined ? (filter = x) : files.push(x);
      break;
    }
    if (a.startsWith('--') && a.length > 2) {
      const name = a.slice(2);
      if (name === 'arg' || name === 'argjson') {
        const k = args[i + 1];
        const v = args[i + 2];
        if (k === undefined || v === undefined) {
          ctx.stderr(`jq: --${name} takes two parameters (e.g. --${name} varname ${name === 'arg' ? 'value' : 'text'})\n${TRY}`);
          return 2;
        }
        if (name === 'arg') vars.set(k, v);
        else {
          try {
            const parsed = parseStream(v);
            if (parsed.length !== 1) throw new JsonParseError('');
            vars.set(k, parsed[0]!.v);
          } catch {
            ctx.stderr(`jq: Invalid JSON text passed to --argjson\n${TRY}`);
            return 2;
          }
        }
        i += 2;
        continue;
      }
      if (name === 'indent') {
        const n = Number(args[++i]);
        if (!Number.isInteger(n) || n < 0 || n > 7) {
          ctx.stderr(`jq: Cannot indent more than 7 characters\n${TRY}`);
          return 2;
        }
        indent = n;
        continue;
      }
      if (name === 'tab' || Object.values(SHORT).includes(name)) {
        flags.add(name);
        continue;
      }
      ctx.stderr(`jq: Unknown option: ${a}\n${TRY}`);
      return 2;
    }
    if (a.startsWith('-') && a.length > 1) {
      for (const c of a.slice(1)) {
        const long = SHORT[c];
        if (!long) {
          ctx.stderr(`jq: Unknown option: ${a}\n${TRY}`);
          return 2;
        }
        flags.add(long);
      }
      continue;
    }
    if (filter === undefined) filter = a;
    else files.push(a);
  }
  if (flags.has('help')) {
    ctx.stdout(HELP);
    return 0;
  }
  filter ??= '.';
  const env = new Map<string, JqVal>();
  for (const [k, v] of Object.entries(ctx.env)) env.set(k, v);
  vars.set('ENV', env);
  vars.set('__prog_args', []);
  let program: Node;
  let root;
  try {
    program = parseJq(filter);
    root = rootEnv(vars);
  } catch (e) {
    if (!(e instanceof JqCompileError)) throw e;
    ctx.stderr(`jq: error: ${e.message}${e.message.endsWith(':') ? `\n${filter}` : ''}\njq: 1 compile error\n`);
    return 3;
  }
  (vars as Map<string, unknown>).set('*stderr*', (t: string) => ctx.stderr(t));

  // The inputs: each file (or stdin), parsed as a stream of JSON texts, with where each ends for messages.
  const sources: { name: string; text: string }[] = [];
  if (!files.length) sources.push({ name: '<stdin>', text: ctx.stdin });
  let status = 0;
  for (const f of files) {
    const text = ctx.fs.read(abs(ctx, f));
    if (text === undefined || ctx.fs.isDir(abs(ctx, f))) {
      ctx.stderr(`jq: error: Could not open ${f}: ${text === undefined ? 'No such file or directory' : 'Is a directory'}\n`);
      status = 2;
      continue;
    }
    sources.push({ name: f, text });
  }
  const inputs: { v: JqVal; where: string }[] = [];
  let parseFailure: string | undefined;
  for (const src of sources) {
    if (flags.has('raw-input')) {
      const lines = src.text.split('\n');
      if (lines[lines.length - 1] === '') lines.pop();
      if (flags.has('slurp')) inputs.push({ v: src.text, where: `${src.name}:${lines.length}` });
      else lines.forEach((l, k) => inputs.push({ v: l, where: `${src.name}:${k + 1}` }));
      continue;
    }
    try {
      for (const { v, end } of parseStream(src.text)) {
        const nl = src.text.indexOf('\n', end);
        const upTo = nl < 0 ? src.text.length : nl + 1;
        inputs.push({ v, where: `${src.name}:${src.text.slice(0, upTo).split('\n').length - 1}` });
      }
    } catch (e) {
      if (!(e instanceof JsonParseError)) throw e;
      parseFailure = `jq: parse error: ${e.message}\n`;
      break;
    }
  }
  let runs: { v: JqVal; where: string }[];
  if (flags.has('null-input')) runs = [{ v: null, where: '<unknown>' }];
  else if (flags.has('slurp') && !flags.has('raw-input'))
    runs = [{ v: inputs.map((x) => x.v), where: inputs.length ? inputs[inputs.length - 1]!.where : '<unknown>' }];
  else runs = inputs;

  const print: PrintOptions = {
    indent: flags.has('tab') ? '\t' : flags.has('compact-output') ? '' : ' '.repeat(indent),
    sortKeys: flags.has('sort-keys'),
    ascii: flags.has('ascii-output'),
  };
  const raw = flags.has('raw-output') || flags.has('join-output');
  const sep = flags.has('join-output') ? '' : '\n';
  let last: JqVal | undefined;
  let outputs = 0;
  let steps = 0;
  for (const run of runs) {
    try {
      renewStepBudget();
      for (const [v] of evaluate(program, fromPlain(run.v), null, root)) {
        renewStepBudget();
        outputs++;
        last = v;
        ctx.stdout((raw && typeof v === 'string' ? v : stringify(v, print)) + sep);
        // Let the event loop turn now and then, so that `jq -n 'repeat(1)'` stops on Ctrl-C.
        if (++steps % 1000 === 0 && !(await ctx.sleep(0))) return 130;
      }
    } catch (e) {
      if (e instanceof JqError) {
        const v = e.value;
        ctx.stderr(typeof v === 'string' ? `jq: error (at ${run.where}): ${v}\n` : `jq: error (at ${run.where}) (not a string): ${toJson(v)}\n`);
        status = 5;
        continue;
      }
      if (e instanceof StepBudgetExceeded) {
        ctx.stderr(`jq: error (at ${run.where}): stopped after ${STEPS_WITHOUT_OUTPUT} steps without an output (a filter that never outputs cannot be interrupted here)\n`);
        return 5;
      }
      if (e instanceof JqCompileError) {
        ctx.stderr(`jq: error: ${e.message}${e.message.endsWith(':') ? `\n${filter}` : ''}\njq: 1 compile error\n`);
        return 3;
      }
      if (e instanceof BreakSignal) {
        ctx.stderr(`jq: error (at ${run.where}): break\n`);
        status = 5;
        continue;
      }
      if (e instanceof RangeError) {
        ctx.stderr(`jq: error (at ${run.where}): stack overflow\n`);
        return 5;
      }
      throw e;
    }
  }
  if (parseFailure) {
    ctx.stderr(parseFailure);
    return 2;
  }
  if (status) return status;
  if (flags.has('exit-status')) return outputs === 0 ? 4 : last === null || last === false ? 1 : 0;
  return 0;
};
