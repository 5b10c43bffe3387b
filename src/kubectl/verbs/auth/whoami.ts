/**
 * `kubectl auth whoami`: the SelfSubjectReview the API server answers with, as a table
 * (ATTRIBUTE / VALUE: Username, UID for a service account, Groups) or as the object
 * (`-o yaml|json|jsonpath`): the user the kubeconfig's credentials authenticate as (kind's
 * admin client certificate says CN=kubernetes-admin, O=kubeadm:cluster-admins); with `--as`
 * the review shows the impersonated user, as the API server's impersonation makes it (the
 * `--as-group`s, or a service account's groups when none is given, then system:authenticated).
 */
import type { Invocation, Verb } from '../../cli/verb.ts';
import { checkFormat, outputFormat, renderObjects, WRITE_FORMATS } from '../../printers/output.ts';
import { formatTable } from '../../printers/table-writer.ts';
import type { KubeObject } from '../../../sim/index.ts';

/** The user the API server sees for this invocation (with `--as`, the impersonated one). */
export function userInfo(inv: Invocation): { username: string; uid?: string; groups: string[]; extra?: Record<string, string[]> } {
  const u = inv.client.user();
  return { username: u.username, ...(u.uid ? { uid: u.uid } : {}), groups: u.groups, ...(u.extra ? { extra: u.extra } : {}) };
}

export const whoami: Verb = {
  name: 'whoami',
  short: 'Experimental: Check self subject attributes',
  run: async (inv) => {
    const format = outputFormat(inv);
    if (format) checkFormat(format, WRITE_FORMATS);
    const user = userInfo(inv);
    if (format) {
      const review = { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview', metadata: { creationTimestamp: null }, status: { userInfo: user } };
      inv.out(renderObjects([review as unknown as KubeObject], format, true, false, !inv.flags.has('allow-missing-template-keys') || inv.flags.bool('allow-missing-template-keys')));
      return 0;
    }
    const extra = Object.keys(user.extra ?? {})
      .sort()
      .map((k) => [`Extra: ${k}`, `[${user.extra![k]!.join(' ')}]`]);
    const rows = [['ATTRIBUTE', 'VALUE'], ['Username', user.username], ...(user.uid ? [['UID', user.uid]] : []), ['Groups', `[${user.groups.join(' ')}]`], ...extra];
    inv.out(formatTable(rows, 0, 3));
    return 0;
  },
};
