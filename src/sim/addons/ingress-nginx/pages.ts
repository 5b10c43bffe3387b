/** The error pages nginx itself writes (server_tokens off: no version under the line). */

const REASONS: Record<number, string> = {
  308: 'Permanent Redirect',
  404: 'Not Found',
  502: 'Bad Gateway',
  503: 'Service Temporarily Unavailable',
};

/** nginx's built-in page for `status`. */
export function nginxPage(status: number): string {
  const title = `${status} ${REASONS[status] ?? ''}`;
  return `<html>\n<head><title>${title}</title></head>\n<body>\n<center><h1>${title}</h1></center>\n<hr><center>nginx</center>\n</body>\n</html>\n`;
}
