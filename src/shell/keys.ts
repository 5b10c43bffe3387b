/**
 * Raw terminal input (what xterm's onData or a raw TTY delivers) to typed keys. Escape
 * sequences become named keys (`up`, `ctrl+left`, `delete`), control bytes become `ctrl+x`,
 * printable runs become one `text` key, and a bracketed paste (ESC[200~ ... ESC[201~) becomes one
 * `paste` key even when it arrives over several chunks.
 */

export type Key = { type: 'text'; text: string } | { type: 'paste'; text: string } | { type: 'key'; name: string };

const CSI_NAMES: Record<string, string> = {
  A: 'up', B: 'down', C: 'right', D: 'left', H: 'home', F: 'end', Z: 'shift+tab',
  '1~': 'home', '7~': 'home', '4~': 'end', '8~': 'end', '2~': 'insert', '3~': 'delete', '5~': 'pageup', '6~': 'pagedown',
};
const MODIFIERS: Record<string, string> = { '2': 'shift+', '3': 'alt+', '5': 'ctrl+', '6': 'ctrl+shift+', '7': 'ctrl+alt+' };
const PASTE_START = '\x1b[200~';
const PASTE_END = '\x1b[201~';

/** Stateful parser: keeps an unfinished paste or escape sequence between chunks. */
export class KeyParser {
  private paste: string[] | undefined;
  private pending = '';

  /** Parses one chunk of input into keys. */
  feed(data: string): Key[] {
    const keys: Key[] = [];
    let s = this.pending + data;
    this.pending = '';
    let text = '';
    const flushText = (): void => {
      if (text) keys.push({ type: 'text', text });
      text = '';
    };
    let i = 0;
    while (i < s.length) {
      if (this.paste) {
        const end = s.indexOf(PASTE_END, i);
        if (end < 0) {
          // Keep a possible partial end marker for the next chunk.
          let keep = 0;
          for (let k = Math.min(PASTE_END.length - 1, s.length - i); k > 0; k--) if (PASTE_END.startsWith(s.slice(s.length - k))) { keep = k; break; }
          this.paste.push(s.slice(i, s.length - keep));
          this.pending = s.slice(s.length - keep);
          return keys;
        }
        this.paste.push(s.slice(i, end));
        keys.push({ type: 'paste', text: this.paste.join('') });
        this.paste = undefined;
        i = end + PASTE_END.length;
        continue;
      }
      const c = s[i]!;
      if (c === '\x1b') {
        flushText();
        if (s.startsWith(PASTE_START, i)) {
          this.paste = [];
          i += PASTE_START.length;
          continue;
        }
        if (i + 1 >= s.length) {
          keys.push({ type: 'key', name: 'escape' });
          i++;
          continue;
        }
        const n = s[i + 1]!;
        if (n === '[' || n === 'O') {
          const m = /^[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]/.exec(s.slice(i + 2, i + 34));
          if (!m) {
            const rest = s.slice(i + 2);
            if (rest.length < 32 && /^[\x20-\x3f]*$/.test(rest)) {
              this.pending = s.slice(i);
              return keys;
            }
            keys.push({ type: 'key', name: 'escape' });
            i++;
            continue;
          }
          keys.push({ type: 'key', name: csiName(m[0]) });
          i += 2 + m[0].length;
          continue;
        }
        if (n === '\x7f' || n === '\b') keys.push({ type: 'key', name: 'alt+backspace' });
        else if (n === '\r') keys.push({ type: 'key', name: 'alt+enter' });
        else keys.push({ type: 'key', name: 'alt+' + n.toLowerCase() });
        i += 2;
        continue;
      }
      const code = c.charCodeAt(0);
      if (c === '\r' || c === '\n') {
        flushText();
        keys.push({ type: 'key', name: 'enter' });
        i += c === '\r' && s[i + 1] === '\n' ? 2 : 1;
        continue;
      }
      if (c === '\x7f' || c === '\b') {
        flushText();
        keys.push({ type: 'key', name: 'backspace' });
        i++;
        continue;
      }
      if (c === '\t') {
        flushText();
        keys.push({ type: 'key', name: 'tab' });
        i++;
        continue;
      }
      if (code < 0x20) {
        flushText();
        keys.push({ type: 'key', name: 'ctrl+' + String.fromCharCode(code + 0x60) });
        i++;
        continue;
      }
      text += c;
      i++;
    }
    flushText();
    return keys;
  }
}

function csiName(seq: string): string {
  const final = seq[seq.length - 1]!;
  const params = seq.slice(0, -1);
  if (final === '~') return CSI_NAMES[params.split(';')[0] + '~'] ?? `unknown(${seq})`;
  const base = CSI_NAMES[final];
  if (!base) return `unknown(${seq})`;
  const mod = params.split(';')[1];
  return (mod ? (MODIFIERS[mod] ?? '') : '') + base;
}
