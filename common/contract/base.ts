// What every part of the contract uses: the Result every request answers with and the Problem it
// carries (common/problem.ts), and the small checks that several namespaces share.
import * as v from 'valibot';
import { MAX_SHOT_TAGS, MAX_SHOT_TITLE, MAX_TAG_LENGTH, titleLength, tooManyTags } from '../service-rules';

/** A marker for the type a request answers with; it carries no runtime value. */
export function answers<T>(): T {
  return undefined as T;
}

export type { FailureCode, Problem, Result } from '../problem';

/** A request that takes nothing. */
export const noPayload = v.optional(v.undefined());

export const positiveId = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER));
export const pageNumber = v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000)));
const shotTag = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'A tag cannot be empty.'),
  v.maxLength(MAX_TAG_LENGTH, `A tag has at most ${MAX_TAG_LENGTH} characters.`),
);
/** A shot's tags, on create, on update and as a watched folder's default. */
export const ShotTagsSchema = v.pipe(
  v.array(shotTag),
  v.maxLength(MAX_SHOT_TAGS, (issue) => tooManyTags(issue.input.length)),
);
/** A shot's title, on create and on update. */
export const ShotTitleSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'A shot needs a title.'),
  v.check((title) => titleLength(title) <= MAX_SHOT_TITLE, `A shot’s title has at most ${MAX_SHOT_TITLE} characters.`),
);
/** An absolute path of a file or folder the user chose (dropped, picked or watched). */
export const filePath = v.pipe(v.string(), v.minLength(1), v.maxLength(4096));
export const isoTime = v.pipe(
  v.string(),
  v.maxLength(40),
  v.check((value) => !Number.isNaN(Date.parse(value)), 'Not a date and time.'),
);
