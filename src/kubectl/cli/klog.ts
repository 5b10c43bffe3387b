/**
 * klog's line header, as kubectl writes its own warnings and errors to stderr:
 * `W1130 03:00:00.000000   12345 helpers.go:702] `, at cluster time `now`.
 */
export function klogHeader(level: 'I' | 'W' | 'E', now: number, where: string): string {
  const t = new Date(now).toISOString();
  return `${level}${t.slice(5, 7)}${t.slice(8, 10)} ${t.slice(11, 19)}.${t.slice(20, 23)}000   12345 ${where}]`;
}
