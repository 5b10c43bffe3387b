/**
 * `kubectl auth reconcile -f FILE` (reconcile.go with rbac's reconciliation package): for each
 * Role, ClusterRole, RoleBinding and ClusterRoleBinding of the files, creates what is missing
 * (and a Role's namespace), adds the rules or subjects a live object lacks (each rule broken
 * down to one verb, group and resource, as the reconciler appends them), removes extra ones
 * with `--remove-extra-permissions` / `--remove-extra-subjects`, and recreates a binding whose
 * roleRef changed. It prints `role.rbac.authorization.k8s.io/NAME reconciled` and, on stderr,
 * what it changed in Go's `%+v` form. Other kinds in the files are skipped.
 */
import { clone, type KubeObject } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import type { Invocation, Verb } from '../../cli/verb.ts';
import { manifestNamespace, readManifests } from '../../resource/manifests.ts';
import { keyOf, kindPrefix } from '../../resource/resolve.ts';
import { dryRunOf, drySuffix } from '../../resource/write.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Rule = { verbs?: string[]; apiGroups?: string[]; resources?: string[]; resourceNames?: string[]; nonResourceURLs?: string[] };
type Subject = { kind: string; apiGroup?: string; name: string; namespace?: string };

const list = (v: string[] | undefined) => `[${(v ?? []).join(' ')}]`;
const ruleText = (r: Rule) =>
  `{Verbs:${list(r.verbs)} APIGroups:${list(r.apiGroups)} Resources:${list(r.resources)} ResourceNames:${list(r.resourceNames)} NonResourceURLs:${list(r.nonResourceURLs)}}`;
const subjectText = (s: Subject) => `{Kind:${s.kind} APIGroup:${s.apiGroup ?? ''} Name:${s.name} Namespace:${s.namespace ?? ''}}`;

/** BreakdownRule: one rule per group, resource and verb (and per non-resource URL and verb). */
function breakdown(r: Rule): Rule[] {
  const out: Rule[] = [];
  for (const g of r.apiGroups ?? []) for (const res of r.resources ?? []) for (const v of r.verbs ?? []) out.push({ verbs: [v], apiGroups: [g], resources: [res], ...(r.resourceNames?.length ? { resourceNames: r.resourceNames } : {}) });
  for (const u of r.nonResourceURLs ?? []) for (const v of r.verbs ?? []) out.push({ verbs: [v], nonResourceURLs: [u] });
  return out;
}

const has = (list: string[] | undefined, v: string) => !!list && (list.includes('*') || list.includes(v));

/** Whether `owner` covers the single-verb rule `r` (rbac's ruleCovers). */
function covers(owner: Rule, r: Rule): boolean {
  const verb = r.verbs![0]!;
  if (!has(owner.verbs, verb)) return false;
  if (r.nonResourceURLs) return (owner.nonResourceURLs ?? []).some((u) => u === r.nonResourceURLs![0] || u === '*' || (u.endsWith('*') && r.nonResourceURLs![0]!.startsWith(u.slice(0, -1))));
  if (!has(owner.apiGroups, r.apiGroups![0]!) || !has(owner.resources, r.resources![0]!)) return false;
  return !owner.resourceNames?.length || (!!r.resourceNames?.length && r.resourceNames.every((n) => owner.resourceNames!.includes(n)));
}

/** Rules of `wanted` (broken down) that `existing` does not cover. */
const uncovered = (existing: Rule[], wanted: Rule[]) => wanted.flatMap(breakdown).filter((r) => !existing.some((o) => covers(o, r)));

const sameSubject = (a: Subject, b: Subject) => a.kind === b.kind && a.name === b.name && (a.namespace ?? '') === (b.namespace ?? '') && (a.apiGroup ?? '') === (b.apiGroup ?? '');
const sameRef = (a: any, b: any) => a?.kind === b?.kind && a?.name === b?.name && (a?.apiGroup ?? '') === (b?.apiGroup ?? '');

