// A failed request to the service in words, in one place. What each request of the client is for
// (`operations`: "save the changes to the shot", the permission it needs, what a 404 means for it),
// which the client tags every error with, so nothing here guesses it back from a method and a path;
// the one translator from a failure to a Problem (a code the views and the CLI branch on, one
// sentence a designer can act on, whether trying again can help); and withService, which runs a
// request and answers with a Result. The desktop handlers, the upload queue and the CLI all word
// service failures here, so an error reads the same wherever it shows. Errors become Problems once,
// at the edge of each engine, and travel unchanged after that.
import type { Problem, Result, ServiceProblemCode } from '../../common/problem';
import { failWith, fail, ok } from '../../common/problem';
import { isServiceError } from './service-error';
import type { Scope, ServiceError, ServiceOperation } from './service-error';
import { scrubSecrets } from './known-secrets';

export type { Problem } from '../../common/problem';
export type { Scope, ServiceOperation } from './service-error';

const shotGone = (id: number) => `Shot ${id} is not among your shots: it does not exist, or it was deleted.`;
const commentGone = (shot: number, comment: number) =>
  `Comment ${comment} on shot ${shot} was not found (it does not exist, or the shot is not visible to you).`;
const shotNotVisible = (shot: number) => `Shot ${shot} was not found (it does not exist, or it is not visible to you).`;

export const operations = {
  getUser: (): ServiceOperation => ({
    doing: 'read your account',
    notFound: 'The service does not know this account. Sign out, then sign in again.',
  }),
  listUserShots: (): ServiceOperation => ({
    doing: 'list your shots',
    notFound: 'The service has no shot list for this account. Sign out, then sign in again.',
  }),
  listPopularShots: (): ServiceOperation => ({
    doing: 'list popular shots',
    notFound: 'Popular shots are not offered to this application.',
  }),
  getShot: (id: number): ServiceOperation => ({ doing: 'open the shot', notFound: shotGone(id) }),
  createShot: (): ServiceOperation => ({
    doing: 'upload the shot',
    scope: 'upload',
    notFound: 'The service has no place to upload shots to at this address. Check the service settings.',
  }),
  updateShot: (id: number): ServiceOperation => ({
    doing: 'save the changes to the shot',
    scope: 'upload',
    notFound: shotGone(id),
  }),
  deleteShot: (id: number): ServiceOperation => ({ doing: 'delete the shot', scope: 'upload', notFound: shotGone(id) }),
  listComments: (shot: number): ServiceOperation => ({ doing: 'load the comments', notFound: shotNotVisible(shot) }),
  createComment: (shot: number): ServiceOperation => ({
    doing: 'post the comment',
    scope: 'comment',
    notFound: shotNotVisible(shot),
  }),
  getComment: (shot: number, comment: number): ServiceOperation => ({
    doing: 'read the comment',
    notFound: commentGone(shot, comment),
  }),
  updateComment: (shot: number, comment: number): ServiceOperation => ({
    doing: 'save the comment',
    scope: 'comment',
    notFound: commentGone(shot, comment),
  }),
  deleteComment: (shot: number, comment: number): ServiceOperation => ({
    doing: 'delete the comment',
    scope: 'comment',
    notFound: commentGone(shot, comment),
  }),
  listCommentLikes: (shot: number, comment: number): ServiceOperation => ({
    doing: 'list who liked the comment',
    notFound: commentGone(shot, comment),
  }),
  getCommentLike: (shot: number, comment: number): ServiceOperation => ({
    doing: 'check whether you like the comment',
    notFound: commentGone(shot, comment),
  }),
  likeComment: (shot: number, comment: number): ServiceOperation => ({
    doing: 'like the comment',
    scope: 'write',
    notFound: commentGone(shot, comment),
  }),
  unlikeComment: (shot: number, comment: number): ServiceOperation => ({
    doing: 'unlike the comment',
    scope: 'write',
    notFound: commentGone(shot, comment),
  }),
};

/** For an error that belongs to no client operation (it should not happen): plain words. */
export const anyRequest: ServiceOperation = {
  doing: 'reach the service',
  notFound: 'The service has nothing at that address.',
};

/** What a failure's wording needs of a client: when its rate-limit window is full again. */
interface Paced {
  readonly governor: { readonly state: { readonly resetAt: number | null } };
}

/**
 * Runs `work` with the signed-in account's client (none: signed out); every failure of the service
 * becomes a Problem worded for `operation`, carried in the Result unchanged.
 */
export async function withService<C extends Paced, T>(
  access: { client(): C | undefined },
  operation: ServiceOperation,
  work: (client: C) => Promise<T>,
): Promise<Result<T>> {
  const client = access.client();
  if (client === undefined)
    return fail('signed-out', `You are signed out, so Shotput cannot ${operation.doing}. Sign in, then try again.`);
  try {
    return ok(await work(client));
  } catch (error) {
    return describeServiceFailure(error, operation, client);
  }
}

export function describeServiceFailure<T>(error: unknown, operation: ServiceOperation, client?: Paced): Result<T> {
  return failWith(problemFrom(error, operation, client?.governor.state.resetAt ?? null));
}

