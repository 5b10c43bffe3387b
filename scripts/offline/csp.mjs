/**
 * The course's Content-Security-Policy, written by the build into each page as
 * <meta http-equiv="content-security-policy">, computed from that page's own HTML:
 *
 *   default-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; worker-src 'self';
 *   manifest-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self';
 *   script-src 'self' 'sha256-<each inline script>';
 *   style-src 'self'; style-src-elem 'self' 'sha256-<each inline style>'; style-src-attr 'none'
 *
 * Scripts: only the site's own files and the page's inline scripts, by hash; never
 * 'unsafe-inline' or 'unsafe-eval' (nothing in the course evaluates code from strings). Where
 * the site has Pagefind's search index, 'wasm-unsafe-eval' is added: the search compiles its
 * WebAssembly, which that keyword allows and nothing else.
 *
 * Styles are where a page with a terminal has to give way: the terminal (xterm.js) creates
 * <style> elements whose text depends on the terminal's size, font and instance
 * (`.xterm-dom-renderer-owner-3 .xterm-rows span {...}`), so no build-time hash can match
 * them, and the highlighted code blocks carry their colours in `style="color:#..."` attributes.
 * Those pages get 'unsafe-inline' for style elements (terminal) and for style attributes (code
 * blocks), and for nothing else; CSS cannot run script, and stylesheet files must still come
 * from the site itself. Pages without them (home, progress, 404) keep the strict form above.
 *
 * Why not Astro's own `security.csp`: it gives every page the same style rules, and with Shiki
 * it prints a warning at every build that does not apply once style attributes are allowed.
 * What a <meta> cannot carry (`frame-ancestors`) belongs in the server's header: see
 * docs/hosting.md and hosting/nginx.conf.
 */
import { createHash } from 'node:crypto';

/** Directives every page gets, whatever it holds. */
export const FIXED_DIRECTIVES = [
  "default-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
];

const hashOf = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The contents of the inline `<tag>` elements of `html` (no `src`, executable or styling). */
function inlineContents(html, tag) {
  const out = [];
  const re = new RegExp(`<${tag}(\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'gi');
  for (const m of html.matchAll(re)) {
    const attrs = m[1] ?? '';
    if (tag === 'script' && /\ssrc\s*=/.test(` ${attrs}`)) continue;
    // Data blocks (JSON) are never run, so the policy does not govern them.
    if (tag === 'script' && /type\s*=\s*"application\/(ld\+)?json"/i.test(attrs)) continue;
    out.push(m[2]);
  }
  return out;
}

/**
 * The policy for one page. `wasm`: the site ships a WebAssembly search index (Pagefind).
 * @param {string} html
 * @param {{ wasm?: boolean }} [site]
 */
export function policyFor(html, site = {}) {
  const scripts = [...new Set(inlineContents(html, 'script').map(hashOf))];
  const styles = [...new Set(inlineContents(html, 'style').map(hashOf))];
  const terminal = /<course-terminal[\s>]/.test(html);
  const styleAttributes = /<[a-z][^>]*\sstyle\s*=/i.test(html);
  const scriptSrc = ["'self'", ...(site.wasm ? ["'wasm-unsafe-eval'"] : []), ...scripts];
  const styleElem = terminal ? ["'self'", "'unsafe-inline'"] : ["'self'", ...styles];
  const styleAttr = terminal || styleAttributes ? ["'unsafe-inline'"] : ["'none'"];
  return [
    ...FIXED_DIRECTIVES,
    `script-src ${scriptSrc.join(' ')}`,
    "style-src 'self'",
    `style-src-elem ${styleElem.join(' ')}`,
    `style-src-attr ${styleAttr.join(' ')}`,
  ].join('; ');
}

const POLICY_META = /<meta http-equiv="content-security-policy" content="[^"]*">/i;

/**
 * `html` with its policy as the first element after `<meta charset>` (or at the start of
 * <head>); a policy written before (an earlier run of this step) is replaced, so the step can
 * run again after another tool has added to the site.
 */
export function withPolicy(html, site = {}) {
  html = html.replace(POLICY_META, '');
  const meta = `<meta http-equiv="content-security-policy" content="${policyFor(html, site)}">`;
  const charset = /<meta charset="[^"]*"\s*\/?>/i.exec(html);
  if (charset) return html.slice(0, charset.index + charset[0].length) + meta + html.slice(charset.index + charset[0].length);
  if (/<head(\s[^>]*)?>/i.test(html)) return html.replace(/<head(\s[^>]*)?>/i, (h) => h + meta);
  // A redirect page (`<!doctype html><title>...`): the policy right after the doctype.
  return html.replace(/^(<!doctype html>)?/i, (d) => d + meta);
}
