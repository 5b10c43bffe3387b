/**
 * The user a container's processes run as, as the kubelet and containerd set it from the
 * securityContext and the image's /etc/passwd and /etc/group:
 * - uid: the container's `runAsUser`, else the Pod's, else the image's user (root here);
 * - gid: `runAsGroup` (container, then Pod), else the user's group in /etc/passwd, else 0;
 * - groups: the groups of /etc/group that list the user by name, the primary gid, the Pod's
 *   `fsGroup` and `supplementalGroups`; the kernel keeps them sorted, so `id` shows them so.
 * `id` in the container prints this (names looked up in the container's own files).
 */
import type { KubeObject } from '../api/types.ts';

export interface ProcessUser {
  uid: number;
  gid: number;
  /** Supplementary groups, sorted and unique (the primary gid included). */
  groups: number[];
}

export const ROOT: ProcessUser = { uid: 0, gid: 0, groups: [0] };

interface Entry {
  name: string;
  id: number;
  /** passwd: the user's group (field 4). */
  gid: number;
  /** group: its members by name (field 4). */
  members: string[];
}

function entries(text: string | undefined): Entry[] {
  const out: Entry[] = [];
  for (const line of (text ?? '').split('\n')) {
    const f = line.split(':');
    if (f.length < 3 || !/^\d+$/.test(f[2]!)) continue;
    out.push({ name: f[0]!, id: Number(f[2]), gid: Number(f[3] || 0), members: (f[3] ?? '').split(',').filter(Boolean) });
  }
  return out;
}

const int = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) ? v : undefined);

/** The image's User as a uid (and gid), or its name when it is not numeric; root when unset. */
function imageUserOf(user: string | undefined): { uid?: number; gid?: number; name?: string } {
  if (!user) return { uid: 0 };
  const [u, g] = user.split(':');
  if (/^\d+$/.test(u!)) return { uid: Number(u), ...(g && /^\d+$/.test(g) ? { gid: Number(g) } : {}) };
  return { name: u };
}

/**
 * The identity of a container's processes (files: the image's /etc/passwd and /etc/group;
 * imageUser: the image config's User, root when unset).
 */
export function processUser(pod: KubeObject, container: KubeObject['spec'], files: { passwd?: string; group?: string }, imageUser?: string): ProcessUser {
  const psc = pod.spec?.securityContext ?? {};
  const csc = container?.securityContext ?? {};
  const users = entries(files.passwd);
  const image = imageUserOf(imageUser);
  const imageUid = image.uid ?? users.find((u) => u.name === image.name)?.id ?? 0;
  const uid = int(csc.runAsUser) ?? int(psc.runAsUser) ?? imageUid;
  const user = users.find((u) => u.id === uid);
  const gid = int(csc.runAsGroup) ?? int(psc.runAsGroup) ?? (uid === imageUid ? image.gid : undefined) ?? user?.gid ?? 0;
  const groups = new Set<number>([gid]);
  if (user) {
    for (const g of entries(files.group)) if (g.name !== user.name && g.members.includes(user.name)) groups.add(g.id);
  }
  const fsGroup = int(psc.fsGroup);
  if (fsGroup !== undefined) groups.add(fsGroup);
  for (const g of Array.isArray(psc.supplementalGroups) ? psc.supplementalGroups : []) if (int(g) !== undefined) groups.add(g as number);
  return { uid, gid, groups: [...groups].sort((a, b) => a - b) };
}

/** `id` (busybox and coreutils print alike): `uid=1000 gid=3000 groups=2000,3000`, names where known. */
export function formatId(user: ProcessUser, files: { passwd?: string; group?: string }): string {
  const userName = new Map(entries(files.passwd).map((u) => [u.id, u.name]));
  const groupName = new Map(entries(files.group).map((g) => [g.id, g.name]));
  const named = (id: number, names: Map<number, string>) => (names.has(id) ? `${id}(${names.get(id)})` : String(id));
  return `uid=${named(user.uid, userName)} gid=${named(user.gid, groupName)} groups=${user.groups.map((g) => named(g, groupName)).join(',')}`;
}

/** `whoami`: the user's name, or busybox's error for a uid without one. */
export function userName(user: ProcessUser, passwd: string | undefined): string | undefined {
  return entries(passwd).find((u) => u.id === user.uid)?.name;
}

/** `id [-u|-g|-G] [-n]` (no user operand: the process itself), or the error for anything else. */
export function idOutput(user: ProcessUser, args: string[], files: { passwd?: string; group?: string }): { text: string } | { error: string } {
  const flags = new Set<string>();
  for (const a of args) {
    if (!/^-[ugGnr]+$/.test(a)) return { error: a.startsWith('-') ? `id: unrecognized option: ${a.replace(/^-+/, '').slice(0, 1)}\n` : `id: unknown user ${a}\n` };
    for (const f of a.slice(1)) flags.add(f);
  }
  const names = flags.has('n');
  const userNames = new Map(entries(files.passwd).map((u) => [u.id, u.name]));
  const groupNames = new Map(entries(files.group).map((g) => [g.id, g.name]));
  const show = (id: number, m: Map<number, string>) => (names ? (m.get(id) ?? String(id)) : String(id));
  if (flags.has('u')) return { text: `${show(user.uid, userNames)}\n` };
  if (flags.has('g')) return { text: `${show(user.gid, groupNames)}\n` };
  if (flags.has('G')) return { text: `${user.groups.map((g) => show(g, groupNames)).join(' ')}\n` };
  return { text: `${formatId(user, files)}\n` };
}

/**
 * The kubelet's runAsNonRoot check (verifyRunAsNonRoot) before it creates a container: a
 * runAsUser of 0, or no runAsUser and an image that runs as root (or as a user name it cannot
 * check), blocks the container with CreateContainerConfigError.
 */
export function runAsNonRootError(pod: KubeObject, container: KubeObject['spec'], imageUser?: string): string | undefined {
  const psc = pod.spec?.securityContext ?? {};
  const csc = container?.securityContext ?? {};
  if ((csc.runAsNonRoot ?? psc.runAsNonRoot) !== true) return undefined;
  const where = `(pod: "${pod.metadata.name}_${pod.metadata.namespace ?? 'default'}(${pod.metadata.uid})", container: ${container?.name})`;
  const runAsUser = int(csc.runAsUser) ?? int(psc.runAsUser);
  if (runAsUser !== undefined) return runAsUser === 0 ? `container's runAsUser breaks non-root policy ${where}` : undefined;
  const image = imageUserOf(imageUser);
  if (image.uid === 0) return `container has runAsNonRoot and image will run as root ${where}`;
  if (image.uid === undefined && image.name) return `container has runAsNonRoot and image has non-numeric user (${image.name}), cannot verify user is non-root ${where}`;
  return undefined;
}
