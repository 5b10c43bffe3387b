/** The kubeconfig a `kubectl config` command reads and writes: its path and document. */
import { readDocument, writeDocument, type KubeconfigDoc } from '../../kubeconfig/document.ts';
import { kubeconfigPath } from '../../kubeconfig/location.ts';
import type { Invocation } from '../../cli/verb.ts';

/** The file `inv` works on and its document (kind's when the file does not exist yet). */
export async function openConfig(inv: Invocation): Promise<{ path: string; doc: KubeconfigDoc; save(): void }> {
  const path = kubeconfigPath(inv.ctx, inv.flags.str('kubeconfig'));
  const doc = await readDocument(inv.ctx, path);
  return { path, doc, save: () => writeDocument(inv.ctx, path, doc) };
}
