/**
 * `kubectl set subject (-f FILE | TYPE NAME) [--user=U] [--group=G] [--serviceaccount=NS:NAME]`
 * (set_subject.go): adds subjects to a RoleBinding or ClusterRoleBinding, keeping those it
 * has and skipping ones already there; a binding left as it was prints nothing.
 */
import { CliError } from '../../cli/errors.ts';
import type { Verb } from '../../cli/verb.ts';
import { kindPrefix, resolveType } from '../../resource/resolve.ts';
import { NO_RESOURCES } from '../../resource/workloads.ts';
import { finish, patchTargets } from './patch.ts';

interface Subject {
  kind: string;
  apiGroup?: string;
  name: string;
  namespace?: string;
}

const RBAC = 'rbac.authorization.k8s.io';

/** The subjects the flags name: users, then groups, then service accounts. */
function subjectsOf(users: string[], groups: string[], accounts: string[]): Subject[] {
  const out: Subject[] = [];
  for (const u of users) out.push({ apiGroup: RBAC, kind: 'User', name: u });
  for (const g of groups) out.push({ apiGroup: RBAC, kind: 'Group', name: g });
  for (const sa of accounts) {
    const [ns, name] = sa.split(':');
    out.push({ kind: 'ServiceAccount', name: name!, namespace: ns! });
  }
  return out;
}

const same = (a: Subject, b: Subject) => a.kind === b.kind && a.name === b.name && (a.namespace ?? '') === (b.namespace ?? '') && (a.apiGroup ?? '') === (b.apiGroup ?? '');

export const subjectCommand: Verb = {
  name: 'subject',
  short: 'Update the user, group, or service account in a role binding or cluster role binding',
  run: async (inv) => {
    if (!inv.args.length && !inv.flags.list('filename').length && !inv.flags.str('selector') && !inv.flags.bool('all')) throw new CliError(NO_RESOURCES);
    const users = inv.flags.all('user');
    const groups = inv.flags.all('group');
    const accounts = inv.flags.all('serviceaccount');
    if (!users.length && !groups.length && !accounts.length) throw new CliError('you must specify at least one value of user, group or serviceaccount');
    for (const sa of accounts) if (sa.split(':').length !== 2 || sa.split(':').some((p) => !p)) throw new CliError('serviceaccount must be <namespace>:<name>');
    const wanted = subjectsOf(users, groups, accounts);
    const errors = patchTargets(
      inv,
      inv.args,
      (obj) => {
        if (obj.kind !== 'RoleBinding' && obj.kind !== 'ClusterRoleBinding') {
          throw new CliError(`${kindPrefix(resolveType(obj.kind.toLowerCase()))}/${obj.metadata.name} setting subjects is only supported for RoleBinding/ClusterRoleBinding`);
        }
        const subjects = [...((obj as { subjects?: Subject[] }).subjects ?? [])];
        for (const s of wanted) if (!subjects.some((t) => same(t, s))) subjects.push(s);
        (obj as { subjects?: Subject[] }).subjects = subjects;
      },
      'subjects updated',
    );
    return finish(inv, errors);
  },
};
