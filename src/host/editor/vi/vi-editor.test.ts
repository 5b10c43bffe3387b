import { describe, expect, it } from 'vitest';
import { KeyParser } from '../../../shell/keys.ts';
import { ViEditor } from './vi-editor.ts';
import { runViEditor } from './vi-session.ts';

/** Types raw terminal input (as a TTY delivers it) into a fresh editor on `text`. */
function typed(text: string, input: string[], opts: { isNew?: boolean; expandTab?: boolean } = {}): ViEditor {
  const ed = new ViEditor('pod.yaml', text, opts);
  const parser = new KeyParser();
  // One chunk per key press, as a person types.
  for (const chunk of input) for (const key of parser.feed(chunk)) ed.feed(key);
  return ed;
}

const ESC = '\x1b';

/** A screen for the codes the editor draws with: cursor position, erase line, colours (ignored). */
class Screen {
  written = '';
  rows: string[];
  private r = 0;
  private c = 0;
  constructor(height: number) {
    this.rows = Array.from({ length: height }, () => '');
  }
  write(data: string): void {
    this.written += data;
    const re = /\x1b\[([0-9;?]*)([A-Za-z])|([^\x1b]+)/g;
    for (let m = re.exec(data); m; m = re.exec(data)) {
      if (m[3]) {
        const line = this.rows[this.r]!.padEnd(this.c);
        this.rows[this.r] = line.slice(0, this.c) + m[3] + line.slice(this.c + m[3].length);
        this.c += m[3].length;
      } else if (m[2] === 'H') {
        const [row = 1, col = 1] = (m[1] || '1;1').split(';').map(Number);
        this.r = row - 1;
        this.c = col - 1;
      } else if (m[2] === 'K') this.rows[this.r] = '';
      else if (m[2] === 'J') this.rows = this.rows.map(() => '');
    }
  }
  text(): string {
    return this.rows.join('\n');
  }
}
const POD = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n';

describe('the vi-like editor', () => {
  it("opens with vim's file line and writes with :wq", () => {
    expect(new ViEditor('pod.yaml', POD).message).toBe('"pod.yaml" 4L, 47B');
    expect(new ViEditor('new.yaml', '', { isNew: true }).message).toBe('"new.yaml" [New]');
    const ed = typed(POD, ['G', 'A', '-v2', ESC, ':', 'w', 'q', '\r']);
    expect(ed.result).toEqual({ saved: 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web-v2\n' });
  });

  it('refuses :q with changes, takes :q! and returns what was last written', () => {
    const ed = typed(POD, ['x', ':', 'q', '\r']);
    expect(ed.message).toBe('E37: No write since last change (add ! to override)');
    expect(ed.result).toBeUndefined();
    for (const k of new KeyParser().feed(':w\r')) ed.feed(k);
    expect(ed.message).toBe('"pod.yaml" 4L, 46B written');
    for (const k of new KeyParser().feed('dd:q!\r')) ed.feed(k);
    expect(ed.result).toEqual({ saved: 'piVersion: v1\nkind: Pod\nmetadata:\n  name: web\n' });
    expect(typed(POD, [':q\r']).result).toEqual({ saved: null });
    expect(typed(POD, ['Z', 'Q']).result).toEqual({ saved: null });
  });

  it('moves with h j k l, counts, w, 0, $, gg and G, and edits with x, dd, p, o, O, J, r, u', () => {
    const ed = typed(POD, ['j', 'w', 'x', 'u', '2', 'j', 'd', 'd', 'g', 'g', 'p', 'G', 'o', '  labels: {}', ESC, 'k', 'J', '0', 'r', '#']);
    expect(ed.lines).toEqual(['apiVersion: v1', '  name: web', 'kind: Pod', '#etadata: labels: {}']);
    const ed2 = typed('a\nb\nc\n', ['G', 'O', 'x', ESC, '3', 'G', 'd', 'd', 'u', 'u']);
    expect(ed2.lines).toEqual(['a', 'b', 'c']);
    expect(typed('a\n', ['u']).message).toBe('Already at oldest change');
  });

  it('inserts text, Enter, Backspace and pastes in insert mode; Tab gives two spaces in YAML', () => {
    const ed = typed('spec:\n', ['A', '\r', '\t', 'replicas: 3', '\x7f', '2', '\x1b[200~\n  paused: true\x1b[201~', ESC], { expandTab: true });
    expect(ed.text()).toBe('spec:\n  replicas: 2\n  paused: true\n');
    expect(typed('', ['i', '\t', ESC]).text()).toBe('\t\n');
  });

  it('says how to leave on Ctrl-C, and names unknown commands', () => {
    expect(typed(POD, ['\x03']).message).toBe('Type  :qa!  and press <Enter> to abandon all changes and exit Vim');
    expect(typed(POD, [':', 'foo', '\r']).message).toBe('E492: Not an editor command: foo');
    // ZZ writes only a changed buffer.
    expect(typed(POD, ['Z', 'Z']).result).toEqual({ saved: null });
    expect(typed(POD, ['x', 'Z', 'Z']).result?.saved).toBe('piVersion: v1\nkind: Pod\nmetadata:\n  name: web\n');
    expect(typed(POD, [':3\r']).row).toBe(2);
  });

  it('draws on the alternate screen and gives the keys back when it quits', async () => {
    const term = new Screen(6);
    let keys: ((d: string) => void) | undefined;
    const done = runViEditor(
      { write: (d) => term.write(d), cols: 40, rows: 6, takeKeys: (cb) => ((keys = cb), () => (keys = undefined)) },
      { path: '/home/learner/pod.yaml', text: POD },
    );
    expect(term.written.startsWith('\x1b[?1049h')).toBe(true);
    expect(term.text()).toContain('kind: Pod');
    expect(term.text()).toContain('~');
    expect(term.text()).toContain('"pod.yaml" 4L, 47B');
    keys!('i');
    expect(term.text()).toContain('-- INSERT --');
    for (const k of ['#', ESC, ':', 'x', '\r']) keys!(k);
    expect(await done).toBe('#' + POD);
    expect(keys).toBeUndefined();
    expect(term.written.endsWith('\x1b[?1049l')).toBe(true);
  });
});
