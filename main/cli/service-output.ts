// Shared by the service commands: argument parsing that turns mistakes into usage errors, the
// --json switch, and short human lines for shots, comments and users.
import { parseOptions, serviceProblemLine } from './messages';
import { link, paint, readableTime } from './style';
import { terminalText } from './terminal-text';
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
  const teams = (user.teams ?? []).map((team) => terminalText(teamLabel(team))).join(', ');
  const traits = [user.type ?? 'User', user.pro ? 'pro' : null, teams ? `teams: ${teams}` : 'no team']
    .filter(Boolean)
    .join(', ');
  return `${terminalText(handleOf(user))} (${terminalText(displayNameOf(user))}) on ${serviceLabel}: ${terminalText(traits)}`;
}

/** How human lines are drawn: colour and links on a terminal, times in the user's zone. */
export interface Look {
  color?: boolean;
  timeZone?: string;
}

export function lookOf(ctx: CliContext): Look {
  return { color: ctx.globals.color, timeZone: ctx.env?.TZ || undefined };
}

export function shotStatus(shot: Pick<Shot, 'published_at' | 'scheduled_for'>, look: Look = {}): string {
  if (shot.published_at)
    return paint(look.color, 'green', `published ${readableTime(shot.published_at, look.timeZone)}`);
  if (shot.scheduled_for)
    return paint(look.color, 'cyan', `scheduled for ${readableTime(shot.scheduled_for, look.timeZone)}`);
  return paint(look.color, 'yellow', 'not published');
}

export function shotLine(shot: Shot, look: Look = {}): string {
  const tags = shot.tags.length ? `  [${terminalText(shot.tags.join(', '))}]` : '';
  const team = shot.team ? `  team ${terminalText(handleOf(shot.team))}` : '';
  const low = shot.low_profile ? '  low profile' : '';
  return `${paint(look.color, 'bold', String(shot.id))}  ${terminalText(shot.title)}  (${shotStatus(shot, look)})${team}${low}${tags}`;
}

/**
 * The sizes of a shot, said for what they are: the spec's width and height are the normal image's;
 * the hidpi image, when there is one, is always 800x600, and is what an 800x600 upload became.
 */
export function shotSizes(shot: Pick<Shot, 'width' | 'height' | 'images'>): string {
  const normal = `normal image ${shot.width}x${shot.height}`;
  return shot.images.hidpi
    ? `${normal}, hidpi image 800x600 (uploaded at 800x600)`
    : `${normal} (uploaded at ${shot.width}x${shot.height}; no hidpi image)`;
}

export function shotDetails(shot: Shot, look: Look = {}): string[] {
  return [
    `${paint(look.color, 'bold', String(shot.id))}  ${terminalText(shot.title)}`,
    `  ${shotStatus(shot, look)}${shot.animated ? ', animated' : ''}${shot.low_profile ? ', low profile' : ''}`,
    `  sizes: ${shotSizes(shot)}`,
    `  team: ${shot.team ? terminalText(handleOf(shot.team)) : 'none'}`,
    `  tags: ${shot.tags.length ? terminalText(shot.tags.join(', ')) : 'none'}`,
    `  ${link(look.color, shot.html_url)}`,
    ...(shot.description ? [`  ${plainText(shot.description)}`] : []),
  ];
}

export function popularLine(shot: PopularShot, look: Look = {}): string {
  return `${shot.id}  ${terminalText(shot.title)}  ${link(look.color, shot.html_url)}`;
}

export function commentLine(comment: Comment, look: Look = {}): string {
  const likes = comment.likes_count === 1 ? '1 like' : `${comment.likes_count} likes`;
  return `${comment.id}  ${terminalText(handleOf(comment.user))}  ${readableTime(comment.created_at, look.timeZone)}  (${likes})\n    ${plainText(comment.body)}`;
}

export function likeLine(like: CommentLike, look: Look = {}): string {
  return `${like.id}  ${like.user ? terminalText(handleOf(like.user)) : '?'}  ${readableTime(like.created_at, look.timeZone)}`;
}

/** Comment bodies are HTML; a terminal shows their text, and nothing in it acts on the terminal. */
export function plainText(html: string): string {
  const text = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
  return terminalText(text);
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
  return terminalText(serviceProblemLine(problemOfRequest(error).message, error.fieldErrors));
}
