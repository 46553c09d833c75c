// The options `upload` and `watch` share: shot metadata defaults and how images are prepared.
import { SIZE_CHOICES } from '../../common/service-rules';
import { parseOptions } from './messages';
import { UsageError } from './command';
import { splitTags } from '../uploads/sidecar';
import { parseTime } from '../uploads/wall-clock';
import type { PrepareChoice } from '../uploads/types';

export { SHARED_OPTIONS } from './options';

export interface SharedValues {
  description?: string;
  tags?: string[];
  /** As typed: an id, login or name, resolved against the signed-in user's teams (team-choice.ts). */
  team?: string;
  lowProfile?: boolean;
  schedule?: { start: string; everyHours?: number };
  /** The --schedule time typed does not exist on the local clock: the time used instead, said. */
  scheduleWarning?: string;
  reboundSourceId?: number;
  prepare: PrepareChoice;
  force: boolean;
  /** --dry-run: say what would happen, send nothing. */
  dryRun: boolean;
}

/** node:util parseArgs, strict, with its errors worded as usage errors (exit 2). */
export const parseCommandArgs = parseOptions;

function positiveInt(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) <= 0)
    throw new UsageError(`${flag} must be a positive whole number, not "${value}"`);
  return Number(value);
}

/**
 * --trim START-END: the part of a clip or animation kept, in seconds from its start (`1.5-4`);
 * a still is not trimmed. The same trim as the desktop editor's, so it is part of the job's key.
 */
export function parseTrim(value: string | undefined): PrepareChoice['trim'] {
  if (value === undefined) return undefined;
  const match = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(value.trim());
  const startMs = match ? Math.round(Number(match[1]) * 1000) : NaN;
  const endMs = match ? Math.round(Number(match[2]) * 1000) : NaN;
  if (!(endMs > startMs))
    throw new UsageError(
      `--trim must be START-END in seconds with the end after the start (e.g. 1.5-4), not "${value}"`,
    );
  return { startMs, endMs };
}

export function sharedValues(values: Record<string, string | boolean | undefined>): SharedValues {
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined);
  const size = text('size');
  if (size !== undefined && !(SIZE_CHOICES as readonly string[]).includes(size))
    throw new UsageError(
      `--size must be ${SIZE_CHOICES.slice(0, -1).join(', ')} or ${SIZE_CHOICES.at(-1)}, not "${size}"`,
    );
  const fit = text('fit');
  if (fit !== undefined && fit !== 'cover' && fit !== 'contain')
    throw new UsageError(`--fit must be cover or contain, not "${fit}"`);
  const scheduleText = text('schedule');
  const everyText = text('every');
  if (everyText !== undefined && scheduleText === undefined)
    throw new UsageError('--every needs --schedule (the first publish time)');
  let schedule: SharedValues['schedule'];
  let scheduleWarning: string | undefined;
  if (scheduleText !== undefined) {
    const parsed = parseTime(scheduleText);
    if (!parsed.ok) throw new UsageError(`--schedule: ${parsed.message}`);
    const every = everyText === undefined ? undefined : Number(everyText);
    if (every !== undefined && !(Number.isFinite(every) && every > 0))
      throw new UsageError(`--every must be a positive number of hours, not "${everyText}"`);
    schedule = { start: parsed.iso, everyHours: every };
    scheduleWarning = parsed.warning;
  }
  const tags = text('tags');
  return {
    description: text('description'),
    tags: tags === undefined ? undefined : splitTags(tags),
    team: text('team'),
    lowProfile: values['low-profile'] === true ? true : undefined,
    schedule,
    ...(scheduleWarning ? { scheduleWarning } : {}),
    reboundSourceId: positiveInt('--rebound', text('rebound')),
    prepare: {
      size: size as PrepareChoice['size'],
      fit: fit as PrepareChoice['fit'],
      ...(text('trim') !== undefined ? { trim: parseTrim(text('trim')) } : {}),
    },
    force: values.force === true,
    dryRun: values['dry-run'] === true,
  };
}
