/**
 * A compact schema of the PodSpec fields the API server knows, for strict decoding
 * (`unknown field "spec.containers[0].port"`), and the decode-level checks on values that
 * cannot be unmarshalled at all (resource quantities).
 */
import { quantityError } from '../../api/quantity.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

/** Nested schema: a set of known keys, with sub-schemas for object / array-of-object fields. */
export interface Schema {
  keys: Set<string>;
  /** field -> schema of the object (or of each array element). */
  nested?: Record<string, Schema>;
  /** Fields whose value is a free-form map (labels, nodeSelector, limits). */
}

function s(keys: string, nested?: Record<string, Schema>): Schema {
  return { keys: new Set(keys.split(/\s+/).filter(Boolean)), nested };
}

const PROBE_HANDLER = {
  exec: s('command'),
  httpGet: s('path port host scheme httpHeaders', { httpHeaders: s('name value') }),
  tcpSocket: s('port host'),
  grpc: s('port service'),
};
const PROBE = s(
  'exec httpGet tcpSocket grpc initialDelaySeconds timeoutSeconds periodSeconds successThreshold failureThreshold terminationGracePeriodSeconds',
  PROBE_HANDLER,
);
const LIFECYCLE_HANDLER = s('exec httpGet tcpSocket sleep', { ...PROBE_HANDLER, sleep: s('seconds') });
const KEY_REF = s('name key optional');
const ENV = s('name value valueFrom', {
  valueFrom: s('fieldRef resourceFieldRef configMapKeyRef secretKeyRef', {
    fieldRef: s('apiVersion fieldPath'),
    resourceFieldRef: s('containerName resource divisor'),
    configMapKeyRef: KEY_REF,
    secretKeyRef: KEY_REF,
  }),
});
const SECURITY_CONTEXT = s(
  'capabilities privileged seLinuxOptions windowsOptions runAsUser runAsGroup runAsNonRoot readOnlyRootFilesystem allowPrivilegeEscalation procMount seccompProfile appArmorProfile',
  { capabilities: s('add drop') },
);

const CONTAINER = s(
  'name image command args workingDir ports envFrom env resources resizePolicy restartPolicy volumeMounts volumeDevices livenessProbe readinessProbe startupProbe lifecycle terminationMessagePath terminationMessagePolicy imagePullPolicy securityContext stdin stdinOnce tty',
  {
    ports: s('name hostPort containerPort protocol hostIP'),
    envFrom: s('prefix configMapRef secretRef', { configMapRef: s('name optional'), secretRef: s('name optional') }),
    env: ENV,
    resources: s('limits requests claims'),
    resizePolicy: s('resourceName restartPolicy'),
    volumeMounts: s('name readOnly recursiveReadOnly mountPath subPath mountPropagation subPathExpr'),
    volumeDevices: s('name devicePath'),
    livenessProbe: PROBE,
    readinessProbe: PROBE,
    startupProbe: PROBE,
    lifecycle: s('postStart preStop', { postStart: LIFECYCLE_HANDLER, preStop: LIFECYCLE_HANDLER }),
    securityContext: SECURITY_CONTEXT,
  },
);

const KEY_TO_PATH = s('key path mode');
const VOLUME = s(
  'name hostPath emptyDir gcePersistentDisk awsElasticBlockStore gitRepo secret nfs iscsi glusterfs persistentVolumeClaim rbd flexVolume cinder cephfs flocker downwardAPI fc azureFile configMap vsphereVolume quobyte azureDisk photonPersistentDisk projected portworxVolume scaleIO storageos csi ephemeral image',
  {
    hostPath: s('path type'),
    emptyDir: s('medium sizeLimit'),
    secret: s('secretName items defaultMode optional', { items: KEY_TO_PATH }),
    configMap: s('name items defaultMode optional', { items: KEY_TO_PATH }),
    persistentVolumeClaim: s('claimName readOnly'),
    nfs: s('server path readOnly'),
  },
);

const AFFINITY_TERM = s('labelSelector namespaceSelector namespaces topologyKey matchLabelKeys mismatchLabelKeys');

