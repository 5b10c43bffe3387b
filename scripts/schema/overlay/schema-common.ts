/**
 * Hand-checked field documentation the schema generator lays over cdk8s's, from the published Kubernetes 1.32 API
 * reference (OpenAPI descriptions). Each schema lists its fields in alphabetical order, as
 * the OpenAPI document does.
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

export interface SchemaDoc {
  description: string;
  fields: FieldDoc[];
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

export const METADATA: FieldDoc = {
  name: 'metadata',
  type: 'ObjectMeta',
  description: `Standard object's metadata. More info: ${CONVENTIONS}#metadata`,
};

/** `spec` with the usual wording for `what` (`the pod`, `the Deployment`). */
export function specField(type: string, what: string): FieldDoc {
  return { name: 'spec', type, ref: type, description: `Specification of the desired behavior of ${what}. More info: ${CONVENTIONS}#spec-and-status` };
}

/** `status` with the usual wording. */
export function statusField(type: string, description: string): FieldDoc {
  return { name: 'status', type, description: `${description} More info: ${CONVENTIONS}#spec-and-status` };
}
