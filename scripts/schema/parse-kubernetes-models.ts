/**
 * Reads the OpenAPI definitions out of a `kubernetes-models` package (and its
 * `@kubernetes-models/apimachinery`): one `.d.ts` per definition, whose interface carries the
 * OpenAPI descriptions line for line (blank lines and the `Possible enum values` lists kept),
 * the enum values as string unions and required-ness as a missing `?`.
 *
 * The package does not name the OpenAPI id of a file; it is rebuilt from the folder
 * (`apps/v1/DeploymentStatus.d.ts` is `io.k8s.api.apps.v1.DeploymentStatus`) and checked
 * against the camel-cased id the package exports beside it (`IoK8sApiAppsV1DeploymentStatus`).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** One property of a definition. */
export interface KmField {
  name: string;
  /** The TypeScript type, e.g. `string`, `Array<IIoK8sApiCoreV1Container>`, `"Always" | "Never"`. */
  tsType: string;
  required: boolean;
  description: string;
}

/** One definition. */
export interface KmDef {
  id: string;
  description: string;
  fields: KmField[];
}

/** The camel-cased form the package uses for an id (`io.k8s.api.core.v1.Pod` → `IoK8sApiCoreV1Pod`). */
export function camelId(id: string): string {
  return id
    .split(/[.-]/)
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('');
}

/** OpenAPI id prefix of a kubernetes-models folder (`v1`, `apps/v1`, `events.k8s.io/v1`). */
function folderPrefix(parts: string[]): string | undefined {
  if (parts.length === 1) return `io.k8s.api.core.${parts[0]}`;
  if (parts.length !== 2) return undefined;
  const [group, version] = parts as [string, string];
  if (group === 'apiextensions.k8s.io') return `io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.${version}`;
  if (group === 'apiregistration.k8s.io') return `io.k8s.kube-aggregator.pkg.apis.apiregistration.${version}`;
  return `io.k8s.api.${group.replace(/\.k8s\.io$/, '').replace(/\.apiserver$/, '').split('.')[0]}.${version}`;
}

/** The JSDoc text of `lines` (` * ` prefixes removed, inner blank lines kept). */
function docText(lines: string[]): string {
  const body = lines
    .map((l) => l.replace(/^\s*\/\*\*\s?/, '').replace(/\s*\*\/\s*$/, ''))
    .map((l) => l.replace(/^\s*\*( |$)/, ''))
    .map((l) => l.replace(/^\s*\*$/, ''));
  while (body.length && body[0] === '') body.shift();
  while (body.length && body[body.length - 1] === '') body.pop();
  // The package escapes `*` (`"\\*" means all`, `*\\/`); the OpenAPI text has it bare.
  return body.join('\n').replaceAll('*\\/', '*/').replaceAll('\\*', '*');
}

/** The definition in one `.d.ts` file's `export interface I<Name>` block, if any. */
export function parseKmFile(text: string, id: string): KmDef | undefined {
  const lines = text.split('\n');
  let doc: string[] = [];
  let inDoc = false;
  let def: KmDef | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (inDoc) {
      doc.push(line);
      if (line.includes('*/')) inDoc = false;
      continue;
    }
    if (/^\s*\/\*\*/.test(line)) {
      doc = [line];
      inDoc = !line.includes('*/');
      continue;
    }
    if (!def) {
      if (/^export interface I\w+ /.test(line)) def = { id, description: docText(doc), fields: [] };
      doc = [];
      continue;
    }
    if (line === '}') return def;
    const prop = /^ {4}"([^"]+)"(\??): (.*)$/.exec(line);
    if (!prop) continue;
    let tsType = prop[3]!;
    // A map type spans lines: `{`, `[key: string]: T;`, `};`.
    if (tsType === '{') while (!tsType.endsWith('};')) tsType += ' ' + lines[++i]!.trim();
    tsType = tsType.slice(0, -1).replace(/\s+/g, ' ');
    def.fields.push({ name: prop[1]!, tsType, required: prop[2] !== '?', description: docText(doc) });
    doc = [];
  }
  return def;
}

function walk(dir: string, rel: string[], visit: (file: string, rel: string[]) => void): void {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== '_schemas' && name !== 'node_modules') walk(path, [...rel, name], visit);
    } else if (name.endsWith('.d.ts') && name !== 'index.d.ts') visit(path, rel);
  }
}

/** The camel id a definition's `.js` exports (`IoK8sApiCoreV1Pod:function(){...}`), to check the id. */
function exportedId(jsPath: string): string | undefined {
  if (!existsSync(jsPath)) return undefined;
  return /[{,](IoK8s\w+):function/.exec(readFileSync(jsPath, 'utf8'))?.[1];
}

/**
 * Every definition of the kubernetes-models package at `root` and of the apimachinery package
 * at `apimachinery`, by OpenAPI id.
 */
export function loadKubernetesModels(root: string, apimachinery: string): Map<string, KmDef> {
  const out = new Map<string, KmDef>();
  const add = (file: string, id: string) => {
    const text = readFileSync(file, 'utf8');
    // A file without an interface (Time, Quantity: a type alias) names its id in its exports.
    if (exportedId(file.replace(/\.d\.ts$/, '.js')) !== camelId(id) && !text.includes(` as I${camelId(id)}`)) return;
    out.set(id, parseKmFile(text, id) ?? { id, description: '', fields: [] });
  };
  walk(root, [], (file, rel) => {
    const prefix = folderPrefix(rel);
    const name = file.slice(file.lastIndexOf('/') + 1, -'.d.ts'.length);
    if (prefix) add(file, `${prefix}.${name}`);
  });
  walk(apimachinery, [], (file, rel) => {
    const name = file.slice(file.lastIndexOf('/') + 1, -'.d.ts'.length);
    add(file, `io.k8s.apimachinery.pkg.${[...rel, name].join('.')}`);
  });
  return out;
}
