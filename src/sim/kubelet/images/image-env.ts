/**
 * The `ENV` lines of an image's config that a container's processes inherit beyond PATH, in
 * the image's order, for the images whose values are known tag by tag: the official nginx
 * image (NGINX_VERSION, NJS_VERSION, NJS_RELEASE, PKG_RELEASE, DYNPKG_RELEASE as its
 * Dockerfiles in nginxinc/docker-nginx set them; the Alpine variant sets the release numbers
 * without the Debian suffix and its njs lines last). Other images and nginx releases not listed
 * here bring none.
 */
import { nginxVersion } from './nginx-version.ts';

type Env = readonly (readonly [string, string])[];

/** nginx on Debian, by full version. */
const NGINX_DEBIAN: Readonly<Record<string, Env>> = {
  '1.14.2': [
    ['NGINX_VERSION', '1.14.2-1~stretch'],
    ['NJS_VERSION', '1.14.2.0.2.6-1~stretch'],
  ],
  '1.25.5': [
    ['NGINX_VERSION', '1.25.5'],
    ['NJS_VERSION', '0.8.4'],
    ['NJS_RELEASE', '3~bookworm'],
    ['PKG_RELEASE', '1~bookworm'],
  ],
  '1.26.3': [
    ['NGINX_VERSION', '1.26.3'],
    ['NJS_VERSION', '0.8.9'],
    ['NJS_RELEASE', '1~bookworm'],
    ['PKG_RELEASE', '1~bookworm'],
    ['DYNPKG_RELEASE', '2~bookworm'],
  ],
  '1.27.0': [
    ['NGINX_VERSION', '1.27.0'],
    ['NJS_VERSION', '0.8.4'],
    ['NJS_RELEASE', '2~bookworm'],
    ['PKG_RELEASE', '2~bookworm'],
  ],
  '1.27.1': [
    ['NGINX_VERSION', '1.27.1'],
    ['NJS_VERSION', '0.8.5'],
    ['NJS_RELEASE', '1~bookworm'],
    ['PKG_RELEASE', '1~bookworm'],
    ['DYNPKG_RELEASE', '2~bookworm'],
  ],
  '1.27.4': [
    ['NGINX_VERSION', '1.27.4'],
    ['NJS_VERSION', '0.8.9'],
    ['NJS_RELEASE', '1~bookworm'],
    ['PKG_RELEASE', '1~bookworm'],
    ['DYNPKG_RELEASE', '1~bookworm'],
  ],
};

/** nginx on Alpine, by full version. */
const NGINX_ALPINE: Readonly<Record<string, Env>> = {
  '1.14.2': [['NGINX_VERSION', '1.14.2']],
  '1.26.3': [
    ['NGINX_VERSION', '1.26.3'],
    ['PKG_RELEASE', '1'],
    ['DYNPKG_RELEASE', '2'],
    ['NJS_VERSION', '0.8.9'],
    ['NJS_RELEASE', '1'],
  ],
  '1.27.4': [
    ['NGINX_VERSION', '1.27.4'],
    ['PKG_RELEASE', '1'],
    ['DYNPKG_RELEASE', '1'],
    ['NJS_VERSION', '0.8.9'],
    ['NJS_RELEASE', '1'],
  ],
};

/** The image's own variables for `repository:tag` (none when unknown). */
export function imageEnv(repository: string | undefined, tag: string | undefined): Env {
  if (!repository?.endsWith('/library/nginx') && repository !== 'nginx') return [];
  const t = tag ?? 'latest';
  const env = (t.includes('alpine') ? NGINX_ALPINE : NGINX_DEBIAN)[nginxVersion(t)] ?? [];
  // alpine-slim is the Alpine image before its njs module is added.
  return t.endsWith('-slim') ? env.filter(([k]) => !k.startsWith('NJS_')) : env;
}
