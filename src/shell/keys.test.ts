import { describe, expect, it } from 'vitest';
import { KeyParser } from './keys.ts';

const names = (data: string, p = new KeyParser()) => p.feed(data).map((k) => (k.type === 'key' ? k.name : `${k.type}:${k.text}`));

describe('KeyParser', () => {
  it('groups printable text and names control keys', () => {
    expect(names('ls\r')).toEqual(['text:ls', 'enter']);
    expect(names('a\x7fb\t\x03\x04\x0c\x01\x05\x15\x0b\x17')).toEqual([
      'text:a', 'backspace', 'text:b', 'tab', 'ctrl+c', 'ctrl+d', 'ctrl+l', 'ctrl+a', 'ctrl+e', 'ctrl+u', 'ctrl+k', 'ctrl+w',
    ]);
  });
  it('reads arrows, home/end and delete in CSI and SS3 forms', () => {
    expect(names('\x1b[A\x1b[B\x1b[C\x1b[D\x1b[H\x1b[F\x1bOH\x1bOF\x1b[1~\x1b[4~\x1b[3~')).toEqual([
      'up', 'down', 'right', 'left', 'home', 'end', 'home', 'end', 'home', 'end', 'delete',
    ]);
  });
  it('reads modifiers and Alt keys', () => {
    expect(names('\x1b[1;5C\x1b[1;5D\x1bb\x1bf\x1b\x7f')).toEqual(['ctrl+right', 'ctrl+left', 'alt+b', 'alt+f', 'alt+backspace']);
  });
  it('counts CRLF as one Enter', () => {
    expect(names('a\r\nb\n')).toEqual(['text:a', 'enter', 'text:b', 'enter']);
  });
  it('keeps a bracketed paste whole, even across chunks', () => {
    const p = new KeyParser();
    expect(names('\x1b[200~line 1\nline', p)).toEqual([]);
    expect(names(' 2\n\x1b[20', p)).toEqual([]);
    expect(names('1~x', p)).toEqual(['paste:line 1\nline 2\n', 'text:x']);
  });
  it('joins an escape sequence split across chunks', () => {
    const p = new KeyParser();
    expect(names('a\x1b[', p)).toEqual(['text:a']);
    expect(names('1;5Cb', p)).toEqual(['ctrl+right', 'text:b']);
  });
  it('passes astral characters through as text', () => {
    expect(names('😀é')).toEqual(['text:😀é']);
  });
  it('reads a lone escape', () => {
    expect(names('\x1b')).toEqual(['escape']);
  });
});
