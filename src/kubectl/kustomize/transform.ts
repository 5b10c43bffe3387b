/**
 * kustomize's built-in transformers for the fields tutorials use: namespace, namePrefix and
 * nameSuffix, commonLabels and labels, commonAnnotations, images, replicas, and the name
 * references (ConfigMaps, Secrets, Services, ServiceAccounts, claims) that follow renames.
 */
type Obj = Record<string, unknown>;

const WORKLOADS = new Set(['Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet', 'Job', 'ReplicationController']);

function meta(o: Obj): Obj {
  return (o.metadata ??= {}) as Obj;
}

/** The pod template of a workload (CronJob's nested one too), if any. */
function templateOf(o: Obj): Obj | undefined {
  const spec = o.spec as Obj | undefined;
  if (!spec) return undefined;
  if (o.kind === 'CronJob') return ((spec.jobTemplate as Obj | undefined)?.spec as Obj | undefined)?.template as Obj | undefined;
  return WORKLOADS.has(String(o.kind)) ? (spec.template as Obj | undefined) : undefined;
}

/** Every pod spec in an object (a Pod's own, a workload's template). */
function podSpecs(o: Obj): Obj[] {
  if (o.kind === 'Pod') return o.spec ? [o.spec as Obj] : [];
  const t = templateOf(o);
  return t?.spec ? [t.spec as Obj] : [];
}

/** Adds labels to metadata, and with `selectors`/`templates` to selectors and pod templates. */
export function addLabels(o: Obj, labels: Obj, selectors: boolean, templates: boolean): void {
  meta(o).labels = { ...((meta(o).labels as Obj | undefined) ?? {}), ...labels };
  if (!selectors && !templates) return;
  const t = templateOf(o);
  if (t) {
    const tm = (t.metadata ??= {}) as Obj;
    tm.labels = { ...((tm.labels as Obj | undefined) ?? {}), ...labels };
  }
  if (!selectors) return;
  const spec = o.spec as Obj | undefined;
  if (!spec) return;
  if (o.kind === 'Service') spec.selector = { ...((spec.selector as Obj | undefined) ?? {}), ...labels };
  else if (WORKLOADS.has(String(o.kind)) && o.kind !== 'Job') {
    const sel = (spec.selector ??= {}) as Obj;
    if (o.kind === 'ReplicationController') spec.selector = { ...sel, ...labels };
    else sel.matchLabels = { ...((sel.matchLabels as Obj | undefined) ?? {}), ...labels };
  }
}

/** Adds annotations to metadata and pod templates. */
export function addAnnotations(o: Obj, annotations: Obj): void {
  meta(o).annotations = { ...((meta(o).annotations as Obj | undefined) ?? {}), ...annotations };
  const t = templateOf(o);
  if (t) {
    const tm = (t.metadata ??= {}) as Obj;
    tm.annotations = { ...((tm.annotations as Obj | undefined) ?? {}), ...annotations };
  }
}

function splitImage(image: string): { name: string; rest: string } {
  const at = image.indexOf('@');
  if (at >= 0) return { name: image.slice(0, at), rest: image.slice(at) };
  const slash = image.lastIndexOf('/');
  const colon = image.lastIndexOf(':');
  if (colon > slash) return { name: image.slice(0, colon), rest: image.slice(colon) };
  return { name: image, rest: '' };
}

/** The `images:` transformer: newName, newTag, digest for containers and init containers. */
export function setImages(o: Obj, images: Obj[]): void {
  for (const spec of podSpecs(o)) {
    for (const list of ['containers', 'initContainers']) {
      for (const c of (spec[list] as Obj[] | undefined) ?? []) {
        const { name, rest } = splitImage(String(c.image ?? ''));
        const img = images.find((i) => i.name === name);
        if (!img) continue;
        const newName = (img.newName as string | undefined) ?? name;
        const tail = img.digest ? `@${img.digest}` : img.newTag !== undefined ? `:${img.newTag}` : rest;
        c.image = newName + tail;
      }
    }
  }
}

