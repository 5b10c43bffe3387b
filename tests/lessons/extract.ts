/**
 * Reads a lesson's MDX the way the lesson test needs it: the frontmatter, and the code blocks
 * in page order, each turned into a step the test can replay on a cluster.
 *
 * Conventions a lesson follows (the page renders the same blocks with Run and Apply buttons):
 * - A ```bash block (or sh, shell, console...) holds commands a reader runs, split into
 *   commands exactly as the page's Run button splits them (src/ui/code-meta.ts). A block with
 *   the `norun` option is not run, on the page or here.
 * - A ```text block that comes right after a ```bash block (only blank lines between) is the
 *   output those commands print.
 * - An MDX comment line `{/* expect-error *\/}` right before a ```bash block marks its commands
 *   as expected to fail.
 * - A ```yaml block with the option `file=NAME`, or whose first line is `# file: NAME`, is a
 *   file the terminal provides.
 * Other blocks (yaml without a file name, text after prose) are illustrations and are skipped.
 */
import { parse as parseYaml } from 'yaml';
import { parseMeta, SHELL_LANGS, splitCommands, YAML_LANGS } from '../../src/ui/code-meta.ts';
import { manifestFileName } from '../../src/ui/manifest-name.ts';

/** A file the terminal holds, from a ```yaml block that names it (`file=NAME` or `# file: NAME`). */
export interface LessonFile {
  kind: 'file';
  name: string;
  /** The block's content, the `# file:` line included (it is a plain YAML comment). */
  content: string;
  /** 1-based line of the opening fence in the MDX source. */
  line: number;
}

/** A ```bash block: what the reader runs, and what the lesson says it prints. */
export interface LessonCommands {
  kind: 'commands';
  /** Logical commands in order; heredoc bodies and `\` continuations stay in their command. */
  commands: string[];
  /** True when an `expect-error` marker precedes the block. */
  expectError: boolean;
  /** The ```text block right after, if any: the expected output of all the block's commands. */
  output?: { text: string; line: number };
  line: number;
}

export type LessonStep = LessonFile | LessonCommands;

export interface ExtractedLesson {
  frontmatter: Record<string, unknown>;
  steps: LessonStep[];
  /** Every file block by name (the terminal offers them all from the start). */
  files: Record<string, string>;
  /** Ids of `<Exercise id="..." />` elements, in page order. */
  exerciseIds: string[];
}

/** An authoring mistake in a lesson, reported with its line. */
export class LessonSyntaxError extends Error {}

interface Fence {
  lang: string;
  meta: Record<string, string | true>;
  content: string[];
  /** 1-based line of the opening fence. */
  line: number;
  /** Index of the first line after the closing fence. */
  end: number;
}

const FENCE_OPEN = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)(.*)$/;
const EXPECT_ERROR = /^\s*\{\s*\/\*\s*expect-error\s*\*\/\s*\}\s*$/;
const FILE_LINE = /^#\s*file:\s*(\S+)\s*$/;
const EXERCISE_TAG = /<Exercise\s+[^>]*\bid=["']([^"']+)["']/g;

