import { describe, expect, it } from 'vitest';
import { compactCode, compactStyle, flattenCode, type CodeNode } from './compact-code.ts';

const span = (props: Record<string, unknown>, ...children: CodeNode[]): CodeNode => ({ type: 'element', tagName: 'span', properties: props, children });
const text = (value: string): CodeNode => ({ type: 'text', value });

describe('compact highlighted code', () => {
  it("keeps a token's colour and font style, once", () => {
    expect(compactStyle('color:light-dark(#0A3069, #A5D6FF);--shiki-light:#0A3069;--shiki-dark:#A5D6FF')).toBe('color:light-dark(#0A3069,#A5D6FF)');
    expect(compactStyle('color:light-dark(#6E7781, #8B949E);font-style:italic;--shiki-light-font-style:italic')).toBe(
      'color:light-dark(#6E7781,#8B949E);font-style:italic',
    );
  });

  it('unwraps lines and tokens in the default colour, keeps coloured tokens and every character', () => {
    const code = [
      span({ class: 'line' }, span({ style: 'color:light-dark(#CF222E,#FF7B72)' }, text('kubectl')), span({ style: 'color:light-dark(#1F2328,#E6EDF3)' }, text(' get'))),
      text('\n'),
      span({ class: 'line' }, span({}, text('NAME   READY'))),
      text('\n'),
      span({ class: 'line' }),
    ];
    const flat = flattenCode(code);
    expect(flat).toEqual([span({ style: 'color:light-dark(#CF222E,#FF7B72)' }, text('kubectl')), text(' get'), text('\n'), text('NAME   READY'), text('\n')]);
  });

  it("leaves spans with other properties alone, and takes the block's colours off the <pre>", () => {
    const marked = span({ class: 'highlighted' }, text('x'));
    expect(flattenCode([marked])).toEqual([marked]);
    const pre: CodeNode = { type: 'element', tagName: 'pre', properties: { style: 'background-color:light-dark(#ffffff, #0d1117)', tabindex: '0' } };
    compactCode.pre(pre);
    expect(pre.properties).toEqual({ tabindex: '0' });
  });
});