const ROLES = new Set(['Role', 'ClusterRole']);
const BINDINGS = new Set(['RoleBinding', 'ClusterRoleBinding']);

async function run(inv: Invocation): Promise<number> {
  if (!inv.flags.list('filename').length && !inv.flags.str('kustomize')) throw new CliError('must specify one of -f and -k');
  const dry = dryRunOf(inv);
  const write = dry === 'none';
  for (const m of readManifests(inv)) {
    if (!ROLES.has(m.obj.kind) && !BINDINGS.has(m.obj.kind)) continue;
    const want = clone(m.obj) as any;
    const ns = manifestNamespace(inv, m);
    if (ns) want.metadata.namespace = ns;
    const key = keyOf(m.type);
    const live = inv.client.tryGet(key, ns, want.metadata.name) as any;
    const notes: string[] = [];
    let shown: KubeObject = want;
    if (ROLES.has(want.kind)) {
      const missing = uncovered(live?.rules ?? [], want.rules ?? []);
      const extra = live && inv.flags.bool('remove-extra-permissions') ? uncovered(want.rules ?? [], live.rules ?? []) : [];
      if (!live) {
        notes.push('\treconciliation required create');
        if (write && ns && !inv.client.tryGet('namespaces', undefined, ns)) inv.client.create('namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } } as KubeObject);
        if (write) shown = inv.client.create(key, want).object;
      } else if (missing.length || extra.length) {
        notes.push('\treconciliation required update');
        const next = clone(live);
        next.rules = [...(extra.length ? want.rules ?? [] : live.rules ?? []), ...(extra.length ? [] : missing)];
        delete next.metadata.resourceVersion;
        shown = write ? inv.client.update(key, next).object : next;
      } else shown = live;
      if (missing.length) notes.push('\tmissing rules added:', ...missing.map((r) => `\t\t${ruleText(r)}`));
      if (inv.flags.bool('remove-extra-permissions') && extra.length) notes.push('\textra rules removed:', ...extra.map((r) => `\t\t${ruleText(r)}`));
    } else {
      const wantSubjects: Subject[] = want.subjects ?? [];
      const liveSubjects: Subject[] = live?.subjects ?? [];
      const recreate = live && !sameRef(live.roleRef, want.roleRef);
      const missing = recreate || !live ? wantSubjects : wantSubjects.filter((s) => !liveSubjects.some((t) => sameSubject(s, t)));
      const extra = live && !recreate && inv.flags.bool('remove-extra-subjects') ? liveSubjects.filter((s) => !wantSubjects.some((t) => sameSubject(s, t))) : [];
      if (!live || recreate) {
        notes.push(`\treconciliation required ${live ? 'recreate' : 'create'}`);
        if (write && recreate) inv.client.delete(key, ns, want.metadata.name);
        if (write && ns && !inv.client.tryGet('namespaces', undefined, ns)) inv.client.create('namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } } as KubeObject);
        if (write) shown = inv.client.create(key, want).object;
      } else if (missing.length || extra.length) {
        notes.push('\treconciliation required update');
        const next = clone(live);
        next.subjects = [...liveSubjects.filter((s) => !extra.some((t) => sameSubject(s, t))), ...missing];
        delete next.metadata.resourceVersion;
        shown = write ? inv.client.update(key, next).object : next;
      } else shown = live;
      if (missing.length) notes.push('\tmissing subjects added:', ...missing.map((s) => `\t\t${subjectText(s)}`));
      if (extra.length) notes.push('\textra subjects removed:', ...extra.map((s) => `\t\t${subjectText(s)}`));
    }
    inv.out(`${kindPrefix(m.type)}/${shown.metadata.name} reconciled${drySuffix(dry)}\n`);
    if (notes.length) inv.err(notes.join('\n') + '\n');
  }
  return 0;
}

export const reconcile: Verb = { name: 'reconcile', short: 'Reconciles rules for RBAC role, role binding, cluster role, and cluster role binding objects', run };
