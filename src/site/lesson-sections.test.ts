import { describe, expect, it } from 'vitest';
import { mdxToJs } from 'satteri';
import { lessonSectionsPlugin, measureSection, sectionOf, sectionRuns, type HastNode } from './lesson-sections.ts';

const el = (tagName: string, ...children: HastNode[]): HastNode => ({ type: 'element', tagName, properties: {}, children });
const text = (value: string): HastNode => ({ type: 'text', value });
const jsx = (name: string): HastNode => ({ type: 'mdxJsxFlowElement', name, children: [] });

describe('lesson sections', () => {
  it('runs start at each ## heading and end before the next; text before the first stays out', () => {
    const nodes = [el('p', text('intro')), el('h2', text('A')), el('p'), text('\n'), el('h2', text('B')), el('pre')];
    expect(sectionRuns(nodes)).toEqual([
      { at: 1, end: 4 },
      { at: 4, end: 6 },
    ]);
    expect(sectionRuns([el('p'), el('h3')])).toEqual([]);
  });

  it('measures prose, code lines and blocks, and counts exercises whole', () => {
    const m = measureSection([
      el('h2', text('Scaling')),
      el('p', text('Twelve  chars'), el('code', text('!'))),
      el('ul', el('li', el('p', text('abc'))), el('li', text('de'))),
      el('pre', el('code', text('a\nb\nc\n'))),
      jsx('Exercise'),
    ]);
    // "Scaling" 7 + "Twelve chars!" 13 + "abc" 3 + "de" 2 (a list item holding a paragraph counts once)
    expect(m).toEqual({ chars: 25, codeLines: 3, codeBlocks: 1, blocks: 4, exercises: 1 });
  });

  it('marks the section holding a Terminal, which must always render', () => {
    expect(sectionOf([el('h2'), jsx('Terminal')]).properties).toHaveProperty('dataHoldsTerminal', '');
    expect(sectionOf([el('h2'), jsx('Predict')]).properties).not.toHaveProperty('dataHoldsTerminal');
  });

  it('applies to lessons only', () => {
    expect(lessonSectionsPlugin({ fileURL: new URL('file:///site/content/lessons/en/pods.mdx') })).not.toBeNull();
    expect(lessonSectionsPlugin({ fileURL: new URL('file:///site/src/pages/en/glossary.md') })).toBeNull();
    expect(lessonSectionsPlugin({ fileURL: undefined })).toBeNull();
  });

  it('wraps an MDX lesson as Sätteri compiles it, keeping every node and component', async () => {
    const source = [
      'Intro text.',
      '',
      '<Terminal />',
      '',
      '## First',
      '',
      'Some `code` here.',
      '',
      '<Predict q="Which?">',
      '',
      'The **answer**.',
      '',
      '</Predict>',
      '',
      '## Second',
      '',
      '```bash',
      'kubectl get pods',
      '```',
      '',
    ].join('\n');
    const fileURL = new URL('file:///site/content/lessons/en/x.mdx');
    const plain = await mdxToJs(source, { fileURL });
    const { code } = await mdxToJs(source, { fileURL, hastPlugins: [lessonSectionsPlugin] });
    expect(code.match(/className: "lesson-section"/g)).toHaveLength(2);
    for (const piece of ['"Intro text."', 'Terminal, {}', 'q: "Which?"', '"answer"', '"kubectl get pods\\n"', '"First"', '"Second"'])
      expect(code, piece).toContain(piece);
    // The same calls as without sections, plus the sections themselves.
    const calls = (js: string): number => js.match(/_jsxs?\(/g)?.length ?? 0;
    expect(calls(code)).toBe(calls(plain.code) + 2);
  });
});
