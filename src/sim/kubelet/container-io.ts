/**
 * The ProcessIO a container's process gets: argv and env, a filesystem built on first use
 * (most server images never read theirs), its log buffer, listening ports (shared with the
 * probes) and Pod-network requests. The image's files and extra executables come with the
 * containers' code (container-code.ts): a container that uses them (a shell, `kubectl exec`)
 * starts only once that is there, so they are looked up on first use.
 */
import type { KubeObject } from '../api/types.ts';
import type { Cluster } from '../cluster.ts';
import { buildContainerFs, hasSubPathMount } from './volumes/container-fs.ts';
import type { MemFs } from './mem-fs.ts';
import { podFetch } from './network.ts';
import { podDns } from '../network/pod-dns.ts';
import { containerCode } from './container-code-part.ts';
import type { ProbePorts } from './probes.ts';
import type { ProcessIO } from './process.ts';
import { processUser, type ProcessUser } from './identity.ts';
import { procStatus } from './proc-status.ts';
import { firstProcessArgv } from './first-process.ts';
import { lacksBash } from './exec.ts';
import { podHostname } from './pod-hostname.ts';
import { LineTerminal } from './sh/line-terminal.ts';
import type { ContainerRuntime, PodRuntime } from './runtime.ts';

export function containerIO(
  cluster: Cluster,
  rt: PodRuntime,
  c: ContainerRuntime,
  pod: KubeObject,
  argv: string[],
  env: Record<string, string>,
  ports: ProbePorts,
): ProcessIO {
  const logs = c.logs;
  let fs: MemFs | undefined;
  const tag = c.ref?.tag ?? 'latest';
  let self: ProcessIO | undefined;
  const build = () => {
    const built = buildContainerFs(pod, c.spec, rt.ip ?? '', containerCode(cluster)?.imageFiles(c.image, tag) ?? {}, rt.volumes, () => cluster.now());
    const files = { passwd: built.read('/etc/passwd'), group: built.read('/etc/group') };
    const cpus = Number(cluster.store.get('nodes', '', rt.node)?.status?.capacity?.cpu ?? 8);
    built.write('/proc/1/status', procStatus(pod, c.spec, firstProcessArgv(argv), processUser(pod, c.spec, files, c.image?.user), Number.isInteger(cpus) && cpus > 0 ? cpus : 8), {
      mode: 0o444,
    });
    built.chmod('/proc/1', 0o555);
    // What the container's processes create is theirs: their uid, their gid (or a setgid directory's).
    built.creator = () => {
      const u = self?.user;
      return { uid: u?.uid ?? 0, gid: u?.gid ?? 0, groups: u?.groups ?? [] };
    };
    return built;
  };
  // subPath mounts are taken when the container starts; other filesystems are built on first use.
  if (hasSubPathMount(c.spec)) fs = build();
  let tools: { commands: ProcessIO['commands']; dash: boolean; coreutils: boolean; procps: boolean } | undefined;
  const imageTools = () => {
    const code = containerCode(cluster);
    if (!code) return { commands: undefined, dash: false, coreutils: false, procps: true };
    return (tools ??= { commands: code.imageCommands(c.image, tag), dash: code.shIsDash(c.image, tag), coreutils: code.hasCoreutils(c.image, tag), procps: code.hasProcps(c.image, tag) });
  };
  let user: ProcessUser | undefined;
  self = {
    argv,
    env,
    get user() {
      if (user) return user;
      const f = this.fs;
      const found = processUser(pod, c.spec, { passwd: f.read('/etc/passwd'), group: f.read('/etc/group') }, c.image?.user);
      // Without the image's files yet (containers' code still loading) the uid is right but not
      // the groups from /etc/passwd: keep it only once they are there.
      if (containerCode(cluster)) user = found;
      return found;
    },
    get fs() {
      if (fs) return fs;
      // Before the containers' code is there only a program of the preset's images can ask, and
      // those read no image files: build without them, and keep the filesystem once they exist.
      const built = build();
      if (containerCode(cluster)) fs = built;
      return built;
    },
    hostname: pod.spec?.hostNetwork ? rt.node : podHostname(pod),
    now: () => cluster.now(),
    out: (t) => logs.write('stdout', t, cluster.now()),
    err: (t) => logs.write('stderr', t, cluster.now()),
    listen: (port, http) => ports.set(port, http),
    fetch: (host, port, path, agent, hostHeader) => podFetch(cluster, rt, host, port, path, agent, hostHeader),
    dns: podDns(cluster, pod),
    get commands() {
      return imageTools().commands;
    },
    get dash() {
      return imageTools().dash;
    },
    get coreutils() {
      return imageTools().coreutils;
    },
    get procps() {
      return imageTools().procps;
    },
    // `stdin: true` (kubectl run -i): the main process's shell reads what an attach sends.
    ...(c.spec?.stdin ? { terminal: new LineTerminal(lacksBash(c) ? 'busybox' : 'dash', c.spec.tty === true) } : {}),
  };
  return self;
}
