/**
 * The editor's live check of a manifest: the simulator's own YAML reader (the one `kubectl
 * apply -f` uses), so the message is the one kubectl would print for the file
 * (`error: error parsing pod.yaml: error converting YAML to JSON: yaml: line 3: ...`).
 */
import { loadManifestParser, parseDocumentStream } from '../../kubectl/resource/manifests.ts';

/** What the check found: nothing wrong (with how many documents), or kubectl's message and, when known, the line. */
export type Verdict = { ok: true; documents: number } | { ok: false; message: string; line?: number };

/** Whether a file is checked as YAML (or JSON, which YAML reads too). */
export function isManifestPath(path: string): boolean {
  return /\.(ya?ml|json)$/i.test(path);
}

/** Loads the YAML reader (once). */
export function loadChecker(): Promise<void> {
  return loadManifestParser();
}

/** Checks `text` as the file `path` (needs loadChecker() first). */
export function checkManifest(path: string, text: string): Verdict {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const { docs, error } = parseDocumentStream(text, name);
  if (!error) return { ok: true, documents: docs.length };
  // The reader counts lines from the start of each document, as kubectl does: the line is
  // only the file's line when the file holds one document.
  const line = /^---/m.test(text) ? undefined : Number(/: yaml: line (\d+):/.exec(error.message)?.[1]) || undefined;
  return { ok: false, message: `error: ${error.message}`, ...(line ? { line } : {}) };
}
