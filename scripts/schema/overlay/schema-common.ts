/**
 * The field shape the schema generator writes, and the `apiVersion` and `kind` texts of a kind
 * (the 1.32 OpenAPI's, which cdk8s leaves out of its kinds).
 */

export interface FieldDoc {
  name: string;
  /** As explain prints it: `string`, `integer`, `boolean`, `ObjectMeta`, `[]Container`, `map[string]string`. */
  type: string;
  description: string;
  required?: boolean;
  /** Name of the schema of this field's value (for one level of `kind.field` paths). */
  ref?: string;
  enum?: string[];
}

const CONVENTIONS = 'https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md';

export const API_VERSION: FieldDoc = {
  name: 'apiVersion',
  type: 'string',
  description: `APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: ${CONVENTIONS}#resources`,
};

export const KIND: FieldDoc = {
  name: 'kind',
  type: 'string',
  description: `Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: ${CONVENTIONS}#types-kinds`,
};
