/**
 * The ustar archive format, on strings (one character per byte, as the simulated files hold
 * text): what `tar cf -` writes and `tar xf -` reads, inside containers and in `kubectl cp`.
 */

/** One archive member: a file with its content, or a directory (name ending in `/`). */
export interface TarMember {
  name: string;
  dir: boolean;
  content: string;
  mode: number;
  mtime: number;
}

const BLOCK = 512;

const octal = (n: number, width: number) => n.toString(8).padStart(width - 1, '0') + '\0';
const field = (s: string, width: number) => s.slice(0, width).padEnd(width, '\0');

function header(m: TarMember): string {
  const name = m.dir && !m.name.endsWith('/') ? `${m.name}/` : m.name;
  const parts = [
    field(name, 100),
    octal(m.mode, 8),
    octal(0, 8),
    octal(0, 8),
    octal(m.dir ? 0 : m.content.length, 12),
    octal(Math.floor(m.mtime / 1000), 12),
    '        ',
    m.dir ? '5' : '0',
    field('', 100),
    'ustar\0',
    '00',
    field('root', 32),
    field('root', 32),
    field('', 8),
    field('', 8),
    field('', 155),
  ];
  let h = parts.join('').padEnd(BLOCK, '\0');
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += h.charCodeAt(i) & 0xff;
  h = h.slice(0, 148) + sum.toString(8).padStart(6, '0') + '\0 ' + h.slice(156);
  return h;
}

/** A ustar archive of `members`, ending with the two zero blocks. */
export function packTar(members: TarMember[]): string {
  let out = '';
  for (const m of members) {
    out += header(m);
    if (!m.dir && m.content.length) out += m.content + '\0'.repeat((BLOCK - (m.content.length % BLOCK)) % BLOCK);
  }
  return out + '\0'.repeat(2 * BLOCK);
}

const cstr = (s: string) => s.split('\0')[0] ?? '';

/** The members of an archive, or an error text (as a tar reader reports a damaged archive). */
export function unpackTar(data: string): TarMember[] | { error: string } {
  const members: TarMember[] = [];
  let at = 0;
  while (at + BLOCK <= data.length) {
    const h = data.slice(at, at + BLOCK);
    if (/^\0*$/.test(h)) return members;
    if (h.slice(257, 262) !== 'ustar') return { error: 'invalid tar magic' };
    const size = Number.parseInt(cstr(h.slice(124, 136)).trim() || '0', 8);
    const type = h[156];
    const prefix = cstr(h.slice(345, 500));
    const name = (prefix ? `${prefix}/` : '') + cstr(h.slice(0, 100));
    at += BLOCK;
    const content = data.slice(at, at + size);
    at += Math.ceil(size / BLOCK) * BLOCK;
    members.push({
      name,
      dir: type === '5',
      content: type === '5' ? '' : content,
      mode: Number.parseInt(cstr(h.slice(100, 108)) || '644', 8),
      mtime: Number.parseInt(cstr(h.slice(136, 148)) || '0', 8) * 1000,
    });
  }
  // A stream that ends without the closing blocks (or is empty) ends the archive, as Go's reader does.
  return members;
}
