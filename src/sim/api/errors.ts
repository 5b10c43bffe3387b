/**
 * API errors as the real API server returns them: a Status with a reason, a code and details.
 * Only kubectl turns these into text ("Error from server (NotFound): ...").
 */

export type StatusReason =
  | 'NotFound'
  | 'AlreadyExists'
  | 'Invalid'
  | 'BadRequest'
  | 'Conflict'
  | 'Forbidden'
  | 'Unauthorized'
  | 'MethodNotAllowed'
  | 'TooManyRequests'
  | 'InternalError';

export interface StatusCause {
  /** e.g. `FieldValueRequired`, `FieldValueInvalid`, `FieldValueDuplicate`, `FieldValueForbidden`. */
  reason: string;
  /** The complete cause line, e.g. `spec.containers: Required value`. */
  message: string;
  field: string;
}

export interface StatusDetails {
  name?: string;
  group?: string;
  kind?: string;
  causes?: StatusCause[];
  /** How long a client should wait before retrying (TooManyRequests). */
  retryAfterSeconds?: number;
}

const CODES: Record<StatusReason, number> = {
  NotFound: 404,
  AlreadyExists: 409,
  Conflict: 409,
  Invalid: 422,
  BadRequest: 400,
  Forbidden: 403,
  Unauthorized: 401,
  MethodNotAllowed: 405,
  TooManyRequests: 429,
  InternalError: 500,
};

/** A failed API call. `message` is the Status message exactly as the API server words it. */
export class ApiError extends Error {
  readonly reason: StatusReason;
  readonly code: number;
  readonly details: StatusDetails;

  constructor(reason: StatusReason, message: string, details: StatusDetails = {}) {
    super(message);
    this.name = 'ApiError';
    this.reason = reason;
    this.code = CODES[reason];
    this.details = details;
  }

  /** The Status object a real API server would send. */
  toStatus(): Record<string, unknown> {
    return {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: this.message,
      reason: this.reason,
      details: this.details,
      code: this.code,
    };
  }
}

/** `resource` is the qualified plural, e.g. `pods` or `deployments.apps`. */
export function notFound(resource: string, name: string): ApiError {
  const [plural, ...group] = resource.split('.');
  return new ApiError('NotFound', `${resource} "${name}" not found`, {
    name,
    group: group.join('.'),
    kind: plural,
  });
}

export function alreadyExists(resource: string, name: string): ApiError {
  const [plural, ...group] = resource.split('.');
  return new ApiError('AlreadyExists', `${resource} "${name}" already exists`, {
    name,
    group: group.join('.'),
    kind: plural,
  });
}

/**
 * 422 Invalid. The Status message names the qualified kind (`Deployment.apps "web" is invalid:
 * spec.replicas: ...`, several causes as `[a, b]`), which kubectl shows after
 * `error: failed to create deployment: `; `kubectl apply/create -f` instead rebuilds the text
 * from details as `The Deployment "web" is invalid: ...` with one `* cause` line per cause.
 */
export function invalid(kind: string, group: string, name: string, causes: StatusCause[]): ApiError {
  const qualified = group ? `${kind}.${group}` : kind;
  const body =
    causes.length === 1 ? causes[0]!.message : '[' + causes.map((c) => c.message).join(', ') + ']';
  return new ApiError('Invalid', `${qualified} "${name}" is invalid: ${body}`, {
    name,
    group,
    kind,
    causes,
  });
}

export function badRequest(message: string): ApiError {
  return new ApiError('BadRequest', message);
}

export function forbidden(message: string): ApiError {
  return new ApiError('Forbidden', message);
}

export function conflict(message: string): ApiError {
  return new ApiError('Conflict', message);
}
