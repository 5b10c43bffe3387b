/**
 * A hast plugin for the lessons (Sätteri, Astro's Markdown processor): each `##` heading and what follows it, up to the next `##`,
 * become one `<section class="lesson-section">`. The page's stylesheet lets the browser skip
 * the style, layout and paint of sections away from the screen (`content-visibility: auto`),
 * which is most of a long lesson on a phone; until a section is first shown, it stands in with
 * a height estimated here from what it holds (prose, code lines, other blocks, exercises), so
 * the scrollbar and jumps to a section land about where they will be.
 *
 * A section that holds the page's docked terminal is marked `data-holds-terminal`: the terminal
 * floats (fixed) or sticks beside the text, which containment would break, so that section is
 * always rendered. Text before the first `##` (goals, what the lesson assumes) stays as it is.
 */

/** The parts of a hast node this plugin reads (hast's types, without depending on them). */
export interface HastNode {
  type: string;
  tagName?: string;
  name?: string | null;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

/** What a section holds, for its estimated height (global.css turns these into a length). */
export interface SectionMeasure {
  /** Characters of prose (paragraphs, list items, table cells, headings). */
  chars: number;
  /** Lines of code blocks. */
  codeLines: number;
  /** Code blocks (each with its padding, border and margins). */
  codeBlocks: number;
  /** Other blocks with margins of their own: paragraphs, lists, tables, headings. */
  blocks: number;
  /** Exercises (a component with its own task, checklist, buttons and hints). */
  exercises: number;
}

const PROSE = new Set(['p', 'li', 'td', 'th', 'h2', 'h3', 'h4', 'blockquote', 'dt', 'dd']);
const BLOCKS = new Set(['p', 'ul', 'ol', 'table', 'h2', 'h3', 'h4', 'blockquote', 'dl']);

function textOf(node: HastNode): string {
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}

function isJsx(node: HastNode, name: string): boolean {
  return (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name === name;
}

/** Measures `nodes` (a section's content) for its estimated height. */
export function measureSection(nodes: HastNode[]): SectionMeasure {
  const m: SectionMeasure = { chars: 0, codeLines: 0, codeBlocks: 0, blocks: 0, exercises: 0 };
  const walk = (node: HastNode): void => {
    if (isJsx(node, 'Exercise')) {
      m.exercises += 1;
      return;
    }
    if (node.type === 'element') {
      const tag = node.tagName ?? '';
      if (BLOCKS.has(tag)) m.blocks += 1;
      if (tag === 'pre') {
        m.codeBlocks += 1;
        m.codeLines += textOf(node).replace(/\n+$/, '').split('\n').length;
        return;
      }
      if (PROSE.has(tag) && !(node.children ?? []).some((c) => c.type === 'element' && PROSE.has(c.tagName ?? ''))) {
        m.chars += textOf(node).replace(/\s+/g, ' ').trim().length;
        return;
      }
    }
    for (const child of node.children ?? []) walk(child);
  };
  nodes.forEach(walk);
  return m;
}

/** True when `nodes` hold a `<Terminal>` (the page's docked terminal, or an extra one). */
function holdsTerminal(nodes: HastNode[]): boolean {
  const walk = (node: HastNode): boolean => isJsx(node, 'Terminal') || (node.children ?? []).some(walk);
  return nodes.some(walk);
}

/** The `<section>` for a `##` heading and what follows it (`nodes`, the heading first). */
export function sectionOf(nodes: HastNode[]): HastNode {
  const m = measureSection(nodes);
  const properties: Record<string, unknown> = {
    className: ['lesson-section'],
    style: `--chars:${m.chars};--code-lines:${m.codeLines};--code-blocks:${m.codeBlocks};--blocks:${m.blocks};--exercises:${m.exercises}`,
  };
  if (holdsTerminal(nodes)) properties['dataHoldsTerminal'] = '';
  return { type: 'element', tagName: 'section', properties, children: nodes };
}

/** The runs of `children` that become sections: each starts at a `##` heading (index `at`) and ends before the next. */
export function sectionRuns(children: readonly HastNode[]): { at: number; end: number }[] {
  const runs: { at: number; end: number }[] = [];
  children.forEach((node, i) => {
    if (node.type !== 'element' || node.tagName !== 'h2') return;
    const last = runs.at(-1);
    if (last) last.end = i;
    runs.push({ at: i, end: children.length });
  });
  return runs;
}

/** What the plugin needs of Sätteri's hast visitor context. */
interface EditContext {
  wrapNode(node: Readonly<HastNode>, parent: HastNode): void;
  removeNode(node: Readonly<HastNode>): void;
}

/**
 * The Sätteri hast plugin (astro.config.mjs's markdown processor): on files under
 * content/lessons/ only, wraps each run in its section. Sätteri hands plugins read-only
 * nodes, so a section is built from plain copies of them, and the originals are removed.
 */
export function lessonSectionsPlugin(file: { fileURL: URL | undefined }) {
  if (!file.fileURL || !/\/content\/lessons\//.test(file.fileURL.pathname)) return null;
  return {
    name: 'course:lesson-sections',
    after(root: Readonly<HastNode>, ctx: EditContext): void {
      const children = root.children ?? [];
      for (const { at, end } of sectionRuns(children)) {
        const run = children.slice(at, end);
        const copy = JSON.parse(JSON.stringify(run)) as HastNode[];
        // The heading is wrapped in place; the section's copy of it is dropped, the rest follows it.
        const section = sectionOf(copy);
        section.children = copy.slice(1);
        ctx.wrapNode(run[0]!, section);
        for (const node of run.slice(1)) ctx.removeNode(node);
      }
    },
  };
}
