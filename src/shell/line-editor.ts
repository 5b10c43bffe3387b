/**
 * The line being typed: text plus a cursor, and the editing operations readline users expect
 * (Ctrl-A/E/U/K/W/Y, Alt-B/F/D, backspace and delete). Pure and synchronous; the cursor is a
 * UTF-16 index that never splits a surrogate pair, so emoji and other astral characters move
 * and delete as one character.
 */
export class LineBuffer {
  text = '';
  cursor = 0;
  /** The last killed text, for Ctrl-Y. */
  killed = '';

  /** Replaces the whole line and puts the cursor at its end. */
  set(text: string): void {
    this.text = text;
    this.cursor = text.length;
  }

  insert(s: string): void {
    this.text = this.text.slice(0, this.cursor) + s + this.text.slice(this.cursor);
    this.cursor += s.length;
  }

  backspace(): void {
    if (this.cursor === 0) return;
    const from = prevBoundary(this.text, this.cursor);
    this.text = this.text.slice(0, from) + this.text.slice(this.cursor);
    this.cursor = from;
  }

  /** Deletes the character under the cursor (Delete key). */
  del(): void {
    if (this.cursor >= this.text.length) return;
    this.text = this.text.slice(0, this.cursor) + this.text.slice(nextBoundary(this.text, this.cursor));
  }

  left(): void {
    this.cursor = prevBoundary(this.text, this.cursor);
  }

  right(): void {
    this.cursor = nextBoundary(this.text, this.cursor);
  }

  home(): void {
    this.cursor = 0;
  }

  end(): void {
    this.cursor = this.text.length;
  }

  /** Ctrl-U: kills from the start of the line to the cursor. */
  killToStart(): void {
    this.kill(0, this.cursor);
  }

  /** Ctrl-K: kills from the cursor to the end of the line. */
  killToEnd(): void {
    this.kill(this.cursor, this.text.length);
  }

  /** Ctrl-W: kills the whitespace-delimited word before the cursor. */
  killWordBack(): void {
    let i = this.cursor;
    while (i > 0 && /\s/.test(this.text[i - 1]!)) i--;
    while (i > 0 && !/\s/.test(this.text[i - 1]!)) i--;
    this.kill(i, this.cursor);
  }

  /** Alt-Backspace: kills the alphanumeric word before the cursor. */
  killAlnumWordBack(): void {
    this.kill(wordStart(this.text, this.cursor), this.cursor);
  }

  /** Alt-D: kills to the end of the next word. */
  killWordForward(): void {
    this.kill(this.cursor, wordEnd(this.text, this.cursor));
  }

  /** Alt-B / Ctrl-Left. */
  wordLeft(): void {
    this.cursor = wordStart(this.text, this.cursor);
  }

  /** Alt-F / Ctrl-Right. */
  wordRight(): void {
    this.cursor = wordEnd(this.text, this.cursor);
  }

  /** Ctrl-Y: inserts the last killed text. */
  yank(): void {
    this.insert(this.killed);
  }

  private kill(from: number, to: number): void {
    if (to <= from) return;
    this.killed = this.text.slice(from, to);
    this.text = this.text.slice(0, from) + this.text.slice(to);
    this.cursor = from;
  }
}

/**
 * Applies a readline editing key (`left`, `ctrl+w`, `alt+b`...) to `buf`; false when `name` is
 * not an editing key.
 */
export function applyEditingKey(buf: LineBuffer, name: string): boolean {
  switch (name) {
    case 'backspace':
    case 'ctrl+h':
      buf.backspace();
      return true;
    case 'delete':
      buf.del();
      return true;
    case 'left':
    case 'ctrl+b':
      buf.left();
      return true;
    case 'right':
    case 'ctrl+f':
      buf.right();
      return true;
    case 'home':
    case 'ctrl+a':
      buf.home();
      return true;
    case 'end':
    case 'ctrl+e':
      buf.end();
      return true;
    case 'ctrl+u':
      buf.killToStart();
      return true;
    case 'ctrl+k':
      buf.killToEnd();
      return true;
    case 'ctrl+w':
      buf.killWordBack();
      return true;
    case 'ctrl+y':
      buf.yank();
      return true;
    case 'alt+b':
    case 'ctrl+left':
      buf.wordLeft();
      return true;
    case 'alt+f':
    case 'ctrl+right':
      buf.wordRight();
      return true;
    case 'alt+d':
      buf.killWordForward();
      return true;
    case 'alt+backspace':
      buf.killAlnumWordBack();
      return true;
    default:
      return false;
  }
}

const isWord = (c: string | undefined): boolean => c !== undefined && /[\p{L}\p{N}_]/u.test(c);

function wordStart(text: string, at: number): number {
  let i = at;
  while (i > 0 && !isWord(text[i - 1])) i--;
  while (i > 0 && isWord(text[i - 1])) i--;
  return i;
}

function wordEnd(text: string, at: number): number {
  let i = at;
  while (i < text.length && !isWord(text[i])) i++;
  while (i < text.length && isWord(text[i])) i++;
  return i;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

/** The index one character before `i`, stepping over a whole surrogate pair. */
export function prevBoundary(text: string, i: number): number {
  if (i <= 0) return 0;
  return i >= 2 && isLowSurrogate(text.charCodeAt(i - 1)) && isHighSurrogate(text.charCodeAt(i - 2)) ? i - 2 : i - 1;
}

/** The index one character after `i`, stepping over a whole surrogate pair. */
export function nextBoundary(text: string, i: number): number {
  if (i >= text.length) return text.length;
  return isHighSurrogate(text.charCodeAt(i)) && i + 1 < text.length && isLowSurrogate(text.charCodeAt(i + 1)) ? i + 2 : i + 1;
}
