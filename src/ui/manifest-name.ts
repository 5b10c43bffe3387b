/**
 * Build-time helper for YAML code blocks: is the block a Kubernetes manifest, and which file
 * name does the "Apply" button save it under.
 */
import { parseAllDocuments } from 'yaml';

/**
 * The file name for a manifest block: the `file=` option when given, else `<metadata.name>.yaml`
 * of its first object (`<kind>.yaml` when unnamed). Undefined when the block is not a manifest
 * (no document with apiVersion and kind), e.g. a kubeconfig excerpt or a values file.
 */
export function manifestFileName(code: string, fileOption?: string): string | undefined {
  let docs: unknown[];
  try {
    docs = parseAllDocuments(code).map((d) => d.toJS() as unknown);
  } catch {
    return undefined;
  }
  const first = docs.find(
    (d): d is { kind: string; metadata?: { name?: unknown } } =>
      typeof d === 'object' && d !== null && typeof (d as Record<string, unknown>).apiVersion === 'string' &&
      typeof (d as Record<string, unknown>).kind === 'string',
  );
  if (!first) return undefined;
  if (fileOption) return fileOption;
  const name = typeof first.metadata?.name === 'string' ? first.metadata.name : first.kind.toLowerCase();
  return `${name.replace(/[^\w.-]/g, '-')}.yaml`;
}
