// Turns a failed request to the service into a sentence for the user with the next step.
// The scope sentences matter most: a token without the "comment" scope is refused with 403, and
// the fix (sign out, sign in again and allow it) is not something a designer would guess.
import type { Result } from '../../../preload/contract';
import { isServiceError } from '../../service/service-error';
import type { ServiceClient } from '../../service/service-client';
import { fail, ok } from '../result';
import type { ServiceAccess } from './service-access';

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

/** Runs `work` with the signed-in account's client; every failure becomes a Failure with a sentence. */
export async function withService<T>(
  access: ServiceAccess,
  action: ServiceAction,
  work: (client: ServiceClient) => Promise<T>,
): Promise<Result<T>> {
  const client = access.client();
  if (client === undefined) return fail('signed-out', `You are signed out, so Shotput cannot ${action.doing}. Sign in, then try again.`);
  try {
    return ok(await work(client));
  } catch (error) {
    return describeServiceFailure(error, action, client);
  }
}

export function describeServiceFailure<T>(error: unknown, action: ServiceAction, client?: ServiceClient): Result<T> {
  if (error instanceof RangeError) return fail('invalid-id', `Shotput could not ${action.doing}: ${error.message}`);
  if (!isServiceError(error)) throw error;
  const status = error.status;
  switch (error.kind) {
    case 'network':
      return fail('offline', `Shotput could not reach the service to ${action.doing}. Check the connection, then try again.`);
    case 'unknown-outcome':
      return fail(
        'unknown-outcome',
        `The connection was lost while trying to ${action.doing}; it may have worked. Refresh to see, before trying again.`,
      );
    case 'aborted':
      return fail('aborted', `Shotput stopped trying to ${action.doing}.`);
    case 'invalid-response':
      return fail('invalid-response', `The service answered in a way Shotput does not understand while trying to ${action.doing}: ${error.message}`);
    case 'http':
      break;
  }
  if (status === 401) return fail('unauthorized', 'The service no longer accepts this sign-in. Sign out, then sign in again.');
  if (status === 403) {
    const missing = missingScope(error.message) ?? (mentionsScope(error.message) ? action.scope : undefined);
    if (missing !== undefined) {
      return fail(
        'missing-scope',
        `The service refused to ${action.doing}: this sign-in does not include the “${missing}” permission (${scopeMeanings[missing]}). Sign out, then sign in again and allow it when the service asks.`,
      );
    }
    return fail('forbidden', `The service refused to ${action.doing}: ${sentence(error.message)}`);
  }
  if (status === 404) return fail('not-found', action.notFound);
  if (status === 422) {
    const details = error.fieldErrors.map((field) => (field.field ? `${fieldLabel(field.field)} ${field.message}` : field.message)).join('; ');
    return fail('rejected', `The service did not accept this${details ? `: ${details}.` : '.'} Correct it, then try again.`);
  }
  if (status === 429) {
    const resetAt = client?.governor.state.resetAt ?? null;
    const seconds = resetAt === null ? null : Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
    const when = seconds === null ? 'in a minute' : `in about ${seconds} second${seconds === 1 ? '' : 's'}`;
    return fail('rate-limited', `Too many requests in a short time: the service’s limit was reached. Try again ${when}.`);
  }
  if (status !== undefined && status >= 500) {
    return fail('service-error', `The service had a problem (status ${status}) while trying to ${action.doing}. Try again in a moment.`);
  }
  return fail('service-refused', `The service could not ${action.doing}: ${sentence(error.message)}`);
}

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

function fieldLabel(attribute: string): string {
  return fieldLabels[attribute] ?? attribute.replace(/_/g, ' ');
}

function missingScope(message: string): Scope | undefined {
  const match = /['‘’“"]?(public|upload|comment|write)['‘’”"]? scope/i.exec(message);
  return match?.[1]?.toLowerCase() as Scope | undefined;
}

function mentionsScope(message: string): boolean {
  return /scope/i.test(message);
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
