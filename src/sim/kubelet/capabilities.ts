/**
 * The Linux capabilities of a container's first process, as containerd and runc set them from
 * the container's `securityContext`: the runtime's default set (containerd's
 * `DefaultCapabilities`: CHOWN, DAC_OVERRIDE, FSETID, FOWNER, MKNOD, NET_RAW, SETGID, SETUID,
 * SETFCAP, SETPCAP, NET_BIND_SERVICE, SYS_CHROOT, KILL, AUDIT_WRITE), with `capabilities.add`
 * added and `capabilities.drop` taken away (`ALL` in either meaning every capability), or every
 * capability for a `privileged` container. The set bounds every process (CapBnd); a root process
 * holds it as permitted and effective, a non-root one holds none (containerd sets no ambient
 * capabilities), and the inheritable set is empty.
 */

/** Capability numbers of include/uapi/linux/capability.h, by name without `CAP_`. */
export const CAPABILITY_NUMBERS: Readonly<Record<string, number>> = {
  CHOWN: 0,
  DAC_OVERRIDE: 1,
  DAC_READ_SEARCH: 2,
  FOWNER: 3,
  FSETID: 4,
  KILL: 5,
  SETGID: 6,
  SETUID: 7,
  SETPCAP: 8,
  LINUX_IMMUTABLE: 9,
  NET_BIND_SERVICE: 10,
  NET_BROADCAST: 11,
  NET_ADMIN: 12,
  NET_RAW: 13,
  IPC_LOCK: 14,
  IPC_OWNER: 15,
  SYS_MODULE: 16,
  SYS_RAWIO: 17,
  SYS_CHROOT: 18,
  SYS_PTRACE: 19,
  SYS_PACCT: 20,
  SYS_ADMIN: 21,
  SYS_BOOT: 22,
  SYS_NICE: 23,
  SYS_RESOURCE: 24,
  SYS_TIME: 25,
  SYS_TTY_CONFIG: 26,
  MKNOD: 27,
  LEASE: 28,
  AUDIT_WRITE: 29,
  AUDIT_CONTROL: 30,
  SETFCAP: 31,
  MAC_OVERRIDE: 32,
  MAC_ADMIN: 33,
  SYSLOG: 34,
  WAKE_ALARM: 35,
  BLOCK_SUSPEND: 36,
  AUDIT_READ: 37,
  PERFMON: 38,
  BPF: 39,
  CHECKPOINT_RESTORE: 40,
};

/** containerd's default capabilities. */
export const DEFAULT_CAPABILITIES: readonly string[] = [
  'CHOWN',
  'DAC_OVERRIDE',
  'FSETID',
  'FOWNER',
  'MKNOD',
  'NET_RAW',
  'SETGID',
  'SETUID',
  'SETFCAP',
  'SETPCAP',
  'NET_BIND_SERVICE',
  'SYS_CHROOT',
  'KILL',
  'AUDIT_WRITE',
];

const ALL = Object.keys(CAPABILITY_NUMBERS);

/** `NET_ADMIN` and `CAP_NET_ADMIN` alike, upper-cased. */
function capName(v: unknown): string {
  const s = String(v).toUpperCase();
  return s.startsWith('CAP_') ? s.slice(4) : s;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

/** The names of the container's bounding set (see the module comment). */
export function containerCapabilities(container: Obj | undefined): string[] {
  const sc = container?.securityContext ?? {};
  if (sc.privileged === true) return [...ALL];
  const add = ((sc.capabilities?.add ?? []) as unknown[]).map(capName);
  const drop = ((sc.capabilities?.drop ?? []) as unknown[]).map(capName);
  // containerd's order: ALL added, ALL dropped, then each one added, then each one dropped.
  const set = new Set(add.includes('ALL') ? ALL : DEFAULT_CAPABILITIES);
  if (drop.includes('ALL')) set.clear();
  for (const a of add) if (a in CAPABILITY_NUMBERS) set.add(a);
  for (const d of drop) set.delete(d);
  return ALL.filter((c) => set.has(c));
}

/** A capability set as /proc/PID/status prints it: 16 hex digits. */
export function capabilityMask(names: readonly string[]): string {
  let mask = 0n;
  for (const n of names) {
    const bit = CAPABILITY_NUMBERS[n];
    if (bit !== undefined) mask |= 1n << BigInt(bit);
  }
  return mask.toString(16).padStart(16, '0');
}
