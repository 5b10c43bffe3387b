/**
 * `kubectl kustomize DIR` (kustomize v5.5 as built into kubectl 1.32) over the terminal's
 * files: resources (files and bases), generators with the hash suffix, patches (strategic
 * merge and JSON 6902), then namespace, prefix/suffix, labels, annotations, images, replicas,
 * the name references that follow renames, and kustomize's output order. Errors carry
 * kustomize's wording (missing kustomization, unknown field, missing resource, cycles).
 */
import { parseDocuments } from '../resource/manifests.ts';
import { jsonPatch, strategicPatch } from '../../sim/index.ts';
import { generate, KustomizeError, suffixFor } from './generate.ts';
import { addAnnotations, addLabels, fixReferences, legacySort, setImages } from './transform.ts';

type Obj = Record<string, unknown>;

/** The files kustomize reads. */
export interface KustomizeFiles {
  read(path: string): string | undefined;
  isDir(path: string): boolean;
}

const FILE_NAMES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];

/** The kustomization fields this terminal builds. */
const SUPPORTED = new Set([
  'apiVersion',
  'kind',
  'metadata',
  'resources',
  'bases',
  'namePrefix',
  'nameSuffix',
  'namespace',
  'commonLabels',
  'labels',
  'commonAnnotations',
  'configMapGenerator',
  'secretGenerator',
  'generatorOptions',
  'images',
  'replicas',
  'patches',
  'patchesStrategicMerge',
  'patchesJson6902',
]);
/** Every field kustomize v5.5 knows: the supported ones and those refused with a message here. */
const FIELDS = new Set([
  ...SUPPORTED,
  'components',
  'crds',
  'generators',
  'transformers',
  'validators',
  'vars',
  'replacements',
  'buildMetadata',
  'openapi',
  'helmCharts',
  'helmGlobals',
  'sortOptions',
  'configurations',
  'helmChartInflationGenerator',
  'imageTags',
]);

/** Resolves `p` against `dir` (`..` and `.` folded). */
export function join(dir: string, p: string): string {
  const parts = (p.startsWith('/') ? p : `${dir}/${p}`).split('/');
  const out: string[] = [];
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return '/' + out.join('/');
}

interface Item {
  obj: Obj;
  /** Whether the name gets the hash suffix (generated objects). */
  hash?: boolean;
  /** The name in the manifest, which `replicas:` matches. */
  origName: string;
}

function readKustomization(dir: string, files: KustomizeFiles): Obj {
  for (const f of FILE_NAMES) {
    const text = files.read(`${dir}/${f}`);
    if (text === undefined) continue;
    const docs = parseDocuments(text, `${dir}/${f}`);
    const k = (docs[0] ?? {}) as Obj;
    for (const key of Object.keys(k)) if (!FIELDS.has(key)) throw new KustomizeError(`invalid Kustomization: json: unknown field "${key}"`);
    for (const key of Object.keys(k))
      if (!SUPPORTED.has(key)) throw new KustomizeError(`the '${key}' field of a kustomization is not available in this terminal`);
    return k;
  }
  throw new KustomizeError(`unable to find one of 'kustomization.yaml', 'kustomization.yml' or 'Kustomization' in directory '${dir}'`);
}

function missing(abs: string): string {
  return `evalsymlink failure on '${abs}' : lstat ${abs}: no such file or directory`;
}

function matches(o: Obj, target: Obj | undefined, fallback?: Obj): boolean {
  const m = (o.metadata ?? {}) as Obj;
  const t = target ?? { kind: fallback?.kind, name: (fallback?.metadata as Obj | undefined)?.name };
  if (t.kind && t.kind !== o.kind) return false;
  if (t.name && !new RegExp(`^(?:${String(t.name)})$`).test(String(m.name))) return false;
  if (t.namespace && t.namespace !== (m.namespace ?? 'default')) return false;
  if (t.group !== undefined && t.group !== (String(o.apiVersion).includes('/') ? String(o.apiVersion).split('/')[0] : '')) return false;
  return true;
}

function applyPatch(items: Item[], text: string, target: Obj | undefined, source: string): void {
  const doc = parseDocuments(text, source)[0];
  for (const it of items) {
    if (Array.isArray(doc)) {
      if (target && matches(it.obj, target)) it.obj = jsonPatch(it.obj, doc) as Obj;
    } else if (doc && matches(it.obj, target, doc as Obj)) it.obj = strategicPatch(it.obj, doc) as Obj;
  }
}

