/**
 * Image references as containerd normalises them: `nginx` -> `docker.io/library/nginx:latest`,
 * `bitnami/redis:7` -> `docker.io/bitnami/redis:7`, `registry.k8s.io/pause:3.10` unchanged.
 */

export interface ImageRef {
  /** What the Pod spec says, e.g. `nginx:1.19`. */
  spec: string;
  /** `docker.io`, `registry.k8s.io`, ... */
  domain: string;
  /** `library/nginx`, `curlimages/curl`, `pause`. */
  path: string;
  tag: string;
  digest?: string;
  /** `docker.io/library/nginx:1.19` (containerStatuses[].image). */
  full: string;
  /** `docker.io/library/nginx` (before `@sha256:` in imageID). */
  repository: string;
}

/**
 * Parses an image reference; returns an error text (containerd's `InvalidImageName` wording)
 * for references that cannot be parsed.
 */
export function parseImageRef(spec: string): ImageRef | { error: string } {
  const invalid = (why: string) => ({
    error: `Failed to apply default image tag "${spec}": couldn't parse image name "${spec}": invalid reference format${why}`,
  });
  if (!spec || /\s/.test(spec)) return invalid('');
  let rest = spec;
  let digest: string | undefined;
  const at = rest.indexOf('@');
  if (at >= 0) {
    digest = rest.slice(at + 1);
    rest = rest.slice(0, at);
  }
  let tag = '';
  const lastSlash = rest.lastIndexOf('/');
  const colon = rest.lastIndexOf(':');
  if (colon > lastSlash) {
    tag = rest.slice(colon + 1);
    rest = rest.slice(0, colon);
  }
  let domain = 'docker.io';
  let path = rest;
  const first = rest.split('/')[0]!;
  if (rest.includes('/') && (first.includes('.') || first.includes(':') || first === 'localhost')) {
    domain = first;
    path = rest.slice(first.length + 1);
  }
  if (domain === 'docker.io' && !path.includes('/')) path = `library/${path}`;
  if (/[A-Z]/.test(path)) return invalid(`: repository name (${path}) must be lowercase`);
  if (!/^[a-z0-9]+(?:[._-][a-z0-9]+)*(?:\/[a-z0-9]+(?:[._-][a-z0-9]+)*)*$/.test(path)) return invalid('');
  if (tag && !/^[\w][\w.-]{0,127}$/.test(tag)) return invalid('');
  if (!tag && !digest) tag = 'latest';
  const repository = `${domain}/${path}`;
  const full = digest && !tag ? `${repository}@${digest}` : `${repository}:${tag}`;
  return { spec, domain, path, tag, digest, full, repository };
}

/**
 * Go's time.Duration.String after Truncate(time.Millisecond), as the kubelet prints pull
 * times: `874ms`, `2.3s`, `1m3.2s`.
 */
export function goDuration(ms: number): string {
  ms = Math.floor(ms);
  if (ms < 1000) return `${ms}ms`;
  const trim = (n: number) => n.toFixed(3).replace(/\.?0+$/, '');
  if (ms < 60_000) return `${trim(ms / 1000)}s`;
  const m = Math.floor(ms / 60_000);
  if (ms < 3_600_000) return `${m}m${trim((ms % 60_000) / 1000)}s`;
  const h = Math.floor(ms / 3_600_000);
  return `${h}h${m % 60}m${trim((ms % 60_000) / 1000)}s`;
}
