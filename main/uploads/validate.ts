// The service's rules for a new shot, checked before any request so a mistake becomes a
// sentence on the job instead of a 422 round trip.
import {
  MAX_SHOT_BYTES,
  MAX_SHOT_TAGS,
  canSchedule,
  isAcceptedFormat,
  isAcceptedSize,
  isOnTeam,
  titleProblem,
  tooManyTags,
} from '../../common/service-rules';
import { readableTime } from '../../common/readable-time';
import type { Problem } from '../../common/problem';
import type { AccountInfo, PreparedImage } from './ports';
import type { ShotMetadata } from './types';

/** Rules that need nothing but the metadata. Returns a sentence per problem. */
export function checkMetadata(metadata: ShotMetadata, now: Date = new Date()): string[] {
  const problems: string[] = [];
  // One wording for a title, as the window's field says it.
  const title = titleProblem(metadata.title ?? '');
  if (title !== undefined) problems.push(title);
  const tags = metadata.tags ?? [];
  if (tags.length > MAX_SHOT_TAGS) problems.push(tooManyTags(tags.length));
  if (metadata.scheduledFor !== undefined) {
    const when = Date.parse(metadata.scheduledFor);
    if (Number.isNaN(when))
      problems.push(
        `The publish time "${metadata.scheduledFor}" is not a date and time (use ISO 8601, e.g. 2026-12-01T09:00:00Z).`,
      );
    else if (when <= now.getTime())
      problems.push(
        `The publish time ${readableTime(metadata.scheduledFor)} is already past; choose a later time or publish now.`,
      );
  }
  if (metadata.teamId !== undefined && !(Number.isInteger(metadata.teamId) && metadata.teamId > 0))
    problems.push('The team id must be a positive whole number.');
  if (
    metadata.reboundSourceId !== undefined &&
    !(Number.isInteger(metadata.reboundSourceId) && metadata.reboundSourceId > 0)
  )
    problems.push('The rebound shot id must be a positive whole number.');
  return problems;
}

/** Whether the metadata needs to know who the account is (scheduling, teams). */
export function needsAccount(metadata: ShotMetadata): boolean {
  return metadata.scheduledFor !== undefined || metadata.teamId !== undefined;
}

/** Rules that depend on the account: uploading at all, scheduling, posting for a team; each a Problem. */
export function checkAgainstAccount(metadata: ShotMetadata, account: AccountInfo): Problem[] {
  const problems: Problem[] = [];
  if (!account.canUploadShot) problems.push({ code: 'cannot-upload', message: 'This account cannot upload shots.' });
  if (metadata.scheduledFor !== undefined && !canSchedule(account))
    problems.push({
      code: 'cannot-schedule',
      message: 'Scheduling a shot is only for pro accounts, teams and team members; publish it now or upgrade.',
    });
  if (metadata.teamId !== undefined && !isOnTeam(account, metadata.teamId)) {
    const names = account.teams.map((t) => `${t.name} (${t.id})`).join(', ');
    problems.push({
      code: 'not-on-team',
      message: `This account is not a member of team ${metadata.teamId}${names ? `; its teams are ${names}` : ''}.`,
    });
  }
  return problems;
}

/** The prepared image must be exactly what the service accepts. */
export function checkImage(image: Pick<PreparedImage, 'format' | 'width' | 'height' | 'bytes'>): string[] {
  const problems: string[] = [];
  if (!isAcceptedSize(image.width, image.height))
    problems.push(`The image is ${image.width}x${image.height}; the service accepts exactly 400x300 or 800x600.`);
  if (!isAcceptedFormat(image.format))
    problems.push(`The image is ${image.format.toUpperCase()}; the service accepts GIF, JPG or PNG.`);
  if (image.bytes > MAX_SHOT_BYTES)
    problems.push(
      `The image is ${(image.bytes / 1_000_000).toFixed(1)} MB; the service accepts at most ${MAX_SHOT_BYTES / 1_000_000} MB.`,
    );
  return problems;
}
