/**
 * The definitions cdk8s-plus-32 leaves out (every `status` and what it reaches, core/v1 Event)
 * and the enum lists, built from `@kubernetes/client-node` 1.1.2 (Kubernetes v1.32.0's OpenAPI:
 * which fields a definition has, their types and required-ness) with the texts and enums of
 * `kubernetes-models` where they are 1.32's (texts.ts says when).
 */
import type { FieldDoc } from './overlay/schema-common.ts';
import { camelId, type KmDef, type KmField } from './parse-kubernetes-models.ts';
import type { CnField, CnModel } from './parse-client-node.ts';
import { enumOf, flat, pickText, withoutEnumTail, type EnumDoc, type TextOrigin } from './texts.ts';

/** What the generator tells about the texts it could not take line for line. */
export interface TextStats {
  /** How many texts were chosen each way (texts.ts, pickText). */
  origins: Record<TextOrigin, number>;
  /** Texts kept as client-node flattened them, and those only one kubernetes-models copy had. */
  flattened: string[];
  oneCopy: string[];
  enums: number;
  enumsUnknown: string[];
}

/** OpenAPI ids whose `kubectl explain` type is a name of its own rather than a definition. */
const NAMED: Record<string, string> = {
  'io.k8s.apimachinery.pkg.api.resource.Quantity': 'Quantity',
  'io.k8s.apimachinery.pkg.util.intstr.IntOrString': 'IntOrString',
  'io.k8s.apimachinery.pkg.apis.meta.v1.Time': 'string',
  'io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime': 'string',
};

