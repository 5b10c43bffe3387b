/**
 * The little Markdown that exercise tasks and hints use (`code`, **strong**, *emphasis*,
 * paragraphs), rendered to HTML at build time. Everything else is escaped, so a task can never
 * inject markup.
 */

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Inline Markdown to HTML (no block structure). */
export function inlineMarkdown(text: string): string {
  const parts = text.split(/(`[^`]+`)/g);
  return parts
    .map((part) => {
      if (part.length > 1 && part.startsWith('`') && part.endsWith('`')) return `<code>${escapeHtml(part.slice(1, -1))}</code>`;
      return escapeHtml(part)
        .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
        .replace(/(^|[^*\w])\*([^*\s][^*]*)\*(?![*\w])/g, '$1<em>$2</em>');
    })
    .join('');
}

/** Paragraphs (separated by blank lines) of inline Markdown. */
export function blockMarkdown(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${inlineMarkdown(p)}</p>`)
    .join('\n');
}
