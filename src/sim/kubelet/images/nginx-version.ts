/**
 * The full nginx release behind an image tag of the official nginx image (`1.27` is 1.27.4,
 * `stable` 1.26.3), shared by the image's programs, files and environment.
 */

/** Full nginx version behind a tag: `1.19` -> `1.19.10`, `latest` -> mainline. */
export function nginxVersion(tag: string): string {
  const FULL: Record<string, string> = {
    '1.14': '1.14.2',
    '1.15': '1.15.12',
    '1.16': '1.16.1',
    '1.17': '1.17.10',
    '1.18': '1.18.0',
    '1.28': '1.28.0',
    '1.29': '1.29.0',
    '1.19': '1.19.10',
    '1.20': '1.20.2',
    '1.21': '1.21.6',
    '1.22': '1.22.1',
    '1.23': '1.23.4',
    '1.24': '1.24.0',
    '1.25': '1.25.5',
    '1.26': '1.26.3',
    '1.27': '1.27.4',
  };
  const base = tag.replace(/-.*$/, '');
  if (/^\d+\.\d+\.\d+$/.test(base)) return base;
  if (FULL[base]) return FULL[base]!;
  if (/^1\.\d+$/.test(base)) return `${base}.0`;
  return base.startsWith('stable') ? '1.26.3' : '1.27.4';
}
