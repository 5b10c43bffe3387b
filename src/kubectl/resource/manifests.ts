/**
 * Reading `-f` manifests: files, directories (`.yaml`, `.yml`, `.json`; `-R` recurses) and
 * `-f -` (stdin); multi-document YAML and `kind: List`. Problems are reported with kubectl's
 * own wording: Go yaml error text and line numbers, `kind not set`, unknown kind/version
 * mappings, missing paths.
 *
 * The YAML parser (the `yaml` package, a large part of kubectl's code) loads on first use:
 * `loadManifestParser()` must have resolved before `parseDocuments`/`readManifests` run. The
 * command dispatcher awaits it for every command given `-f` (see cli/on-demand.ts).
 */
import type * as Yaml from 'yaml';
import { onDemand } from '../../command/on-demand.ts';
import { base64Decode, remoteDocument, typeByGvk, type KubeObject, type ResourceType } from '../../sim/index.ts';
import { CliError } from '../cli/errors.ts';
import type { Invocation } from '../cli/verb.ts';

/** One object from a manifest, with the file it came from (as kubectl names it in messages). */
export interface Manifest {
  obj: KubeObject;
  type: ResourceType;
  source: string;
}

function absolute(cwd: string, p: string): string {
  const parts = (p.startsWith('/') ? p : `${cwd}/${p}`).split('/');
  const out: string[] = [];
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return '/' + out.join('/');
}

const parser = onDemand('the YAML parser', () => import('yaml'));

/** Loads the YAML parser (once; later calls share the first load). */
export const loadManifestParser = (): Promise<void> => parser.load();

/** Go yaml.v2's wording and line numbering for a parse error. */
function goYamlError(code: string, line: number, message: string): string {
  switch (code) {
    case 'TAB_AS_INDENT':
      return `line ${line}: found character that cannot start any token`;
    case 'BLOCK_AS_IMPLICIT_KEY':
      // A scanner error: Go names the line of the offending ':' and, on the first line, none.
      return `${line > 1 ? `line ${line}: ` : ''}mapping values are not allowed in this context`;
    case 'MISSING_CHAR':
      return `line ${line}: found unexpected end of stream`;
    case 'DUPLICATE_KEY':
      return `line ${line}: ${message}`;
    case 'BAD_INDENT':
      // An unclosed flow collection: Go names the closing character it looked for.
      if (message.startsWith('Flow sequence')) return `line ${Math.max(1, line - 1)}: did not find expected ',' or ']'`;
      if (message.startsWith('Flow map')) return `line ${Math.max(1, line - 1)}: did not find expected ',' or '}'`;
      return `line ${Math.max(1, line - 1)}: did not find expected key`;
    default:
      return `line ${Math.max(1, line - 1)}: did not find expected key`;
  }
}

/**
 * The documents of a YAML stream as Go's YAMLReader cuts them: at lines that start with `---`
 * (followed by nothing but blanks or a comment). Each document is parsed on its own, so the
 * line numbers of its errors count from its own first line, as kubectl reports them.
 */
function splitDocuments(text: string): string[] {
  const docs: string[] = [];
  let start = 0;
  const re = /^---[ \t]*(?:#[^\n]*)?$/gm;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    docs.push(text.slice(start, m.index));
    start = m.index + m[0].length + 1;
  }
  docs.push(text.slice(Math.min(start, text.length)));
  return docs;
}

/** The documents parsed before the first one that does not parse, and that one's error. */
export interface DocumentStream {
  docs: unknown[];
  error?: CliError;
}

/**
 * Parses YAML or JSON text into plain objects (one per document, nulls skipped), stopping at
 * the first document that does not parse, as kubectl's stream reader does. Needs loadManifestParser().
 */
export function parseDocumentStream(text: string, source: string): DocumentStream {
  const fail = (detail: string): CliError => new CliError(`error parsing ${source}: error converting YAML to JSON: yaml: ${detail}`);
  // Go's yaml reader refuses non-printable characters before parsing anything (binary files, pastes of garbage).
  if (/[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ud800-\udfff\ue000-\ufffd]/.test(text)) return { docs: [], error: fail('control characters are not allowed') };
  const yaml = parser.get();
  const out: unknown[] = [];
  for (const chunk of splitDocuments(text)) {
    // YAML 1.1 like Go's yaml.v2 (`yes` is a bool), but timestamps stay strings as they do
    // there, and `!!binary` becomes the string of its bytes, as Go's YAML-to-JSON makes it.
    const d = yaml.parseDocument(chunk, { uniqueKeys: false, version: '1.1', customTags: goTags });
    const e = d.errors[0];
    if (e) {
      let line = e.linePos?.[0]?.line ?? 1;
      // `a: 1` followed by a deeper `  b: 2`: the parser marks the key's line, Go the next one, where the ':' is.
      if (e.code === 'BLOCK_AS_IMPLICIT_KEY' && d.errors[1]?.code === 'MULTILINE_IMPLICIT_KEY') line++;
      return { docs: out, error: fail(goYamlError(e.code, line, e.message)) };
    }
    let v: unknown;
    try {
      v = d.toJS({ maxAliasCount: 100 }) as unknown;
    } catch {
      // The yaml package refuses alias bombs (billion laughs) here; Go's yaml.v2 words it so.
      return { docs: out, error: fail('document contains excessive aliasing') };
    }
    if (v !== null && v !== undefined) out.push(v);
  }
  return { docs: out };
}

