/** The `Volumes:` block of `describe pod` and pod templates. */
import type { PrefixWriter } from './prefix-writer.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;

const opt = (v: unknown) => (v === undefined || v === null ? '<nil>' : String(v));

/** Writes `Volumes:` at `level` (0 for pods, 1 inside pod templates). */
export function describeVolumes(w: PrefixWriter, volumes: Any[] | undefined, level = 0): void {
  if (!volumes?.length) {
    w.write(level, 'Volumes:\t<none>\n');
    return;
  }
  w.write(level, 'Volumes:\n');
  const l = level + 2;
  for (const v of volumes) {
    w.write(level + 1, `${v.name}:\n`);
    if (v.hostPath) {
      w.write(l, 'Type:\tHostPath (bare host directory volume)\n');
      w.write(l, `Path:\t${v.hostPath.path}\n`);
      w.write(l, `HostPathType:\t${v.hostPath.type ?? ''}\n`);
    } else if (v.emptyDir) {
      w.write(l, "Type:\tEmptyDir (a temporary directory that shares a pod's lifetime)\n");
      w.write(l, `Medium:\t${v.emptyDir.medium ?? ''}\n`);
      w.write(l, `SizeLimit:\t${v.emptyDir.sizeLimit ?? '<unset>'}\n`);
    } else if (v.secret) {
      w.write(l, 'Type:\tSecret (a volume populated by a Secret)\n');
      w.write(l, `SecretName:\t${v.secret.secretName}\n`);
      w.write(l, `Optional:\t${v.secret.optional ?? false}\n`);
    } else if (v.configMap) {
      w.write(l, 'Type:\tConfigMap (a volume populated by a ConfigMap)\n');
      w.write(l, `Name:\t${v.configMap.name}\n`);
      w.write(l, `Optional:\t${v.configMap.optional ?? false}\n`);
    } else if (v.persistentVolumeClaim) {
      w.write(l, 'Type:\tPersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)\n');
      w.write(l, `ClaimName:\t${v.persistentVolumeClaim.claimName}\n`);
      w.write(l, `ReadOnly:\t${v.persistentVolumeClaim.readOnly ?? false}\n`);
    } else if (v.projected) {
      w.write(l, 'Type:\tProjected (a volume that contains injected data from multiple sources)\n');
      for (const s of v.projected.sources ?? []) {
        if (s.serviceAccountToken) w.write(l, `TokenExpirationSeconds:\t${s.serviceAccountToken.expirationSeconds ?? 3600}\n`);
        else if (s.configMap) {
          w.write(l, `ConfigMapName:\t${s.configMap.name}\n`);
          w.write(l, `ConfigMapOptional:\t${opt(s.configMap.optional)}\n`);
        } else if (s.secret) {
          w.write(l, `SecretName:\t${s.secret.name}\n`);
          w.write(l, `SecretOptional:\t${opt(s.secret.optional)}\n`);
        } else if (s.downwardAPI) w.write(l, 'DownwardAPI:\ttrue\n');
      }
    } else if (v.downwardAPI) {
      w.write(l, 'Type:\tDownwardAPI (a volume populated by information about the pod)\n');
      w.write(l, 'Items:\n');
      for (const i of v.downwardAPI.items ?? []) w.write(l + 1, `${i.fieldRef?.fieldPath ?? i.resourceFieldRef?.resource} -> ${i.path}\n`);
    } else w.write(l, 'Type:\t<unknown>\n');
  }
}
