import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

const RBAC = `apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: reader
  namespace: team
rules:
- apiGroups: [""]
  resources: [pods]
  verbs: [get, list]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: read
  namespace: team
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: Role
  name: reader
subjects:
- kind: User
  name: jane
  apiGroup: rbac.authorization.k8s.io
`;

describe('kubectl auth reconcile', () => {
  it('creates the role, its namespace and the binding, then finds nothing to do', async () => {
    const { run } = await kindSession({ 'rbac.yaml': RBAC });
    expect(await run('auth reconcile -f rbac.yaml')).toEqual({
      stdout: 'role.rbac.authorization.k8s.io/reader reconciled\nrolebinding.rbac.authorization.k8s.io/read reconciled\n',
      stderr:
        '\treconciliation required create\n\tmissing rules added:\n' +
        '\t\t{Verbs:[get] APIGroups:[] Resources:[pods] ResourceNames:[] NonResourceURLs:[]}\n' +
        '\t\t{Verbs:[list] APIGroups:[] Resources:[pods] ResourceNames:[] NonResourceURLs:[]}\n' +
        '\treconciliation required create\n\tmissing subjects added:\n\t\t{Kind:User APIGroup:rbac.authorization.k8s.io Name:jane Namespace:}\n',
      code: 0,
    });
    expect((await run('get ns team')).code).toBe(0);
    expect(await run('auth reconcile -f rbac.yaml')).toEqual({
      stdout: 'role.rbac.authorization.k8s.io/reader reconciled\nrolebinding.rbac.authorization.k8s.io/read reconciled\n',
      stderr: '',
      code: 0,
    });
    expect((await run('auth can-i list pods -n team --as=jane')).stdout).toBe('yes\n');
  });

  it('adds only the missing rules and subjects, and removes extras when asked', async () => {
    const { run } = await kindSession({ 'rbac.yaml': RBAC });
    await run('create namespace team');
    await run('create role reader -n team --verb=get --resource=pods');
    await run('create rolebinding read -n team --role=reader --user=bob');
    const r = await run('auth reconcile -f rbac.yaml --remove-extra-subjects');
    expect(r.stderr).toBe(
      '\treconciliation required update\n\tmissing rules added:\n\t\t{Verbs:[list] APIGroups:[] Resources:[pods] ResourceNames:[] NonResourceURLs:[]}\n' +
        '\treconciliation required update\n\tmissing subjects added:\n\t\t{Kind:User APIGroup:rbac.authorization.k8s.io Name:jane Namespace:}\n' +
        '\textra subjects removed:\n\t\t{Kind:User APIGroup:rbac.authorization.k8s.io Name:bob Namespace:}\n',
    );
    expect((await run('auth can-i list pods -n team --as=jane')).stdout).toBe('yes\n');
    expect((await run('auth can-i get pods -n team --as=bob')).stdout).toBe('no\n');
    expect((await run('auth reconcile')).stderr).toBe('error: must specify one of -f and -k\n');
  });
});
