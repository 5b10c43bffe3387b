/**
 * The ProcessIO a container's process gets: argv and env, a filesystem built on first use
 * (most server images never read theirs), its log buffer, listening ports (shared with the
 * probes) and Pod-network requests.
 */
import type { KubeObject } from '../api/types.ts';
import type { Cluster } from '../cluster.ts';
import { buildContainerFs, hasSubPathMount } from './volumes/container-fs.ts';
import type { MemFs } from './mem-fs.ts';
import { podFetch } from './network.ts';
import { podDns } from '../network/pod-dns.ts';
import { imageCommands } from './images/exec-tools.ts';
import { imageFiles, shIsDash } from './images/files.ts';
import type { ProbePorts } from './probes.ts';
import type { ProcessIO } from './process.ts';
import { lacksBash } from './exec.ts';
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
  const build = () => buildContainerFs(pod, c.spec, rt.ip ?? '', imageFiles(c.image, c.ref?.tag ?? 'latest'), rt.volumes, () => cluster.now());
  // subPath mounts are taken when the container starts; other filesystems are built on first use.
  if (hasSubPathMount(c.spec)) fs = build();
  return {
    argv,
    env,
    get fs() {
      return (fs ??= build());
    },
    hostname: pod.spec?.hostNetwork ? rt.node : pod.metadata.name!,
    now: () => cluster.now(),
    out: (t) => logs.write('stdout', t, cluster.now()),
    err: (t) => logs.write('stderr', t, cluster.now()),
    listen: (port, http) => ports.set(port, http),
    fetch: (host, port, path, agent, hostHeader) => podFetch(cluster, rt, host, port, path, agent, hostHeader),
    dns: podDns(cluster, rt.namespace),
    commands: imageCommands(c.image, c.ref?.tag ?? 'latest'),
    dash: shIsDash(c.image, c.ref?.tag ?? 'latest'),
    // `stdin: true` (kubectl run -i): the main process's shell reads what an attach sends.
    ...(c.spec?.stdin ? { terminal: new LineTerminal(lacksBash(c) ? 'busybox' : 'dash', c.spec.tty === true) } : {}),
  };
}
