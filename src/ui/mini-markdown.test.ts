import { describe, expect, it } from 'vitest';
import { blockMarkdown, inlineMarkdown } from './mini-markdown.ts';

describe('mini markdown', () => {
  it('renders code, strong and emphasis, escaping the rest', () => {
    expect(inlineMarkdown('Run `kubectl get <pod>` **now**, *then* wait <b>')).toBe(
      'Run <code>kubectl get &lt;pod&gt;</code> <strong>now</strong>, <em>then</em> wait &lt;b&gt;',
    );
  });
  it('leaves stars inside code alone', () => {
    expect(inlineMarkdown('`*/1 * * * *` schedule')).toBe('<code>*/1 * * * *</code> schedule');
  });
  it('splits paragraphs on blank lines', () => {
    expect(blockMarkdown('one\n\ntwo `x`')).toBe('<p>one</p>\n<p>two <code>x</code></p>');
  });
});