/** Builds one kustomization directory (recursively for bases); `visiting` detects cycles. */
function buildDir(dir: string, files: KustomizeFiles, visiting: string[], warnings: string[]): Item[] {
  if (visiting.includes(dir)) throw new KustomizeError(`cycle detected: candidate root '${dir}' contains visited root '${dir}'`);
  const k = readKustomization(dir, files);
  const items: Item[] = [];
  for (const r of [...((k.resources as string[] | undefined) ?? []), ...((k.bases as string[] | undefined) ?? [])]) {
    const abs = join(dir, String(r));
    const wrap = (why: string) => `accumulating resources: accumulation err='accumulating resources from '${r}': ${why}`;
    if (files.isDir(abs)) {
      try {
        items.push(...buildDir(abs, files, [...visiting, dir], warnings));
      } catch (e) {
        if (!(e instanceof KustomizeError)) throw e;
        const nested = e.message.startsWith('cycle detected') ? e.message : `recursed accumulation of path '${abs}': ${e.message}`;
        throw new KustomizeError(`${wrap(`'${abs}' must resolve to a file'`)}: ${nested}`);
      }
      continue;
    }
    const text = files.read(abs);
    if (text === undefined) throw new KustomizeError(`${wrap(`${missing(abs)}'`)}: must build at directory: not a valid directory: ${missing(abs)}`);
    for (const d of parseDocuments(text, abs)) {
      const o = d as Obj;
      const list = o.kind === 'List' ? ((o.items as Obj[] | undefined) ?? []) : [o];
      for (const x of list) items.push({ obj: x, origName: String((x.metadata as Obj | undefined)?.name ?? '') });
    }
  }
  const read = (p: string) => files.read(join(dir, p));
  const gopts = (k.generatorOptions as Obj | undefined) ?? {};
  for (const g of [
    ...generate('ConfigMap', (k.configMapGenerator as Obj[] | undefined) ?? [], gopts, read),
    ...generate('Secret', (k.secretGenerator as Obj[] | undefined) ?? [], gopts, read),
  ]) {
    items.push({ obj: g.obj, hash: g.hash, origName: String((g.obj.metadata as Obj).name) });
  }

  for (const p of (k.patchesStrategicMerge as string[] | undefined) ?? []) {
    const text = String(p).includes('\n') ? String(p) : read(String(p));
    if (text === undefined) throw new KustomizeError(missing(join(dir, String(p))));
    applyPatch(items, text, undefined, String(p));
  }
  for (const p of [...((k.patches as Obj[] | undefined) ?? []), ...((k.patchesJson6902 as Obj[] | undefined) ?? [])]) {
    const text = p.patch !== undefined ? String(p.patch) : read(String(p.path));
    if (text === undefined) throw new KustomizeError(missing(join(dir, String(p.path))));
    applyPatch(items, text, p.target as Obj | undefined, String(p.path ?? 'patch'));
  }

  const renames: { kind: string; from: string; to: string }[] = [];
  const ns = k.namespace as string | undefined;
  for (const it of items) {
    const m = (it.obj.metadata ??= {}) as Obj;
    if (ns && it.obj.kind !== 'Namespace' && !/^Cluster|^(PersistentVolume|StorageClass|CustomResourceDefinition)$/.test(String(it.obj.kind))) m.namespace = ns;
    if (k.namePrefix || k.nameSuffix) {
      const from = String(m.name);
      m.name = `${k.namePrefix ?? ''}${from}${k.nameSuffix ?? ''}`;
      renames.push({ kind: String(it.obj.kind), from, to: String(m.name) });
    }
  }
  if (k.commonLabels) {
    warnings.push("# Warning: 'commonLabels' is deprecated. Please use 'labels' instead. Run 'kustomize edit fix' to update your Kustomization automatically.");
    for (const it of items) addLabels(it.obj, k.commonLabels as Obj, true, true);
  }
  for (const l of (k.labels as Obj[] | undefined) ?? []) {
    for (const it of items) addLabels(it.obj, (l.pairs as Obj | undefined) ?? {}, !!l.includeSelectors, !!l.includeSelectors || !!l.includeTemplates);
  }
  if (k.commonAnnotations) for (const it of items) addAnnotations(it.obj, k.commonAnnotations as Obj);
  if (k.images) for (const it of items) setImages(it.obj, k.images as Obj[]);
  for (const r of (k.replicas as Obj[] | undefined) ?? []) {
    for (const it of items) {
      if (it.origName === r.name && ['Deployment', 'ReplicaSet', 'StatefulSet', 'ReplicationController'].includes(String(it.obj.kind))) {
        (it.obj.spec ??= {}) as Obj;
        (it.obj.spec as Obj).replicas = r.count;
      }
    }
  }
  // Renames in order, so a reference follows each step.
  for (const r of renames) for (const it of items) fixReferences(it.obj, r.kind, r.from, r.to);
  return items;
}

/** The result of a build: the objects in output order, and warnings for stderr. */
export interface BuildResult {
  objects: Obj[];
  warnings: string[];
}

/** Builds the kustomization in `dir` (absolute). Throws KustomizeError. */
export function kustomizeBuild(dir: string, files: KustomizeFiles): BuildResult {
  const warnings: string[] = [];
  const items = buildDir(join('/', dir), files, [], warnings);
  // The hash suffix comes last, once, over the whole build (overlays' prefixes come first).
  const renames: { kind: string; from: string; to: string }[] = [];
  for (const it of items) {
    if (!it.hash) continue;
    const m = it.obj.metadata as Obj;
    const from = String(m.name);
    m.name = `${from}-${suffixFor(it.obj)}`;
    renames.push({ kind: String(it.obj.kind), from, to: String(m.name) });
  }
  for (const r of renames) for (const it of items) fixReferences(it.obj, r.kind, r.from, r.to);
  return { objects: legacySort(items.map((i) => i.obj)), warnings: [...new Set(warnings)] };
}

export { KustomizeError };
