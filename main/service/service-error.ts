// Failures of a request to the service, thrown inside main/service and turned into a Problem once,
// at its edge, by problem.ts. Why it is not a Problem: it carries what that translation needs and a
// Problem does not keep (the kind of failure, the status, the service's field errors, the method and
// path, the operation it belongs to). `unknown-outcome` is the important one for uploads: a POST that
// may have reached the server but whose answer was lost; the caller must reconcile (look for the
// shot) instead of sending it again.
import { scrubSecrets } from './known-secrets';

/** The permission a request of the service needs. */
export type Scope = 'public' | 'upload' | 'comment' | 'write';

/**
 * What a request of the service is for, in the words its failures are told in (the table is
 * `operations` in problem.ts): the client tags each error with it.
 */
export interface ServiceOperation {
  /** Infinitive phrase: "save the changes to the shot". */
  doing: string;
  /** The scope the service requires for it, if any. */
  scope?: Scope;
  /** The sentence for a 404: what is gone and what to do. */
  notFound: string;
}

export type ServiceErrorKind =
  /** The service answered with an error status. */
  | 'http'
  /** The request could not be delivered (it never reached the server, or it was idempotent and retries ran out). */
  | 'network'
  /** A non-idempotent request may or may not have been carried out. */
  | 'unknown-outcome'
  /** The service answered 2xx with a body that does not match the spec. */
  | 'invalid-response'
  /** The caller cancelled. */
  | 'aborted'
  /**
   * The service no longer offers this part of its API: its v1 (comments) answers 401 to a token
   * that v2 accepts, as the deployed service does since it retired v1. The sign-in is fine.
   */
  | 'retired';

export interface FieldError {
  field: string;
  message: string;
}

export interface ServiceErrorInfo {
  kind: ServiceErrorKind;
  /** HTTP status when the service answered. */
  status?: number;
  /** One sentence for people. */
  message: string;
  /** 422 validation errors, field by field. */
  fieldErrors: FieldError[];
  method: string;
  path: string;
}

export class ServiceError extends Error implements ServiceErrorInfo {
  override name = 'ServiceError';
  /** What the failed request was for (set by the client): the words of its sentence. */
  operation: ServiceOperation | undefined;
  readonly kind: ServiceErrorKind;
  readonly status?: number;
  readonly fieldErrors: FieldError[];
  readonly method: string;
  readonly path: string;

  constructor(info: Omit<ServiceErrorInfo, 'fieldErrors'> & { fieldErrors?: FieldError[]; cause?: unknown }) {
    // A service may echo what it was sent (a token) in its message: it stops here, once for every use.
    super(scrubSecrets(info.message), info.cause === undefined ? undefined : { cause: info.cause });
    this.kind = info.kind;
    this.status = info.status;
    this.fieldErrors = (info.fieldErrors ?? []).map((e) => ({
      field: scrubSecrets(e.field),
      message: scrubSecrets(e.message),
    }));
    this.method = info.method;
    this.path = info.path;
  }

  /** A plain object for IPC and --json: no stack, no cause, nothing secret. */
  toJSON(): ServiceErrorInfo {
    return {
      kind: this.kind,
      status: this.status,
      message: this.message,
      fieldErrors: this.fieldErrors,
      method: this.method,
      path: this.path,
    };
  }
}

export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof ServiceError;
}

/** The one sentence for the retired comments API, wherever it shows. */
export const COMMENTS_RETIRED =
  'This service does not offer comments: its comments API (v1) is retired, while your sign-in still works for shots. Comments work on the sandbox.';

/** The sentence for a status the service answered with when it gave no message of its own. */
export function describeStatus(status: number): string {
  if (status === 401) return 'The service did not accept the sign-in (bad credentials). Sign in again.';
  if (status === 403) return 'The service refused this action for this account or application.';
  if (status === 404) return 'The service has no such item, or it belongs to someone else.';
  if (status === 422) return 'The service rejected the values sent.';
  if (status === 429) return 'The service’s rate limit was reached.';
  if (status >= 500) return `The service had a problem (status ${status}). Try again in a moment.`;
  return `The service answered with status ${status}.`;
}
