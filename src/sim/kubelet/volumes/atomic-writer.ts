/**
 * The kubelet's atomic writer (pkg/volume/util/atomic_writer.go): how ConfigMap, Secret,
 * downwardAPI and projected volumes lay out their files so that an update is seen all at once.
 *
 *   ..2026_12_01_10_00_00.3171598733/   the files of one version (a timestamped directory)
 *   ..data -> ..2026_12_01_10_00_00.3171598733
 *   game.properties -> ..data/game.properties   one link per top-level name
 *
 * An update writes a new timestamped directory, swaps `..data` to it, adjusts the top-level
 * links and removes the old directory. A process holding the old file (a subPath mount) keeps
 * the old content; a process opening the path again reads the new one.
 */
/** Where the version directory's number comes from. */
export interface NumberSource {
  int(min: number, max: number): number;
}
import { FsTree, joinRel } from './fs-tree.ts';

/** One file of a volume's payload. */
export interface PayloadFile {
  content: string;
  /** Permission bits (defaultMode / items[].mode, 0644 unless set). */
  mode: number;
}

/** Files by relative path (`game.properties`, `conf/app.yaml`). */
export type Payload = Record<string, PayloadFile>;

const DATA_DIR_LINK = '..data';
const written = new WeakMap<FsTree, string>();

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** `..2006_01_02_15_04_05.<random uint32>`, as os.MkdirTemp names the version directory. */
export function versionDirName(now: number, random: NumberSource): string {
  const d = new Date(now);
  const ts = `${d.getUTCFullYear()}_${pad(d.getUTCMonth() + 1)}_${pad(d.getUTCDate())}_${pad(d.getUTCHours())}_${pad(d.getUTCMinutes())}_${pad(d.getUTCSeconds())}`;
  return `..${ts}.${random.int(0, 4_294_967_295)}`;
}

/**
 * Writes `payload` into `tree` if it differs from what was written last; returns whether it
 * wrote. The first write sets the volume up, later ones are updates.
 */
export function writeAtomic(tree: FsTree, payload: Payload, now: number, random: NumberSource): boolean {
  const json = JSON.stringify(Object.entries(payload).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  if (written.get(tree) === json) return false;
  const old = tree.get(DATA_DIR_LINK);
  const dir = versionDirName(now, random);
  tree.mkdirp(dir, now);
  for (const [path, f] of Object.entries(payload)) {
    tree.writeFile(joinRel(dir, path), f.content, now, f.mode);
  }
  tree.link(DATA_DIR_LINK, dir, now);
  const top = new Set(Object.keys(payload).map((p) => p.split('/')[0]!));
  for (const name of tree.children('')) {
    if (name.startsWith('..')) continue;
    if (!top.has(name)) tree.removeTree(name);
  }
  for (const name of top) if (!tree.get(name)) tree.link(name, `${DATA_DIR_LINK}/${name}`, now);
  if (old?.kind === 'link' && old.target !== dir) tree.removeTree(old.target);
  const root = tree.get('');
  if (root) root.mtime = now;
  written.set(tree, json);
  return true;
}