const scopeMeanings: Record<Scope, string> = {
  public: 'read public information',
  upload: 'upload and change shots',
  comment: 'write comments',
  write: 'like comments',
};

/** The service's attribute names as the screens call them. */
const fieldLabels: Record<string, string> = {
  title: 'the title',
  description: 'the description',
  tags: 'the tags',
  team_id: 'the team',
  low_profile: 'low profile',
  scheduled_for: 'the publish time',
  rebound_source_id: 'the rebound',
  image: 'the image',
  body: 'the comment',
};

/** A 422 that says the account has reached the service's daily upload cap. */
export function isDailyCap(error: ServiceError): boolean {
  return error.status === 422 && error.fieldErrors.some((f) => /daily limit/i.test(f.message));
}

/** The sentence for a daily cap, naming the service's own reason. */
export function dailyCapSentence(error: ServiceError): string {
  const reason = error.fieldErrors.find((f) => /daily limit/i.test(f.message));
  const said = reason
    ? ` (${reason.field && reason.field !== 'user' ? `${reason.field} ` : ''}${reason.message.replace(/\.$/, '')})`
    : '';
  return `Daily upload limit reached: the service takes no more shots from this account today${said}. The rest wait until tomorrow, or until you retry.`;
}

/** Any failure of a service request, as a Problem; other errors are not ours to word and are rethrown. */
export function problemFrom(error: unknown, action: ServiceOperation, resetAt?: number | null): Problem {
  if (error instanceof RangeError)
    return problem('invalid-id', `Shotput could not ${action.doing}: ${error.message}`, false);
  if (!isServiceError(error)) throw error;
  switch (error.kind) {
    case 'network':
      return problem(
        'offline',
        `Shotput could not reach the service to ${action.doing}. Check the connection, then try again.`,
        true,
      );
    case 'unknown-outcome':
      return problem(
        'unknown-outcome',
        `The connection was lost while trying to ${action.doing}; it may have worked. Refresh to see, before trying again.`,
        true,
      );
    case 'aborted':
      return problem('aborted', `Shotput stopped trying to ${action.doing}.`, true);
    case 'invalid-response':
      return problem(
        'invalid-response',
        `The service answered in a way Shotput does not understand while trying to ${action.doing}: ${error.message}`,
        false,
      );
    case 'retired':
      return problem('comments-retired', error.message, false);
    case 'http':
      return fromStatus(error, action, resetAt);
  }
}

function fromStatus(error: ServiceError, action: ServiceOperation, resetAt?: number | null): Problem {
  const status = error.status ?? 0;
  if (status === 401)
    return problem('unauthorized', 'The service no longer accepts this sign-in. Sign out, then sign in again.', false);
  if (status === 403) {
    const missing = missingScope(error.message) ?? (/scope/i.test(error.message) ? action.scope : undefined);
    if (missing !== undefined) {
      return problem(
        'missing-scope',
        `The service refused to ${action.doing}: this sign-in does not include the “${missing}” permission (${scopeMeanings[missing]}). Sign out, then sign in again and allow it when the service asks.`,
        false,
      );
    }
    return problem('forbidden', `The service refused to ${action.doing}: ${sentence(error.message)}`, false);
  }
  if (status === 404) return problem('not-found', action.notFound, false);
  if (status === 422) {
    if (isDailyCap(error)) return problem('daily-cap', dailyCapSentence(error), true);
    const details = error.fieldErrors
      .map((field) => (field.field ? `${fieldLabel(field.field)} ${field.message}` : field.message))
      .join('; ');
    return problem(
      'rejected',
      `The service did not accept this${details ? `: ${details}.` : '.'} Correct it, then try again.`,
      false,
    );
  }
  if (status === 429) {
    const seconds = resetAt == null ? null : Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
    const when = seconds === null ? 'in a minute' : `in about ${seconds} second${seconds === 1 ? '' : 's'}`;
    return problem(
      'rate-limited',
      `Too many requests in a short time: the service’s limit was reached. Try again ${when}.`,
      true,
    );
  }
  if (status >= 500)
    return problem(
      'service-error',
      `The service had a problem (status ${status}) while trying to ${action.doing}. Try again in a moment.`,
      true,
    );
  return problem('service-refused', `The service could not ${action.doing}: ${sentence(error.message)}`, false);
}

/** A failure of a request the caller holds only as an error: worded from the operation it belongs to. */
export function problemOfRequest(error: unknown, resetAt?: number | null): Problem {
  if (isServiceError(error)) return problemFrom(error, error.operation ?? anyRequest, resetAt);
  return problem('invalid-response', error instanceof Error ? error.message : String(error), true);
}

function problem(code: ServiceProblemCode, message: string, retryable: boolean): Problem {
  return { code, message: scrubSecrets(message), retryable };
}

function fieldLabel(attribute: string): string {
  return fieldLabels[attribute] ?? attribute.replace(/_/g, ' ');
}

function missingScope(message: string): Scope | undefined {
  const match = /['‘’“"]?(public|upload|comment|write)['‘’”"]? scope/i.exec(message);
  return match?.[1]?.toLowerCase() as Scope | undefined;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
