import { describe, expect, it } from 'vitest';
import { LineBuffer, nextBoundary, prevBoundary } from './line-editor.ts';

function buf(text: string, cursor = text.length): LineBuffer {
  const b = new LineBuffer();
  b.set(text);
  b.cursor = cursor;
  return b;
}

describe('LineBuffer', () => {
  it('inserts at the cursor', () => {
    const b = buf('kubectl pods', 8);
    b.insert('get ');
    expect([b.text, b.cursor]).toEqual(['kubectl get pods', 12]);
  });
  it('backspaces and deletes around the cursor', () => {
    const b = buf('abcd', 2);
    b.backspace();
    expect([b.text, b.cursor]).toEqual(['acd', 1]);
    b.del();
    expect([b.text, b.cursor]).toEqual(['ad', 1]);
    b.home();
    b.backspace();
    b.end();
    b.del();
    expect(b.text).toBe('ad');
  });
  it('treats a surrogate pair as one character', () => {
    const b = buf('a😀b');
    b.left();
    expect(b.cursor).toBe(3);
    b.left();
    expect(b.cursor).toBe(1);
    b.right();
    expect(b.cursor).toBe(3);
    b.backspace();
    expect(b.text).toBe('ab');
    b.set('😀');
    b.home();
    b.del();
    expect(b.text).toBe('');
  });
  it('kills to start and end and yanks back', () => {
    const b = buf('kubectl get pods', 8);
    b.killToEnd();
    expect(b.text).toBe('kubectl ');
    b.yank();
    expect(b.text).toBe('kubectl get pods');
    b.cursor = 8;
    b.killToStart();
    expect([b.text, b.cursor, b.killed]).toEqual(['get pods', 0, 'kubectl ']);
  });
  it('Ctrl-W kills the previous blank-separated word', () => {
    const b = buf('kubectl get deploy/web  ');
    b.killWordBack();
    expect(b.text).toBe('kubectl get ');
  });
  it('moves and kills by alphanumeric words', () => {
    const b = buf('kubectl get deploy/web');
    b.wordLeft();
    expect(b.cursor).toBe(19);
    b.wordLeft();
    expect(b.cursor).toBe(12);
    b.wordRight();
    expect(b.cursor).toBe(18);
    b.killAlnumWordBack();
    expect(b.text).toBe('kubectl get /web');
    b.killWordForward();
    expect(b.text).toBe('kubectl get ');
  });
  it('boundaries never split a pair', () => {
    const s = 'x😀';
    expect(prevBoundary(s, 3)).toBe(1);
    expect(nextBoundary(s, 1)).toBe(3);
    expect(prevBoundary(s, 0)).toBe(0);
    expect(nextBoundary(s, 3)).toBe(3);
  });
});
