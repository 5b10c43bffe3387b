/**
 * Drawing the edited line on a terminal: where each character lands given the prompt width and
 * the terminal width (lines wrap; embedded newlines start a new row), and the escape sequences
 * that redraw the line and put the cursor back where the buffer says.
 */

/** Width of `s` on screen, ignoring ANSI escape sequences (one column per code point). */
export function visibleWidth(s: string): number {
  let n = 0;
  for (const _ of s.replace(/\x1b\[[0-9;?]*[ -/]*[@-~]/g, '')) n++;
  return n;
}

/** Row (from the prompt's row) and column of the cursor after `text` follows a prompt of `promptWidth`. */
export function positionAfter(promptWidth: number, text: string, cols: number): { row: number; col: number } {
  let row = Math.floor(promptWidth / cols);
  let col = promptWidth % cols;
  for (const ch of text) {
    if (ch === '\n') {
      row++;
      col = 0;
      continue;
    }
    col++;
    if (col >= cols) {
      row++;
      col = 0;
    }
  }
  return { row, col };
}

/**
 * A command's output made safe for the learner's terminal: colours (SGR, `ESC[...m`), tabs,
 * backspace, bell and line endings pass; every other control character is shown in caret
 * notation (`ESC` as `^[`, as kubectl's own escaping prints it; C1 bytes as `M-^[`), so that
 * names, logs or files holding escape sequences cannot clear the scrollback, switch screens,
 * turn off bracketed paste or mouse modes, or retitle the page.
 */
export function safeOutput(text: string): string {
  return text.replace(/\x1b\[[0-9;]*m|[\x00-\x06\x0b\x0c\x0e-\x1f\x7f\x80-\x9f]/g, (m) => {
    if (m.length > 1) return m;
    const c = m.charCodeAt(0);
    if (c === 0x7f) return '^?';
    if (c >= 0x80) return 'M-^' + String.fromCharCode(c - 0x40);
    return '^' + String.fromCharCode(c + 0x40);
  });
}

/** `line` with every control character but newline and tab in caret notation (`^[`, `^?`, `M-^[`). */
export function caretNotation(line: string): string {
  return line.replace(/[\x00-\x08\x0b-\x1f\x7f\x80-\x9f]/g, (m) => {
    const c = m.charCodeAt(0);
    if (c === 0x7f) return '^?';
    if (c >= 0x80) return 'M-^' + String.fromCharCode(c - 0x40);
    return '^' + String.fromCharCode(c + 0x40);
  });
}

/** Terminal output: `\n` becomes `\r\n` (a lone `\r` stays as it is). */
export function toTerminal(text: string): string {
  return text.replace(/\r?\n/g, '\r\n');
}

/**
 * The escape sequence that redraws `prompt` + `text` with the cursor at `cursor`, starting with
 * the terminal cursor on row `fromRow` of the previous drawing. Returns it and the cursor's row.
 */
export function redraw(prompt: string, line: string, cursor: number, cols: number, fromRow: number): { out: string; row: number } {
  const pw = visibleWidth(prompt);
  // Control characters in the line (a completed file name, a recalled paste) are drawn as
  // readline draws them, `^[` for ESC, never sent to the terminal as they are.
  const text = caretNotation(line);
  cursor = caretNotation(line.slice(0, cursor)).length;
  let out = (fromRow > 0 ? `\x1b[${fromRow}A` : '') + '\r\x1b[J' + prompt + toTerminal(text);
  const end = positionAfter(pw, text, cols);
  // At an exact multiple of the width the terminal holds the cursor on the last column
  // ("pending wrap"); moving to the next row makes its position match our model.
  if (end.col === 0 && end.row > 0 && !text.endsWith('\n')) out += '\r\n';
  const at = positionAfter(pw, text.slice(0, cursor), cols);
  if (end.row > at.row) out += `\x1b[${end.row - at.row}A`;
  out += '\r' + (at.col > 0 ? `\x1b[${at.col}C` : '');
  return { out, row: at.row };
}

/**
 * Redraws the line with the cursor at its end and moves to the start of the next row, ready
 * for output: what Enter shows.
 */
export function finishLine(prompt: string, text: string, cols: number, fromRow: number): string {
  const r = redraw(prompt, text, text.length, cols, fromRow);
  const end = positionAfter(visibleWidth(prompt), caretNotation(text), cols);
  const wrapped = end.col === 0 && end.row > 0 && !text.endsWith('\n');
  return r.out + (wrapped ? '' : '\r\n');
}
