// Shared by the service commands: argument parsing that turns mistakes into usage errors, the
// --json switch, and short human lines for shots, comments and users.
import { parseOptions } from './messages';
import { teamLabel } from './team-choice';
import { UsageError, writeLine } from './command';
import type { CliContext } from './command';
import { isServiceError } from '../service/service-error';
import { problemOfRequest } from '../service/problem';
import type { ServiceError } from '../service/service-error';
import { displayNameOf, handleOf } from '../service/resources';
import type { AuthenticatedUser, Comment, CommentLike, PopularShot, Shot } from '../service/resources';

/** node:util parseArgs, strict, with its errors worded as usage errors (exit 2). */
export const parseCommandArgs = parseOptions;

export function positiveId(value: string | undefined, what: string): number {
  if (value === undefined) throw new UsageError(`${what} is missing`);
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0)
    throw new UsageError(`${what} must be a positive whole number, not "${value}"`);
  return id;
}

/** With --json prints the value as the service's JSON; otherwise the human lines. */
export function print(ctx: CliContext, json: unknown, human: () => string | string[]): void {
  if (ctx.globals.json) {
    writeLine(ctx.io.stdout, JSON.stringify(json, null, 2));
    return;
  }
  const text = human();
  const lines = Array.isArray(text) ? text : [text];
  if (lines.length > 0) writeLine(ctx.io.stdout, lines.join('\n'));
}

export function userLine(user: AuthenticatedUser, serviceLabel: string): string {
  const teams = (user.teams ?? []).map(teamLabel).join(', ');
  const traits = [user.type ?? 'User', user.pro ? 'pro' : null, teams ? `teams: ${teams}` : 'no team']
    .filter(Boolean)
    .join(', ');
  return `${handleOf(user)} (${displayNameOf(user)}) on ${serviceLabel}: ${traits}`;
}

export function shotStatus(shot: Pick<Shot, 'published_at' | 'scheduled_for'>): string {
  if (shot.published_at) return `published ${shot.published_at}`;
  if (shot.scheduled_for) return `scheduled for ${shot.scheduled_for}`;
  return 'not published';
}

export function shotLine(shot: Shot): string {
  const tags = shot.tags.length ? `  [${shot.tags.join(', ')}]` : '';
  const team = shot.team ? `  team ${handleOf(shot.team)}` : '';
  const low = shot.low_profile ? '  low profile' : '';
  return `${shot.id}  ${shot.title}  (${shotStatus(shot)})${team}${low}${tags}`;
}

export function shotDetails(shot: Shot): string[] {
  return [
    `${shot.id}  ${shot.title}`,
    `  ${shotStatus(shot)}, ${shot.width}x${shot.height}${shot.animated ? ', animated' : ''}${shot.low_profile ? ', low profile' : ''}`,
    `  team: ${shot.team ? handleOf(shot.team) : 'none'}`,
    `  tags: ${shot.tags.length ? shot.tags.join(', ') : 'none'}`,
    `  ${shot.html_url}`,
    ...(shot.description ? [`  ${plainText(shot.description)}`] : []),
  ];
}

export function popularLine(shot: PopularShot): string {
  return `${shot.id}  ${shot.title}  ${shot.html_url}`;
}

export function commentLine(comment: Comment): string {
  const likes = comment.likes_count === 1 ? '1 like' : `${comment.likes_count} likes`;
  return `${comment.id}  ${handleOf(comment.user)}  ${comment.created_at}  (${likes})\n    ${plainText(comment.body)}`;
}

export function likeLine(like: CommentLike): string {
  return `${like.id}  ${like.user ? handleOf(like.user) : '?'}  ${like.created_at}`;
}

/** Comment bodies are HTML; a terminal shows their text. */
export function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

/** Runs a command's body with a session and always closes it; service failures become one clear line. */
export async function withSession<T>(
  open: () => Promise<{ close(): Promise<void> } & T>,
  body: (session: T) => Promise<number>,
): Promise<number> {
  const session = await open();
  try {
    return await body(session);
  } catch (error) {
    if (isServiceError(error)) throw new Error(failureLine(error), { cause: error });
    throw error;
  } finally {
    await session.close();
  }
}

/** What went wrong, in the words the desktop uses too (the service translator), naming the thing asked for. */
export function failureLine(error: ServiceError): string {
  return problemOfRequest(error).message;
}