const MODEL_IN = (type: string): string | undefined => /(?:Array<|\{ \[key: string\]: )?([A-Z]\w+)/.exec(type)?.[1];

/** A second source of 1.32 definitions, keyed by OpenAPI id. */
export class StatusSource {
  private readonly modelById = new Map<string, CnModel>();
  private readonly idByCamel = new Map<string, string>();
  readonly stats: TextStats = { origins: { checked: 0, bracketed: 0, 'newer-only': 0, 'older-only': 0, flattened: 0 }, flattened: [], oneCopy: [], enums: 0, enumsUnknown: [] };

  private readonly km133: Map<string, KmDef>;
  private readonly km129: Map<string, KmDef>;
  private readonly models: Map<string, CnModel>;

  /** kubernetes-models 4.5.0 (1.33) and 4.4.2 (1.29) definitions by id, client-node 1.32 models by name. */
  constructor(km133: Map<string, KmDef>, km129: Map<string, KmDef>, models: Map<string, CnModel>) {
    this.km133 = km133;
    this.km129 = km129;
    this.models = models;
    for (const id of [...km129.keys(), ...km133.keys()]) this.idByCamel.set(camelId(id), id);
  }

  /** Pairs a kind's id with its client-node model (`V1Pod`, `CoreV1Event`, `V2HorizontalPodAutoscaler`). */
  pairKind(id: string, group: string, version: string, kind: string): boolean {
    const v = version.charAt(0).toUpperCase() + version.slice(1);
    const groupWord = group === '' ? 'Core' : camelId(group.split('.')[0]!);
    for (const name of [`${groupWord}${v}${kind}`, `${v}${kind}`]) {
      const m = this.models.get(name);
      if (m && m.fields.some((f) => f.name === 'metadata')) {
        this.pair(id, m);
        return true;
      }
    }
    return false;
  }

  /** Pairs `id` with `model`, then the definitions their fields reach, field by field. */
  private pair(id: string, model: CnModel): void {
    if (this.modelById.has(id)) return;
    this.modelById.set(id, model);
    for (const f of model.fields) {
      const km = this.kmField(id, f.name);
      const target = km && this.refOf(km.tsType);
      const name = MODEL_IN(f.type);
      const next = name && this.models.get(name);
      if (target && next && !NAMED[target]) this.pair(target, next);
    }
  }

  private kmField(id: string, name: string): KmField | undefined {
    return this.km133.get(id)?.fields.find((f) => f.name === name) ?? this.km129.get(id)?.fields.find((f) => f.name === name);
  }

  /** The OpenAPI id a kubernetes-models type refers to (`Array<IIoK8sApiCoreV1PodIP>` → `io.k8s.api.core.v1.PodIP`). */
  private refOf(tsType: string): string | undefined {
    const m = /IIoK8s\w+/.exec(tsType);
    return m ? this.idByCamel.get(m[0].slice(1)) : undefined;
  }

  /** Whether client-node 1.32 has definition `id` (once paired). */
  has(id: string): boolean {
    return this.modelById.has(id);
  }

  /** A field of a 1.32 definition, as the generator writes it. */
  field(id: string, name: string, hasFields: (id: string) => boolean): FieldDoc | undefined {
    const f = this.modelById.get(id)?.fields.find((x) => x.name === name);
    return f && this.toField(id, f, hasFields);
  }

  /** The names of the fields of 1.32 definition `id`. */
  fieldNames(id: string): string[] {
    return this.modelById.get(id)?.fields.map((f) => f.name) ?? [];
  }

  /** Definition `id` of 1.32 with its fields (in client-node's order, which is alphabetical). */
  def(id: string, hasFields: (id: string) => boolean): { description: string; fields: FieldDoc[] } | undefined {
    const model = this.modelById.get(id);
    if (!model) return undefined;
    const { text, origin } = pickText(model.description, this.km133.get(id)?.description, this.km129.get(id)?.description);
    this.count(origin, id);
    return { description: text, fields: model.fields.map((f) => this.toField(id, f, hasFields)) };
  }

  private count(origin: TextOrigin, what: string): void {
    this.stats.origins[origin]++;
    if (origin === 'flattened') this.stats.flattened.push(what);
    if (origin === 'newer-only' || origin === 'older-only') this.stats.oneCopy.push(what);
  }

  private toField(id: string, f: CnField, hasFields: (id: string) => boolean): FieldDoc {
    const f133 = this.km133.get(id)?.fields.find((x) => x.name === f.name);
    const f129 = this.km129.get(id)?.fields.find((x) => x.name === f.name);
    const km = f133 ?? f129;
    // client-node gives a field that is a time the time type's own text ("MicroTime is version
    // of Time ..."), not the field's: that is no 1.32 text of the field.
    const reference = /^(Date|V1MicroTime)$/.test(f.type) && /^(Micro)?Time is /.test(f.description) ? '' : f.description;
    const { text, origin } = pickText(reference, f133?.description, f129?.description);
    this.count(origin, `${id}#${f.name}`);
    const { type, ref } = km ? this.kmType(km.tsType, f, hasFields) : this.cnType(f);
    const field: FieldDoc = { name: f.name, type, description: text };
    if (f.required) field.required = true;
    if (ref) field.ref = ref;
    const e = this.enumFor(id, f.name, text);
    if (e) {
      field.enum = e.values;
      field.description = withoutEnumTail(text) + e.tail;
    }
    return field;
  }

  /** The 1.32 enum of field `name` of `id`, whose 1.32 text is `text`; counted in the stats. */
  enumFor(id: string, name: string, text: string): EnumDoc | undefined {
    const f133 = this.km133.get(id)?.fields.find((x) => x.name === name);
    const f129 = this.km129.get(id)?.fields.find((x) => x.name === name);
    const e = enumOf(text, f133, f129);
    if (e) this.stats.enums++;
    else if (f133 && /^"/.test(f133.tsType) && name !== 'apiVersion' && name !== 'kind') this.stats.enumsUnknown.push(`${id}#${name}`);
    return e;
  }

  /** explain's type word (and definition id) for a kubernetes-models TypeScript type. */
  private kmType(ts: string, f: CnField, hasFields: (id: string) => boolean): { type: string; ref?: string } {
    const list = /^Array<(.+)>$/.exec(ts);
    if (list) {
      const inner = this.kmType(list[1]!, f, hasFields);
      return { type: `[]${inner.type}`, ref: inner.ref };
    }
    const map = /^\{ \[key: string\]: (.+); \}$/.exec(ts);
    if (map) {
      const inner = this.kmType(map[1]!, f, hasFields);
      return { type: `map[string]${inner.type}`, ref: inner.ref };
    }
    if (ts === 'string' || /^"/.test(ts)) return { type: 'string' };
    if (ts === 'boolean') return { type: 'boolean' };
    if (ts === 'number') return { type: f.format === 'double' || f.format === 'float' ? 'number' : 'integer' };
    const id = this.refOf(ts);
    if (!id) return { type: 'Object' };
    if (NAMED[id]) return { type: NAMED[id]! };
    const short = id.slice(id.lastIndexOf('.') + 1);
    return hasFields(id) ? { type: short, ref: id } : { type: short };
  }

  /** explain's type word for a field kubernetes-models does not have (client-node's type only). */
  private cnType(f: CnField): { type: string; ref?: string } {
    const base = (t: string): string => {
      const list = /^Array<(.+)>$/.exec(t);
      if (list) return `[]${base(list[1]!)}`;
      const map = /^\{ \[key: string\]: (.+); \}$/.exec(t);
      if (map) return `map[string]${base(map[1]!)}`;
      if (t === 'string' || t === 'Date' || t === 'V1MicroTime') return 'string';
      if (t === 'boolean') return 'boolean';
      if (t === 'number') return f.format === 'double' || f.format === 'float' ? 'number' : 'integer';
      if (t === 'IntOrString') return 'IntOrString';
      return 'Object';
    };
    return { type: base(f.type) };
  }
}
