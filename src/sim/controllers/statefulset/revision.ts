/**
 * ControllerRevisions for StatefulSets and DaemonSets (pkg/controller/history): the template
 * snapshot as a patch, its FNV-32a hash encoded with the name-suffix alphabet, revision
 * numbering (an equal older revision is reused with a new number, as a rollback does), and
 * history trimming to revisionHistoryLimit.
 */
import type { ApiServer } from '../../apiserver/api-server.ts';
import { SUFFIX_ALPHABET } from '../../clock/random.ts';
import type { KubeObject } from '../../api/types.ts';

/** FNV-32a of a string's UTF-8 bytes. */
export function fnv32a(text: string): number {
  let h = 0x811c9dc5;
  const step = (b: number) => {
    h ^= b;
    h = Math.imul(h, 0x01000193) >>> 0;
  };
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x80) step(cp);
    else if (cp < 0x800) {
      step(0xc0 | (cp >> 6));
      step(0x80 | (cp & 63));
    } else if (cp < 0x10000) {
      step(0xe0 | (cp >> 12));
      step(0x80 | ((cp >> 6) & 63));
      step(0x80 | (cp & 63));
    } else {
      step(0xf0 | (cp >> 18));
      step(0x80 | ((cp >> 12) & 63));
      step(0x80 | ((cp >> 6) & 63));
      step(0x80 | (cp & 63));
    }
  }
  return h >>> 0;
}

/** rand.SafeEncodeString of the decimal form: each digit's byte value mod 27 in the suffix alphabet. */
export function safeEncode(n: number): string {
  let out = '';
  for (const ch of String(n)) out += SUFFIX_ALPHABET[ch.charCodeAt(0) % SUFFIX_ALPHABET.length];
  return out;
}

/** The revision data: the template as a strategic-merge patch that replaces it. */
export function revisionData(template: unknown): Record<string, unknown> {
  return { spec: { template: { ...(template as object), $patch: 'replace' } } };
}

/** HashControllerRevision: hash of the data, plus the collision count when given. */
export function revisionHash(data: unknown, collisionCount?: number): string {
  const raw = JSON.stringify(data) + (collisionCount !== undefined ? String(collisionCount) : '');
  return safeEncode(fnv32a(raw));
}

/** The pod template a revision recorded. */
export function templateOf(revision: KubeObject): Record<string, unknown> {
  const t = { ...((revision.data as { spec?: { template?: Record<string, unknown> } })?.spec?.template ?? {}) };
  delete t.$patch;
  return t;
}

/** Revisions owned (as controller) by `owner`, oldest revision number first. */
export function ownedRevisions(api: ApiServer, owner: KubeObject): KubeObject[] {
  const uid = owner.metadata.uid;
  return api
    .list('controllerrevisions.apps', {
      namespace: owner.metadata.namespace,
      filter: (r) => !!r.metadata.ownerReferences?.some((o) => o.controller && o.uid === uid),
    })
    .sort((a, b) => ((a.revision as number) ?? 0) - ((b.revision as number) ?? 0) || a.metadata.name!.localeCompare(b.metadata.name!));
}

export interface RevisionState {
  /** All owned revisions after the sync, oldest first. */
  revisions: KubeObject[];
  /** The revision of the current template. */
  update: KubeObject;
  /** The template hash (without the owner name prefix). */
  hash: string;
}

/**
 * Makes sure a revision for `template` exists and is the newest: reuses an equal one (bumping
 * its number when it is not the latest) or creates `<owner>-<hash>`.
 */
export function syncRevisions(api: ApiServer, owner: KubeObject, template: unknown, collisionCount?: number): RevisionState {
  const revisions = ownedRevisions(api, owner);
  const data = revisionData(template);
  const json = JSON.stringify(data);
  const hash = revisionHash(data, collisionCount);
  const max = revisions.reduce((m, r) => Math.max(m, (r.revision as number) ?? 0), 0);
  const equal = revisions.filter((r) => JSON.stringify(r.data) === json);
  if (equal.length) {
    const eq = equal[equal.length - 1]!;
    if (eq === revisions[revisions.length - 1]) return { revisions, update: eq, hash: eq.metadata.labels?.['controller-revision-hash'] ?? hash };
    const bumped = api.modifyStatus('controllerrevisions.apps', eq.metadata.namespace, eq.metadata.name!, (r) => {
      r.revision = max + 1;
    });
    return { revisions: ownedRevisions(api, owner), update: bumped, hash: bumped.metadata.labels?.['controller-revision-hash'] ?? hash };
  }
  const tmplLabels = ((template as { metadata?: { labels?: Record<string, string> } })?.metadata?.labels ?? {}) as Record<string, string>;
  const cr: KubeObject = {
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: {
      name: `${owner.metadata.name!.slice(0, 223)}-${hash}`,
      namespace: owner.metadata.namespace,
      labels: { ...tmplLabels, 'controller-revision-hash': hash },
      ownerReferences: [
        { apiVersion: owner.apiVersion, kind: owner.kind, name: owner.metadata.name!, uid: owner.metadata.uid!, controller: true, blockOwnerDeletion: true },
      ],
    },
    data,
    revision: max + 1,
  };
  const existing = api.tryGet('controllerrevisions.apps', owner.metadata.namespace, cr.metadata.name!);
  if (existing) {
    // Same name, different owner or data: a hash collision the caller resolves with collisionCount.
    return { revisions, update: existing, hash };
  }
  let created = api.create('controllerrevisions.apps', cr).object;
  const ownerCreated = owner.metadata.creationTimestamp;
  if (revisions.length === 0 && ownerCreated && ownerCreated < created.metadata.creationTimestamp!) {
    // A cluster that starts with this owner already in place (a preset) would have recorded
    // its first revision when the owner appeared, not when the simulation began.
    created = api.modifyStatus('controllerrevisions.apps', cr.metadata.namespace, cr.metadata.name!, (o) => {
      o.metadata.creationTimestamp = ownerCreated;
    });
  }
  return { revisions: [...revisions, created], update: created, hash };
}

/** Deletes the oldest revisions not in `live` beyond `limit`. */
export function truncateHistory(api: ApiServer, revisions: KubeObject[], live: Set<string>, limit: number): void {
  const history = revisions.filter((r) => !live.has(r.metadata.name!));
  const excess = history.length - Math.max(0, limit);
  for (let i = 0; i < excess; i++) {
    const r = history[i]!;
    try {
      api.delete('controllerrevisions.apps', r.metadata.namespace, r.metadata.name!);
    } catch {
      // Already gone.
    }
  }
}
