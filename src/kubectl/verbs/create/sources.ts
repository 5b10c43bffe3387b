/**
 * Data sources of `create configmap` / `create secret generic`: `--from-literal=k=v`,
 * `--from-file=[key=]path` (a directory adds each file in it), `--from-env-file=path`,
 * read from the terminal's files relative to the working directory.
 */
import { CliError } from '../../cli/errors.ts';
import type { Invocation } from '../../cli/verb.ts';
import { literal } from './shared.ts';
import { configKeyProblems, envNameProblems } from './key-names.ts';

function absolute(cwd: string, p: string): string {
  return p.startsWith('/') ? p : `${cwd.replace(/\/$/, '')}/${p}`;
}

function readFile(inv: Invocation, p: string): string {
  const text = inv.ctx.fs.read(absolute(inv.ctx.cwd, p));
  if (text === undefined) throw new CliError(`error reading ${p}: no such file or directory`);
  return text;
}

/**
 * Parses an env file as kubectl does: leading blanks are dropped, blank lines and `#` comments
 * skipped, the key (before the first `=`) must be an environment variable name, the value is
 * the rest of the line as written (quotes kept); a line without `=` takes the variable's value
 * from kubectl's own environment (empty when unset).
 */
export function parseEnvFile(text: string, env: Record<string, string> = {}): [string, string][] {
  const out: [string, string][] = [];
  text.split('\n').forEach((raw, i) => {
    const line = (i === 0 ? raw.replace(/^\uFEFF/, '') : raw).replace(/\r$/, '').trimStart();
    if (line === '' || line.startsWith('#')) return;
    const eq = line.indexOf('=');
    const key = eq < 0 ? line : line.slice(0, eq);
    const problems = envNameProblems(key);
    if (problems.length) throw new CliError(`"${key}" is not a valid key name: ${problems.join(';')}`);
    out.push([key, eq < 0 ? (env[key] ?? '') : line.slice(eq + 1)]);
  });
  return out;
}

/**
 * Collects key/value pairs from the flags in kubectl's order (literals, then files, then env
 * files), with its checks and messages for bad and repeated keys, which differ between
 * ConfigMaps and Secrets.
 */
export function collectData(inv: Invocation, kind: 'ConfigMap' | 'Secret', name: string): [string, string][] {
  const f = inv.flags;
  const envFiles = f.all('from-env-file');
  if (envFiles.length && (f.all('from-file').length || f.all('from-literal').length)) {
    throw new CliError('from-env-file cannot be combined with from-file or from-literal');
  }
  const pairs: [string, string][] = [];
  const seen = new Set<string>();
  const add = (k: string, v: string) => {
    const problems = configKeyProblems(k);
    if (problems.length) {
      throw new CliError(kind === 'Secret' ? `"${k}" is not valid key name for a Secret ${problems.join(';')}` : `"${k}" is not a valid key name for a ConfigMap: ${problems.join(',')}`);
    }
    if (seen.has(k)) {
      throw new CliError(kind === 'Secret' ? `cannot add key ${k}, another key by that name already exists` : `cannot add key "${k}", another key by that name already exists in Data for ConfigMap "${name}"`);
    }
    seen.add(k);
    pairs.push([k, v]);
  };
  for (const l of f.all('from-literal')) add(...literal(l));
  for (const src of f.all('from-file')) {
    const eq = src.indexOf('=');
    const key = eq > 0 ? src.slice(0, eq) : undefined;
    const path = eq > 0 ? src.slice(eq + 1) : src;
    const abs = absolute(inv.ctx.cwd, path);
    if (inv.ctx.fs.isDir(abs)) {
      if (key) throw new CliError('cannot give a key name for a directory path');
      for (const entry of inv.ctx.fs.list(abs)) if (!entry.endsWith('/')) add(entry, readFile(inv, `${abs}/${entry}`));
    } else add(key ?? path.slice(path.lastIndexOf('/') + 1), readFile(inv, path));
  }
  for (const p of envFiles) for (const [k, v] of parseEnvFile(readFile(inv, p), inv.ctx.env)) add(k, v);
  return pairs;
}
