// The one failure shape of Shotput: a Problem (a code to branch on, one sentence a person can act
// on, whether trying again can help), carried in a Result from the engine that met it to the CLI
// and, through IPC, to the views. The codes are a closed union, so a view's `code === 'not-found'`
// is checked by the compiler.

/** Failures of a request to the service, as main/service/problem.ts words them. */
export type ServiceProblemCode =
  | 'signed-out'
  | 'offline'
  | 'unknown-outcome'
  | 'aborted'
  | 'invalid-response'
  | 'invalid-id'
  | 'unauthorized'
  | 'missing-scope'
  | 'forbidden'
  | 'not-found'
  | 'rejected'
  | 'daily-cap'
  | 'rate-limited'
  | 'service-error'
  | 'service-refused'
  | 'comments-retired';

/** Failures of the image pipeline (main/images), seen from IPC as `image-<code>`. */
export type ImageErrorCode =
  | 'not-found' // no such file, or it is a directory
  | 'empty' // zero bytes
  | 'not-an-image' // bytes are not any image format (e.g. text named .png)
  | 'unsupported-format' // a real format we do not read (PDF, HEIC, PSD, BMP...)
  | 'corrupt' // truncated or damaged pixel data
  | 'too-many-pixels' // decompression bomb or absurdly large image
  | 'too-large-file' // input file bigger than we agree to read
  | 'invalid-options' // options that cannot apply to this image (crop outside it...)
  | 'too-large-output' // an animation that cannot be brought under the size limit
  | 'timed-out' // processing ran past its time limit
  | 'output-check-failed'; // the encoded result does not meet the service's rules (a bug)

/** Refusals of the app itself: the queue, the drafts, the handlers, the IPC layer. */
export type AppProblemCode =
  | 'refused'
  | 'locked'
  | 'no-secret-storage'
  | 'not-granted'
  | 'unknown-draft'
  | 'cannot-schedule'
  | 'not-on-team'
  | 'not-created'
  | 'no-address'
  | 'already-published'
  | 'open-failed'
  | 'refused-link'
  | 'cancelled'
  | 'write-failed'
  | 'invalid-payload'
  | 'untrusted-sender'
  | 'internal-error'
  | 'engine-restarted'
  | 'ipc-failed'
  | 'update-offline'
  | 'update-server'
  | 'update-corrupt'
  | 'update-other'
  // Why an upload job failed, when no service or image code says it:
  | 'invalid-shot' // its metadata breaks a rule of the service (checked before sending)
  | 'cannot-upload' // the account may not upload shots
  | 'source-lost' // the copy taken when it was queued is gone and the file changed since
  | 'not-confirmed' // the service accepted the shot but it never appeared
  | 'upload-failed'; // the upload did not get through; also a failure journaled before codes were kept

/** Ways a sign-in can fail (main/auth/auth-problems.ts words each). */
export type SignInProblemCode =
  | 'application-suspended'
  | 'invalid-redirect-uri'
  | 'access-denied'
  | 'invalid-client'
  | 'invalid-grant'
  | 'state-mismatch'
  | 'state-expired'
  | 'no-sign-in-started'
  | 'service-unreachable'
  | 'unexpected-response'
  | 'user-not-loaded'
  | 'unknown-error'
  | 'missing-credentials'
  | 'signed-out'
  | 'cancelled';

export type FailureCode = ServiceProblemCode | AppProblemCode | SignInProblemCode | `image-${ImageErrorCode}`;

export interface Problem {
  code: FailureCode;
  /** One sentence for a person: what happened and what to do. */
  message: string;
  /** Whether trying the same again later can help, when known. */
  retryable?: boolean;
}

/** The next step a sign-in failure points to (for programs; `action` says it in words). */
export type NextStep =
  | 'sign-in-again'
  | 'check-redirect-uri'
  | 'check-client-credentials'
  | 'contact-support'
  | 'check-connection'
  | 'try-later';

/**
 * A Problem of signing in, which the welcome screen and the CLI show with a title and the one thing
 * to do next: the only failure with more to say than a sentence.
 */
export interface SignInProblem extends Problem {
  code: SignInProblemCode;
  title: string;
  /** The next step, in words. */
  action: string;
  next?: NextStep;
}

/** Every engine's answer that can fail, and every request over IPC: a value, never a thrown error. */
export type Result<T, P extends Problem = Problem> = { ok: true; value: T } | { ok: false; error: P };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(code: FailureCode, message: string, retryable?: boolean): Result<T> {
  return { ok: false, error: retryable === undefined ? { code, message } : { code, message, retryable } };
}

/** A Problem made elsewhere (the service translator), carried unchanged. */
export function failWith<T = never>(problem: Problem): Result<T> {
  return { ok: false, error: problem };
}