/** Parses a lesson. Throws `LessonSyntaxError` for unclosed fences, stray markers, bad frontmatter. */
export function extractLesson(source: string): ExtractedLesson {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const { frontmatter, bodyStart } = readFrontmatter(lines);
  const steps: LessonStep[] = [];
  const files: Record<string, string> = {};
  let pendingMarker: number | undefined;
  let lastCommands: LessonCommands | undefined;
  let i = bodyStart;
  while (i < lines.length) {
    const text = lines[i]!;
    if (EXPECT_ERROR.test(text)) {
      if (pendingMarker !== undefined) throw new LessonSyntaxError(`line ${pendingMarker + 1}: expect-error marker not followed by a bash block`);
      pendingMarker = i;
      lastCommands = undefined;
      i++;
      continue;
    }
    const fence = readFence(lines, i);
    if (!fence) {
      if (text.trim() !== '') {
        if (pendingMarker !== undefined) throw new LessonSyntaxError(`line ${pendingMarker + 1}: expect-error marker not followed by a bash block`);
        lastCommands = undefined;
      }
      i++;
      continue;
    }
    const runnable = SHELL_LANGS.has(fence.lang) && !fence.meta.norun;
    // A manifest with an Apply button runs `kubectl apply -f NAME` when the reader presses it,
    // as the page does (CodeBlock.astro); the output block after it is that command's output.
    const applied = YAML_LANGS.has(fence.lang) && !fence.meta.norun ? manifestFileName(fence.content.join('\n'), fileNameOf(fence)) : undefined;
    if (pendingMarker !== undefined && !runnable && !applied) {
      throw new LessonSyntaxError(`line ${pendingMarker + 1}: expect-error marker not followed by a bash block`);
    }
    if (SHELL_LANGS.has(fence.lang)) {
      const step: LessonCommands = {
        kind: 'commands',
        commands: splitCommands(fence.content.join('\n')),
        expectError: pendingMarker !== undefined,
        line: fence.line,
      };
      // A norun block still owns the output block after it; it just is not replayed.
      if (runnable) steps.push(step);
      lastCommands = step;
    } else if (fence.lang === 'text' && lastCommands && !lastCommands.output) {
      lastCommands.output = { text: fence.content.join('\n'), line: fence.line };
      lastCommands = undefined;
    } else {
      const name = YAML_LANGS.has(fence.lang) ? fileNameOf(fence) : undefined;
      if (name !== undefined) {
        if (name in files) throw new LessonSyntaxError(`line ${fence.line}: file "${name}" is defined twice`);
        const content = fence.content.join('\n') + '\n';
        files[name] = content;
        steps.push({ kind: 'file', name, content, line: fence.line });
      }
      lastCommands = undefined;
      if (applied) {
        const step: LessonCommands = { kind: 'commands', commands: [`kubectl apply -f ${applied}`], expectError: pendingMarker !== undefined, line: fence.line };
        steps.push(step);
        lastCommands = step;
      }
    }
    pendingMarker = undefined;
    i = fence.end;
  }
  if (pendingMarker !== undefined) throw new LessonSyntaxError(`line ${pendingMarker + 1}: expect-error marker not followed by a bash block`);
  const exerciseIds = [...source.matchAll(EXERCISE_TAG)].map((m) => m[1]!);
  return { frontmatter, steps, files, exerciseIds };
}

/** The file a yaml block declares through `file=NAME` or a first line `# file: NAME`. */
function fileNameOf(fence: Fence): string | undefined {
  const fromMeta = typeof fence.meta.file === 'string' ? fence.meta.file : undefined;
  const fromComment = FILE_LINE.exec(fence.content[0] ?? '')?.[1];
  if (fromMeta && fromComment && fromMeta !== fromComment) {
    throw new LessonSyntaxError(`line ${fence.line}: file=${fromMeta} disagrees with "# file: ${fromComment}"`);
  }
  return fromMeta ?? fromComment;
}

function readFrontmatter(lines: string[]): { frontmatter: Record<string, unknown>; bodyStart: number } {
  if (lines[0]?.trim() !== '---') return { frontmatter: {}, bodyStart: 0 };
  const close = lines.indexOf('---', 1);
  if (close < 0) throw new LessonSyntaxError('line 1: frontmatter is not closed with ---');
  let data: unknown;
  try {
    data = parseYaml(lines.slice(1, close).join('\n'));
  } catch (e) {
    throw new LessonSyntaxError(`frontmatter is not valid YAML: ${(e as Error).message}`);
  }
  if (data !== null && (typeof data !== 'object' || Array.isArray(data))) {
    throw new LessonSyntaxError('frontmatter must be a YAML mapping');
  }
  return { frontmatter: (data ?? {}) as Record<string, unknown>, bodyStart: close + 1 };
}

/** The fenced block opening at `start`, or undefined when that line opens none. */
function readFence(lines: string[], start: number): Fence | undefined {
  const m = FENCE_OPEN.exec(lines[start]!);
  if (!m) return undefined;
  const indent = m[1]!.length;
  const marker = m[2]!;
  const close = new RegExp(`^\\s*${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`);
  const content: string[] = [];
  for (let j = start + 1; j < lines.length; j++) {
    const line = lines[j]!;
    if (close.test(line)) return { lang: m[3]!.toLowerCase(), meta: parseMeta(m[4]), content, line: start + 1, end: j + 1 };
    // Blocks nested in JSX are indented; drop the fence's own indentation from each line.
    content.push(line.slice(Math.min(indent, line.length - line.trimStart().length)));
  }
  throw new LessonSyntaxError(`line ${start + 1}: code block is not closed`);
}
