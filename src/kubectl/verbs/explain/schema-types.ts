/** The shape of the generated Kubernetes 1.32 schema (schema-generated.ts) `kubectl explain` reads. */

/** One field of a definition. */
export interface SchemaField {
  name: string;
  /** As explain prints it: `string`, `integer`, `boolean`, `ObjectMeta`, `[]Container`, `map[string]string`. */
  type: string;
  description: string;
  required?: boolean;
  /** OpenAPI id of the definition of this field's value (or of its items / map values). */
  ref?: string;
  enum?: string[];
}

/** One OpenAPI definition: its description and fields in alphabetical order. */
export interface SchemaDef {
  description: string;
  fields: SchemaField[];
}

/** Every definition by OpenAPI id, and the kinds (`group/version/Kind`) to their definition id. */
export interface SchemaData {
  kinds: Record<string, string>;
  defs: Record<string, SchemaDef>;
}
