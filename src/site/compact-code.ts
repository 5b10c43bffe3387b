/**
 * A Shiki transformer that keeps highlighted code blocks as small as their colours allow.
 * Shiki writes every token as a span carrying its colour three times (`color:light-dark(a, b);
 * --shiki-light:a;--shiki-dark:b`), every line as one more span, and the block's colours on
 * the <pre>. On a long lesson that is a third of the page and most of its elements, which the
 * browser parses, styles and lays out before the reader sees anything. Here:
 * - a token's style is its colour alone (`color:light-dark(a,b)`; the variables are unused);
 * - tokens in the block's own colour, and line wrappers, give way to their text;
 * - the <pre>'s colours move to the stylesheet (global.css, `pre.astro-code`), the same for
 *   every block since the themes are fixed (astro.config.mjs).
 * What the reader sees, copies and runs is unchanged: the same text, in the same colours.
 */

/** The parts of a hast node this transformer reads and writes. */
export interface CodeNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: CodeNode[];
}

/** A token's style reduced to what the page uses: `color:light-dark(a,b)` and any font style. */
export function compactStyle(style: string): string {
  return style
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d && !d.startsWith('--shiki-'))
    .map((d) => d.replace(/\s*,\s*/g, ',').replace(/\s*:\s*/, ':'))
    .join(';');
}

/** The themes' default text colour, which a token need not repeat (the <pre> has it). */
export const DEFAULT_COLOR = 'color:light-dark(#1f2328,#e6edf3)';

function isPlainSpan(node: CodeNode): boolean {
  if (node.type !== 'element' || node.tagName !== 'span') return false;
  const props = node.properties ?? {};
  const keys = Object.keys(props).filter((k) => props[k] !== undefined);
  if (keys.length === 0) return true;
  return keys.length === 1 && typeof props['style'] === 'string' && props['style'].toLowerCase() === DEFAULT_COLOR;
}

function isLine(node: CodeNode): boolean {
  const cls = node.properties?.['class'] ?? node.properties?.['className'];
  const names = Array.isArray(cls) ? cls : typeof cls === 'string' ? cls.split(' ') : [];
  return node.type === 'element' && node.tagName === 'span' && names.length === 1 && names[0] === 'line';
}

/** `children` with line wrappers and plain tokens replaced by their content. */
export function flattenCode(children: CodeNode[]): CodeNode[] {
  return children.flatMap((node) => (isLine(node) || isPlainSpan(node) ? flattenCode(node.children ?? []) : [node]));
}

/** The transformer (Shiki calls these hooks as it builds each block). */
export const compactCode = {
  name: 'course:compact-code',
  span(node: CodeNode): void {
    const style = node.properties?.['style'];
    if (typeof style === 'string') node.properties!['style'] = compactStyle(style);
  },
  code(node: CodeNode): void {
    node.children = flattenCode(node.children ?? []);
  },
  pre(node: CodeNode): void {
    if (node.properties) delete node.properties['style'];
  },
};