/** The YAML 1.1 tags as Go's yaml.v2 resolves them for kubectl (see parseDocumentStream). */
function goTags(tags: Yaml.Tags): Yaml.Tags {
  const kept = tags.filter((t) => typeof t === 'string' || (t.tag !== 'tag:yaml.org,2002:timestamp' && t.tag !== 'tag:yaml.org,2002:binary'));
  return [...kept, BINARY_AS_STRING];
}

const BINARY_AS_STRING: Yaml.ScalarTag = {
  tag: 'tag:yaml.org,2002:binary',
  resolve(src: string, onError: (message: string) => void): string {
    try {
      return base64Decode(src.replace(/\s+/g, ''));
    } catch {
      onError('!!binary value contains invalid base64 data');
      return '';
    }
  },
};

/** Every document of `text`; throws the first parse error. Needs loadManifestParser(). */
export function parseDocuments(text: string, source: string): unknown[] {
  const { docs, error } = parseDocumentStream(text, source);
  if (error) throw error;
  return docs;
}

/** Reads a file or directory given to `-f`, returning [display name, content] pairs. */
function readPath(inv: Invocation, p: string, recursive: boolean): [string, string][] {
  if (p === '-') return [['STDIN', inv.ctx.stdin]];
  if (/^https?:\/\//.test(p)) {
    const served = remoteDocument(p);
    if (served !== undefined) return [[p, served]];
    throw new CliError(`unable to read URL "${p}", server reported 404 Not Found, status code=404`);
  }
  const fs = inv.ctx.fs;
  const abs = absolute(inv.ctx.cwd, p);
  if (!fs.exists(abs)) throw new CliError(`the path "${p}" does not exist`);
  if (!fs.isDir(abs)) return [[p, fs.read(abs) ?? '']];
  const files = recursive ? fs.walk(abs) : fs.list(abs).filter((n) => !n.endsWith('/')).map((n) => `${abs}/${n}`);
  const base = p.replace(/\/$/, '');
  const manifests = files.filter((f) => /\.(ya?ml|json)$/.test(f));
  if (!manifests.length) throw new CliError(`error reading [${p}]: recognized file extensions are [.json .yaml .yml]`);
  return manifests.map((f) => [base + f.slice(abs.length), fs.read(f) ?? ''] as [string, string]);
}

/** The manifest(s) of one parsed document (a List gives several). */
export function toManifest(doc: unknown, source: string): Manifest[] {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) {
    throw new CliError(`error validating "${source}": error validating data: invalid object to validate; if you choose to ignore these errors, turn validation off with --validate=false`);
  }
  const obj = doc as KubeObject;
  const missing = [!obj.apiVersion && 'apiVersion not set', !obj.kind && 'kind not set'].filter(Boolean);
  if (missing.length) {
    const what = missing.length === 1 ? missing[0] : `[${missing.join(', ')}]`;
    throw new CliError(`error validating "${source}": error validating data: ${what}; if you choose to ignore these errors, turn validation off with --validate=false`);
  }
  if (obj.kind === 'List' && Array.isArray(obj.items)) return (obj.items as unknown[]).flatMap((i) => toManifest(i, source));
  const type = typeByGvk(String(obj.apiVersion), String(obj.kind));
  if (!type) {
    const md = (obj.metadata ?? {}) as KubeObject['metadata'];
    throw new CliError(
      `resource mapping not found for name: "${md.name ?? ''}" namespace: "${md.namespace ?? ''}" from "${source}": no matches for kind "${obj.kind}" in version "${obj.apiVersion}"\nensure CRDs are installed first`,
    );
  }
  obj.metadata = obj.metadata ?? {};
  return [{ obj, type, source }];
}

/**
 * Every object named by `-f` (and `-R`), and every error met on the way, in file and
 * document order, as kubectl's builder visits them when it continues on errors: a document
 * that names an unknown kind is an error and the next one is still read; a document that does
 * not parse ends its file. Needs loadManifestParser().
 */
export function visitManifests(inv: Invocation): (Manifest | CliError)[] {
  const out: (Manifest | CliError)[] = [];
  for (const p of inv.flags.list('filename')) {
    for (const [source, text] of readPath(inv, p, inv.flags.bool('recursive'))) {
      const { docs, error } = parseDocumentStream(text, source);
      for (const doc of docs) {
        try {
          out.push(...toManifest(doc, source));
        } catch (e) {
          if (!(e instanceof CliError)) throw e;
          out.push(e);
        }
      }
      if (error) out.push(error);
    }
  }
  return out;
}

/** Every object named by `-f` (and `-R`), in file and document order. Throws the first error (CliError). Needs loadManifestParser(). */
export function readManifests(inv: Invocation): Manifest[] {
  const out: Manifest[] = [];
  for (const item of visitManifests(inv)) {
    if (item instanceof CliError) throw item;
    out.push(item);
  }
  return out;
}

/** The namespace an object from a manifest goes to; `-n` conflicting with the file is an error. */
export function manifestNamespace(inv: Invocation, m: Manifest): string | undefined {
  if (!m.type.namespaced) return undefined;
  const own = m.obj.metadata.namespace;
  if (own && inv.namespaceExplicit && own !== inv.namespace) {
    throw new CliError(`the namespace from the provided object "${own}" does not match the namespace "${inv.namespace}". You must pass '--namespace=${own}' to perform this operation.`);
  }
  return own || inv.namespace;
}