/** The PodSpec key sets strict decoding uses (tests compare them with the 1.32 schema). */
export const POD_SPEC = s(
  'volumes initContainers containers ephemeralContainers restartPolicy terminationGracePeriodSeconds activeDeadlineSeconds dnsPolicy nodeSelector serviceAccountName serviceAccount automountServiceAccountToken nodeName hostNetwork hostPID hostIPC shareProcessNamespace securityContext imagePullSecrets hostname subdomain affinity schedulerName tolerations hostAliases priorityClassName priority dnsConfig readinessGates runtimeClassName enableServiceLinks preemptionPolicy overhead topologySpreadConstraints setHostnameAsFQDN os hostUsers schedulingGates resourceClaims resources',
  {
    volumes: VOLUME,
    initContainers: CONTAINER,
    containers: CONTAINER,
    imagePullSecrets: s('name'),
    tolerations: s('key operator value effect tolerationSeconds'),
    hostAliases: s('ip hostnames'),
    dnsConfig: s('nameservers searches options', { options: s('name value') }),
    readinessGates: s('conditionType'),
    topologySpreadConstraints: s(
      'maxSkew topologyKey whenUnsatisfiable labelSelector minDomains nodeAffinityPolicy nodeTaintsPolicy matchLabelKeys',
    ),
    schedulingGates: s('name'),
    securityContext: s(
      'seLinuxOptions windowsOptions runAsUser runAsGroup runAsNonRoot supplementalGroups supplementalGroupsPolicy fsGroup sysctls fsGroupChangePolicy seccompProfile appArmorProfile seLinuxChangePolicy',
    ),
    affinity: s('nodeAffinity podAffinity podAntiAffinity', {
      nodeAffinity: s('requiredDuringSchedulingIgnoredDuringExecution preferredDuringSchedulingIgnoredDuringExecution'),
      podAffinity: s('requiredDuringSchedulingIgnoredDuringExecution preferredDuringSchedulingIgnoredDuringExecution', {
        requiredDuringSchedulingIgnoredDuringExecution: AFFINITY_TERM,
      }),
      podAntiAffinity: s('requiredDuringSchedulingIgnoredDuringExecution preferredDuringSchedulingIgnoredDuringExecution', {
        requiredDuringSchedulingIgnoredDuringExecution: AFFINITY_TERM,
      }),
    }),
  },
);

function walk(v: unknown, schema: Schema, path: string, out: string[]): void {
  if (Array.isArray(v)) {
    v.forEach((el, i) => walk(el, schema, `${path}[${i}]`, out));
    return;
  }
  if (!v || typeof v !== 'object') return;
  for (const [k, child] of Object.entries(v as Obj)) {
    if (child === undefined) continue;
    if (!schema.keys.has(k)) {
      out.push(`${path}.${k}`);
      continue;
    }
    const sub = schema.nested?.[k];
    if (sub) walk(child, sub, `${path}.${k}`, out);
  }
}

/**
 * Orders field paths as the server meets them: kubectl sends JSON with keys sorted at every
 * level, so strict decoding reports unknown fields in that order (list indexes numerically).
 */
export function sortFieldPaths(paths: string[]): string[] {
  const split = (p: string): (string | number)[] =>
    p.split(/\.|(?=\[)/).map((seg) => (seg.startsWith('[') ? Number(seg.slice(1, -1)) : seg));
  return [...paths].sort((a, b) => {
    const x = split(a);
    const y = split(b);
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      const u = x[i]!;
      const v = y[i]!;
      if (u === v) continue;
      if (typeof u === 'number' && typeof v === 'number') return u - v;
      return String(u) < String(v) ? -1 : 1;
    }
    return x.length - y.length;
  });
}

/** Dotted paths of unknown fields in a PodSpec at `path` (`spec`, `spec.template.spec`). */
export function podSpecUnknownFields(spec: unknown, path: string): string[] {
  const out: string[] = [];
  walk(spec, POD_SPEC, path, out);
  return out;
}

/** The ObjectMeta keys strict decoding knows. */
export const OBJECT_META = new Set(
  'name generateName namespace selfLink uid resourceVersion generation creationTimestamp deletionTimestamp deletionGracePeriodSeconds labels annotations ownerReferences finalizers managedFields'.split(' '),
);

/** Unknown fields of an ObjectMeta at `path` (`metadata`, `spec.template.metadata`). */
export function objectMetaUnknownFields(meta: unknown, path: string): string[] {
  if (!meta || typeof meta !== 'object') return [];
  return Object.entries(meta)
    .filter(([k, v]) => v !== undefined && !OBJECT_META.has(k))
    .map(([k]) => `${path}.${k}`);
}

