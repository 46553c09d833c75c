// The one translator from a failed request to a Problem: a code the views and the CLI branch on,
// one sentence a designer can act on, and whether trying again can help. The desktop handlers, the
// upload queue and the CLI all word service failures here, so an error reads the same wherever it
// shows. Errors become Problems once, at the edge of each engine, and travel unchanged after that.
import { isServiceError } from './service-error';
import type { ServiceError } from './service-error';
import { scrubSecrets } from './known-secrets';

export type ProblemCode =
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

export interface Problem {
  code: ProblemCode;
  /** One sentence for a person: what happened and what to do. */
  message: string;
  /** Whether sending the same thing again later can help. */
  retryable: boolean;
}

export type Scope = 'public' | 'upload' | 'comment' | 'write';

/** What was being done, for the sentences: "save the shot", "post the comment". */
export interface ServiceAction {
  /** Infinitive phrase: "save the changes to the shot". */
  doing: string;
  /** The scope the service requires for it, if any. */
  scope?: Scope;
  /** The sentence for a 404: what is gone and what to do. */
  notFound: string;
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
  const said = reason ? ` (${reason.field && reason.field !== 'user' ? `${reason.field} ` : ''}${reason.message.replace(/\.$/, '')})` : '';
  return `Daily upload limit reached: the service takes no more shots from this account today${said}. The rest wait until tomorrow, or until you retry.`;
}

/** Any failure of a service request, as a Problem; other errors are not ours to word and are rethrown. */
export function problemFrom(error: unknown, action: ServiceAction, resetAt?: number | null): Problem {
  if (error instanceof RangeError) return problem('invalid-id', `Shotput could not ${action.doing}: ${error.message}`, false);
  if (!isServiceError(error)) throw error;
  switch (error.kind) {
    case 'network':
      return problem('offline', `Shotput could not reach the service to ${action.doing}. Check the connection, then try again.`, true);
    case 'unknown-outcome':
      return problem('unknown-outcome', `The connection was lost while trying to ${action.doing}; it may have worked. Refresh to see, before trying again.`, true);
    case 'aborted':
      return problem('aborted', `Shotput stopped trying to ${action.doing}.`, true);
    case 'invalid-response':
      return problem('invalid-response', `The service answered in a way Shotput does not understand while trying to ${action.doing}: ${error.message}`, false);
    case 'retired':
      return problem('comments-retired', error.message, false);
    case 'http':
      return fromStatus(error, action, resetAt);
  }
}

function fromStatus(error: ServiceError, action: ServiceAction, resetAt?: number | null): Problem {
  const status = error.status ?? 0;
  if (status === 401) return problem('unauthorized', 'The service no longer accepts this sign-in. Sign out, then sign in again.', false);
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
    const details = error.fieldErrors.map((field) => (field.field ? `${fieldLabel(field.field)} ${field.message}` : field.message)).join('; ');
    return problem('rejected', `The service did not accept this${details ? `: ${details}.` : '.'} Correct it, then try again.`, false);
  }
  if (status === 429) {
    const seconds = resetAt == null ? null : Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
    const when = seconds === null ? 'in a minute' : `in about ${seconds} second${seconds === 1 ? '' : 's'}`;
    return problem('rate-limited', `Too many requests in a short time: the service’s limit was reached. Try again ${when}.`, true);
  }
  if (status >= 500) return problem('service-error', `The service had a problem (status ${status}) while trying to ${action.doing}. Try again in a moment.`, true);
  return problem('service-refused', `The service could not ${action.doing}: ${sentence(error.message)}`, false);
}

/**
 * What a request was for, worded from its method and path: for callers that hold only the failed
 * request (the CLI, the upload queue). The desktop handlers name their actions themselves, in the
 * same words.
 */
export function actionFor(method: string, path: string): ServiceAction {
  const comment = /\/shots\/(\d+)\/comments\/(\d+)/.exec(path);
  if (comment) {
    const gone = `Comment ${comment[2]} on shot ${comment[1]} was not found (it does not exist, or the shot is not visible to you).`;
    if (path.endsWith('/like')) {
      const doing = method === 'GET' ? 'check whether you like the comment' : method === 'DELETE' ? 'unlike the comment' : 'like the comment';
      return { doing, scope: method === 'GET' ? undefined : 'write', notFound: gone };
    }
    if (path.endsWith('/likes')) return { doing: 'list who liked the comment', notFound: gone };
    return { doing: method === 'GET' ? 'read the comment' : method === 'DELETE' ? 'delete the comment' : 'save the comment', scope: method === 'GET' ? undefined : 'comment', notFound: gone };
  }
  const comments = /\/shots\/(\d+)\/comments/.exec(path);
  if (comments) {
    const gone = `Shot ${comments[1]} was not found (it does not exist, or it is not visible to you).`;
    return method === 'GET' ? { doing: 'load the comments', notFound: gone } : { doing: 'post the comment', scope: 'comment', notFound: gone };
  }
  const shot = /\/shots\/(\d+)/.exec(path);
  if (shot) {
    const gone = `Shot ${shot[1]} is not among your shots: it does not exist, or it was deleted.`;
    const doing = method === 'DELETE' ? 'delete the shot' : method === 'PUT' ? 'save the changes to the shot' : 'open the shot';
    return { doing, scope: method === 'GET' ? undefined : 'upload', notFound: gone };
  }
  if (/^\/v2\/shots\/?$/.test(path) && method === 'POST') return { doing: 'upload the shot', scope: 'upload', notFound: 'The service has no place to upload shots to at this address. Check the service settings.' };
  if (path.startsWith('/v2/user/shots')) return { doing: 'list your shots', notFound: 'The service has no shot list for this account. Sign out, then sign in again.' };
  if (path.startsWith('/v2/popular_shots')) return { doing: 'list popular shots', notFound: 'Popular shots are not offered to this application.' };
  if (path.startsWith('/v2/user')) return { doing: 'read your account', notFound: 'The service does not know this account. Sign out, then sign in again.' };
  return { doing: `${method} ${path}`, notFound: `The service has nothing at ${path}.` };
}

/** A failure of a request the caller holds only as an error: worded from the request it was. */
export function problemOfRequest(error: unknown, resetAt?: number | null): Problem {
  if (isServiceError(error)) return problemFrom(error, actionFor(error.method, error.path), resetAt);
  return problem('invalid-response', error instanceof Error ? error.message : String(error), true);
}

function problem(code: ProblemCode, message: string, retryable: boolean): Problem {
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
