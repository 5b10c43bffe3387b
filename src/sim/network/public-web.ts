/**
 * The few public web sites the official task pages fetch from inside a Pod (a kind cluster
 * reaches the internet through its node's resolver and NAT). CoreDNS forwards their names to
 * the upstream resolver; any other name outside the cluster domain still gets NXDOMAIN, as
 * the simulated cluster has no upstream beyond these.
 */

interface Site {
  ip: string;
  /** Path → body, served on port 80. */
  pages: Record<string, string>;
}

/** info.cern.ch's home page, which the Configure Pod Initialization page's init container downloads. */
const CERN_HOME = `<html><head></head><body><header>
<title>http://info.cern.ch</title>
</header>

<h1>http://info.cern.ch - home of the first website</h1>
<p>From here you can:</p>
<ul>
<li><a href="http://info.cern.ch/hypertext/WWW/TheProject.html">Browse the first website</a></li>
<li><a href="http://line-mode.cern.ch/www/hypertext/WWW/TheProject.html">Browse the first website using the line-mode browser simulator</a></li>
<li><a href="http://home.web.cern.ch/topics/birth-web">Learn about the birth of the web</a></li>
<li><a href="http://home.web.cern.ch/about">Learn about CERN, the physics laboratory where the web was born</a></li>
</ul>
</body></html>
`;

const SITES: Record<string, Site> = {
  'info.cern.ch': { ip: '188.184.67.127', pages: { '/': CERN_HOME, '/index.html': CERN_HOME } },
};

/** The address of a public site's name (without a trailing dot), if it is one. */
export function publicAddress(name: string): string | undefined {
  return Object.hasOwn(SITES, name) ? SITES[name]!.ip : undefined;
}

/**
 * A request to a public address: its page (404 for another path) on port 80; other ports and
 * addresses are not answered (undefined: not a public address at all).
 */
export function publicRequest(ip: string, port: number, path: string): { status: number; body: string } | 'timeout' | undefined {
  const site = Object.values(SITES).find((s) => s.ip === ip);
  if (!site) return undefined;
  if (port !== 80) return 'timeout';
  const body = site.pages[path];
  return body !== undefined ? { status: 200, body } : { status: 404, body: '<html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>\n' };
}
