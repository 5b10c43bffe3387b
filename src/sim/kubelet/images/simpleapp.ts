/**
 * `dgkanatsios/simpleapp`, the image of the CKAD exercise sets ("a simple server that returns
 * hostname"): an Express app on Node 8 (mhart/alpine-node) started with `npm start`. It logs
 * npm's script banner and its start line, answers `GET /` on port 8080 with
 * `Hello world from <hostname> and version 2.0`, logs each such request with the client
 * address and time, and answers other paths with Express's own 404 page.
 */
import type { ProcessIO, ProgramGen } from '../process.ts';
import type { ImageMain } from './catalogue.ts';

const VERSION = '2.0';
const PORT = 8080;

/** Express's (finalhandler's) page for a route nobody handles. */
export function expressNotFound(method: string, path: string): string {
  const escaped = path.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  return `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>Cannot ${method} ${escaped}</pre>\n</body>\n</html>\n`;
}

/** `node server.js` in /usr/src/app; `viaNpm` adds the banner npm prints before running the start script. */
function* simpleapp(io: ProcessIO, viaNpm: boolean): ProgramGen {
  if (viaNpm) io.out('\n> simpleapp@1.0.0 start /usr/src/app\n> node server.js\n\n');
  io.listen?.(PORT, (req) => {
    const path = req.path.split('?')[0] || '/';
    if (path !== '/') return { status: 404, body: expressNotFound('GET', path) };
    io.out(`IP: ${req.remote} on ${new Date(io.now()).toISOString()}\n`);
    return { status: 200, body: `Hello world from ${io.hostname} and version ${VERSION}\n` };
  });
  io.out(`Running version ${VERSION} on http://0.0.0.0:${PORT}\n`);
  // npm passes SIGTERM to node, which dies of it; npm then re-raises it on itself, which PID 1
  // ignores, and exits as its event loop empties.
  io.onTerm = function* () {
    return 0;
  };
  yield { pause: true };
  return 0;
}

/** The image's program, by repository (its catalogue entry is in catalogue-more.ts). */
export const SIMPLEAPP_PROGRAMS: Readonly<Record<string, ImageMain>> = {
  'docker.io/dgkanatsios/simpleapp': (argv, io) => {
    const cmd = argv.join(' ');
    if (cmd === 'npm start') return simpleapp(io, true);
    if (cmd === 'node server.js' || cmd === 'node /usr/src/app/server.js') return simpleapp(io, false);
    return undefined;
  },
};
