import { describe, expect, it } from 'vitest';
import { FakeTerminal } from '../shell/fake-terminal.ts';
import { plainText, tapScreen } from './screen-tap.ts';

describe('tapScreen', () => {
  it('passes writes through to the screen and to taps', () => {
    const term = new FakeTerminal(40, 5);
    const screen = tapScreen(term);
    const seen: string[] = [];
    const off = screen.tap((d) => seen.push(d));
    screen.write('hello\r\n');
    off();
    screen.write('world\r\n');
    expect(seen).toEqual(['hello\r\n']);
    expect(term.screen()).toBe('hello\nworld');
  });

  it('shows the cue only at the start of a line, and erases it before the next output', () => {
    const term = new FakeTerminal(40, 5);
    const screen = tapScreen(term);
    screen.write('partial');
    expect(screen.cue('Waiting 2m30s')).toBe(false);
    screen.write(' line\r\n');
    expect(screen.cue('Waiting 2m30s')).toBe(true);
    expect(term.screen()).toBe('partial line\nWaiting 2m30s');
    screen.write('next output\r\n');
    expect(term.screen()).toBe('partial line\nnext output');
    expect(screen.cue('again')).toBe(true);
    screen.cue(undefined);
    expect(term.screen()).toBe('partial line\nnext output');
  });
});

describe('plainText', () => {
  it('drops colours and keeps what a carriage return left on the line', () => {
    expect(plainText('\x1b[1;32mlearner\x1b[0m:~$ ls\r\nNAME   READY\r\nab\rcd\r\n')).toBe('learner:~$ ls\nNAME   READY\ncd\n');
  });
});
