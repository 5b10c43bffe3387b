/**
 * /proc/1/status of a container's first process, in the layout of the nodes' kernel (6.8,
 * fs/proc/array.c): its name (the executable's, 15 characters at most), its user and groups,
 * its capability sets (capabilities.ts), NoNewPrivs (set when `allowPrivilegeEscalation` is
 * false) and its seccomp mode (2 under a `RuntimeDefault` or `Localhost` profile, 0 unconfined,
 * kind's kubelet default). Memory and scheduling figures are those of a small idle process.
 */
import { capabilityMask, containerCapabilities } from './capabilities.ts';
import type { ProcessUser } from './identity.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

/** The seccomp profile type in force: the container's, else the Pod's. */
function seccompFiltered(pod: Obj, container: Obj | undefined): boolean {
  const type = container?.securityContext?.seccompProfile?.type ?? pod.spec?.securityContext?.seccompProfile?.type;
  return type === 'RuntimeDefault' || type === 'Localhost';
}

/** The kernel's `comm`: the executable's base name, cut to 15 bytes. */
export function commName(argv0: string): string {
  return (argv0.split('/').pop() ?? argv0).slice(0, 15);
}

/** The text of /proc/1/status for the process running `argv` as `user` in `container` of `pod`. */
export function procStatus(pod: Obj, container: Obj | undefined, argv: readonly string[], user: ProcessUser, cpus = 8): string {
  const caps = containerCapabilities(container);
  const bounding = capabilityMask(caps);
  const held = user.uid === 0 ? bounding : capabilityMask([]);
  const noNewPrivs = container?.securityContext?.allowPrivilegeEscalation === false && container?.securityContext?.privileged !== true;
  const filtered = seccompFiltered(pod, container);
  const ids = (id: number) => `${id}\t${id}\t${id}\t${id}`;
  const kb = (n: number) => `${String(n).padStart(8)} kB`;
  return [
    `Name:\t${commName(argv[0] ?? 'sh')}`,
    'Umask:\t0022',
    'State:\tS (sleeping)',
    'Tgid:\t1',
    'Ngid:\t0',
    'Pid:\t1',
    'PPid:\t0',
    'TracerPid:\t0',
    `Uid:\t${ids(user.uid)}`,
    `Gid:\t${ids(user.gid)}`,
    'FDSize:\t64',
    // The kernel lists the supplementary groups each followed by a space.
    `Groups:\t${user.groups.map((g) => `${g} `).join('')}`,
    'NStgid:\t1',
    'NSpid:\t1',
    'NSpgid:\t1',
    'NSsid:\t1',
    `VmPeak:\t${kb(1308)}`,
    `VmSize:\t${kb(1308)}`,
    `VmLck:\t${kb(0)}`,
    `VmPin:\t${kb(0)}`,
    `VmHWM:\t${kb(4)}`,
    `VmRSS:\t${kb(4)}`,
    `RssAnon:\t${kb(4)}`,
    `RssFile:\t${kb(0)}`,
    `RssShmem:\t${kb(0)}`,
    `VmData:\t${kb(48)}`,
    `VmStk:\t${kb(132)}`,
    `VmExe:\t${kb(984)}`,
    `VmLib:\t${kb(0)}`,
    `VmPTE:\t${kb(36)}`,
    `VmSwap:\t${kb(0)}`,
    `HugetlbPages:\t${kb(0)}`,
    'CoreDumping:\t0',
    'THP_enabled:\t1',
    'untag_mask:\t0xffffffffffffffff',
    'Threads:\t1',
    'SigQ:\t0/31401',
    'SigPnd:\t0000000000000000',
    'ShdPnd:\t0000000000000000',
    'SigBlk:\t0000000000000000',
    'SigIgn:\t0000000000000000',
    'SigCgt:\t0000000000000000',
    'CapInh:\t0000000000000000',
    `CapPrm:\t${held}`,
    `CapEff:\t${held}`,
    `CapBnd:\t${bounding}`,
    'CapAmb:\t0000000000000000',
    `NoNewPrivs:\t${noNewPrivs ? 1 : 0}`,
    `Seccomp:\t${filtered ? 2 : 0}`,
    `Seccomp_filters:\t${filtered ? 1 : 0}`,
    `Speculation_Store_Bypass:\t${filtered ? 'thread force mitigated' : 'thread vulnerable'}`,
    'SpeculationIndirectBranch:\tconditional enabled',
    `Cpus_allowed:\t${((1n << BigInt(cpus)) - 1n).toString(16)}`,
    `Cpus_allowed_list:\t${cpus > 1 ? `0-${cpus - 1}` : '0'}`,
    'Mems_allowed:\t00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000000,00000001',
    'Mems_allowed_list:\t0',
    'voluntary_ctxt_switches:\t5',
    'nonvoluntary_ctxt_switches:\t1',
    'x86_Thread_features:\t',
    'x86_Thread_features_locked:\t',
    '',
  ].join('\n');
}