/** Renames one kind's references in pod specs and Ingresses after a rename. */
export function fixReferences(o: Obj, kind: string, from: string, to: string): void {
  const swap = (holder: Obj | undefined, key: string) => {
    if (holder && holder[key] === from) holder[key] = to;
  };
  for (const spec of podSpecs(o)) {
    if (kind === 'ServiceAccount') swap(spec, 'serviceAccountName');
    if (kind === 'Secret') for (const s of (spec.imagePullSecrets as Obj[] | undefined) ?? []) swap(s, 'name');
    for (const v of (spec.volumes as Obj[] | undefined) ?? []) {
      if (kind === 'ConfigMap') swap(v.configMap as Obj | undefined, 'name');
      if (kind === 'Secret') swap(v.secret as Obj | undefined, 'secretName');
      if (kind === 'PersistentVolumeClaim') swap(v.persistentVolumeClaim as Obj | undefined, 'claimName');
      for (const src of ((v.projected as Obj | undefined)?.sources as Obj[] | undefined) ?? []) {
        if (kind === 'ConfigMap') swap(src.configMap as Obj | undefined, 'name');
        if (kind === 'Secret') swap(src.secret as Obj | undefined, 'name');
      }
    }
    for (const list of ['containers', 'initContainers']) {
      for (const c of (spec[list] as Obj[] | undefined) ?? []) {
        for (const e of (c.env as Obj[] | undefined) ?? []) {
          const vf = e.valueFrom as Obj | undefined;
          if (kind === 'ConfigMap') swap(vf?.configMapKeyRef as Obj | undefined, 'name');
          if (kind === 'Secret') swap(vf?.secretKeyRef as Obj | undefined, 'name');
        }
        for (const e of (c.envFrom as Obj[] | undefined) ?? []) {
          if (kind === 'ConfigMap') swap(e.configMapRef as Obj | undefined, 'name');
          if (kind === 'Secret') swap(e.secretRef as Obj | undefined, 'name');
        }
      }
    }
  }
  if (o.kind === 'Ingress' && kind === 'Service') {
    const spec = (o.spec ?? {}) as Obj;
    swap(((spec.defaultBackend as Obj | undefined)?.service as Obj | undefined) ?? undefined, 'name');
    for (const r of (spec.rules as Obj[] | undefined) ?? []) {
      for (const p of ((r.http as Obj | undefined)?.paths as Obj[] | undefined) ?? []) swap((p.backend as Obj | undefined)?.service as Obj | undefined, 'name');
    }
  }
  if (kind === 'Secret' && o.kind === 'Ingress') for (const t of ((o.spec as Obj | undefined)?.tls as Obj[] | undefined) ?? []) swap(t, 'secretName');
  if (kind === 'Service' && o.kind === 'StatefulSet') swap(o.spec as Obj | undefined, 'serviceName');
}

const ORDER_FIRST = [
  'Namespace',
  'ResourceQuota',
  'StorageClass',
  'CustomResourceDefinition',
  'ServiceAccount',
  'PodSecurityPolicy',
  'Role',
  'ClusterRole',
  'RoleBinding',
  'ClusterRoleBinding',
  'ConfigMap',
  'Secret',
  'Endpoints',
  'Service',
  'LimitRange',
  'PriorityClass',
  'PersistentVolume',
  'PersistentVolumeClaim',
  'Deployment',
  'StatefulSet',
  'CronJob',
  'PodDisruptionBudget',
];
const ORDER_LAST = ['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration'];

function rank(kind: string): number {
  const f = ORDER_FIRST.indexOf(kind);
  if (f >= 0) return f;
  const l = ORDER_LAST.indexOf(kind);
  return l >= 0 ? 1000 + l : 500;
}

function gvkString(o: Obj): string {
  const [group, version] = String(o.apiVersion ?? '').includes('/') ? String(o.apiVersion).split('/') : ['', String(o.apiVersion ?? '')];
  return `${group}_${version}_${String(o.kind)}`;
}

/** kustomize's legacy output order: by kind rank, then GVK, namespace and name. */
export function legacySort(objs: Obj[]): Obj[] {
  const key = (o: Obj) => [rank(String(o.kind)), gvkString(o), String(meta(o).namespace ?? ''), String(meta(o).name ?? '')] as const;
  return [...objs].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
    return 0;
  });
}
