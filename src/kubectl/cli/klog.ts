/**
 * klog's line header as kubectl writes it on stderr for its own warnings and errors:
 * `W1130 03:00:00.000000   12345 helpers.go:702] `, level letter, month and day, time with
 * microseconds, the process id right-aligned in seven columns, and the Go source line.
 */
export type KlogLevel = 'I' | 'W' | 'E';

/** The header (without the trailing space) at cluster time `now`. */
export function klogHeader(now: number, where: string, level: KlogLevel = 'E', pid = 12345): string {
  const t = new Date(now).toISOString();
  return `${level}${t.slice(5, 7)}${t.slice(8, 10)} ${t.slice(11, 19)}.${t.slice(20, 23)}000 ${String(pid).padStart(7)} ${where}]`;
}