function jsonType(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (v === null) return 'null';
  if (typeof v === 'boolean') return 'bool';
  return typeof v;
}

/** `json: cannot unmarshal <t> into Go struct field <Struct>.<path> of type <type>`. */
function typeError(v: unknown, struct: string, field: string, type: string): string {
  return `json: cannot unmarshal ${jsonType(v)} into Go struct field ${struct}.${field} of type ${type}`;
}

function checkString(v: unknown, struct: string, field: string): string | undefined {
  return v === undefined || v === null || typeof v === 'string' ? undefined : typeError(v, struct, field, 'string');
}

function checkInt(v: unknown, struct: string, field: string, type: 'int32' | 'int64'): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'number' && Number.isInteger(v)) return undefined;
  if (typeof v === 'number') return `json: cannot unmarshal number ${v} into Go struct field ${struct}.${field} of type ${type}`;
  return typeError(v, struct, field, type);
}

function checkStrings(v: unknown, struct: string, field: string): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v)) return typeError(v, struct, field, '[]string');
  for (const x of v) if (x !== null && typeof x !== 'string') return typeError(x, struct, field, 'string');
  return undefined;
}

/** Go type errors for the container fields learners most often get wrong. */
function containerTypeError(c: Obj, path: string): string | undefined {
  const f = (name: string): string => `${path}.${name}`;
  let e =
    checkString(c.name, 'Container', f('name')) ??
    checkString(c.image, 'Container', f('image')) ??
    checkStrings(c.command, 'Container', f('command')) ??
    checkStrings(c.args, 'Container', f('args'));
  if (e) return e;
  for (const p of Array.isArray(c.ports) ? c.ports : []) {
    e = checkInt(p?.containerPort, 'ContainerPort', f('ports.containerPort'), 'int32') ?? checkInt(p?.hostPort, 'ContainerPort', f('ports.hostPort'), 'int32');
    if (e) return e;
  }
  for (const v of Array.isArray(c.env) ? c.env : []) {
    e = checkString(v?.name, 'EnvVar', f('env.name')) ?? checkString(v?.value, 'EnvVar', f('env.value'));
    if (e) return e;
  }
  return undefined;
}

/**
 * The first undecodable value in a PodSpec at `path` (`spec`, `spec.template.spec`): Go
 * type mismatches (a number where a string belongs, `command: sleep 10` instead of a list)
 * and bad resource quantities, as decode error text.
 */
export function podSpecDecodeError(spec: unknown, path = 'spec'): string | undefined {
  if (!spec || typeof spec !== 'object') return undefined;
  const sp = spec as Obj;
  const dotted = path.replace(/\[\d+\]/g, '');
  let e =
    checkInt(sp.terminationGracePeriodSeconds, 'PodSpec', `${dotted}.terminationGracePeriodSeconds`, 'int64') ??
    checkInt(sp.activeDeadlineSeconds, 'PodSpec', `${dotted}.activeDeadlineSeconds`, 'int64') ??
    checkString(sp.restartPolicy, 'PodSpec', `${dotted}.restartPolicy`) ??
    checkString(sp.nodeName, 'PodSpec', `${dotted}.nodeName`);
  if (e) return e;
  for (const key of ['initContainers', 'containers']) {
    const list = sp[key];
    if (list === undefined || list === null) continue;
    if (!Array.isArray(list)) return typeError(list, 'PodSpec', `${dotted}.${key}`, '[]v1.Container');
    for (const c of list) {
      if (!c || typeof c !== 'object') continue;
      e = containerTypeError(c, `${dotted}.${key}`);
      if (e) return e;
    }
  }
  for (const list of [sp.initContainers, sp.containers]) {
    if (!Array.isArray(list)) continue;
    for (const c of list) {
      for (const kind of ['limits', 'requests']) {
        const m = c?.resources?.[kind];
        if (!m || typeof m !== 'object') continue;
        for (const v of Object.values(m as Obj)) {
          const err = quantityError(v);
          if (err) return err;
        }
      }
    }
  }
  for (const [, v] of Object.entries((sp.overhead as Obj) ?? {})) {
    const err = quantityError(v);
    if (err) return err;
  }
  return undefined;
}
