// The design-sharing service's rules for a shot, as Shotput applies them: pure constants and checks
// with no I/O, so main, the CLI and the renderer import the same ones and each rule is written once.
// (sandbox/ plays the service and keeps its own copy on purpose: it shares no code with the app.)

/** The only image sizes the service accepts, largest first. */
export const SHOT_SIZES = {
  '800x600': { width: 800, height: 600 },
  '400x300': { width: 400, height: 300 },
} as const;

/** An accepted size by name, as the CLI's --size and the upload form write it. */
export type ShotSizeName = keyof typeof SHOT_SIZES;

/** The accepted sizes' names, largest first. */
export const SHOT_SIZE_NAMES = Object.keys(SHOT_SIZES) as ShotSizeName[];

/** A size to pick: one of the accepted sizes, or 'auto' to let the image decide. */
export const SIZE_CHOICES = ['auto', '400x300', '800x600'] as const satisfies readonly ('auto' | ShotSizeName)[];

/** Whether width x height is exactly one of the accepted sizes. */
export function isAcceptedSize(width: number, height: number): boolean {
  return SHOT_SIZE_NAMES.some((name) => SHOT_SIZES[name].width === width && SHOT_SIZES[name].height === height);
}

/** The file formats the service accepts (GIF, JPG, PNG), as sharp names them. */
export const SHOT_FORMATS = ['gif', 'jpeg', 'png'] as const;
export type ShotFormat = (typeof SHOT_FORMATS)[number];

export function isAcceptedFormat(format: string): format is ShotFormat {
  return (SHOT_FORMATS as readonly string[]).includes(format);
}

/**
 * The API says "at most eight megabytes" without saying which megabyte. We take the decimal one,
 * 8,000,000 bytes: it is the stricter of the two readings (8 MiB is 8,388,608), so a file within it
 * is accepted whichever the service means, and a file above it would be refused by one of them.
 */
export const MAX_SHOT_BYTES = 8_000_000;

/** Tags a shot may have (create and update alike). */
export const MAX_SHOT_TAGS = 12;

/** What the scheduling and team rules need to know about the signed-in account (GET /v2/user). */
export interface AccountTraits {
  id: number;
  pro: boolean;
  /** 'Player' or 'Team'. */
  type: string;
  teams?: readonly { id: number }[] | undefined;
}

/** A pro, a team, or a member of a team may schedule a shot (on create, or while it is unpublished). */
export function canSchedule(account: Pick<AccountTraits, 'pro' | 'type' | 'teams'>): boolean {
  return account.pro || account.type === 'Team' || (account.teams ?? []).length > 0;
}

/** A shot may go to a team only when the account is a member of it or is that team itself. */
export function isOnTeam(account: AccountTraits, teamId: number): boolean {
  return (account.type === 'Team' && account.id === teamId) || (account.teams ?? []).some((team) => team.id === teamId);
}

/**
 * Characters in a shot's title (create and update alike): the service refuses a longer one with a 422
 * "is too long (maximum is 255 characters)", counting characters (code points), not UTF-16 units.
 */
export const MAX_SHOT_TITLE = 255;

/** Characters in one tag. */
export const MAX_TAG_LENGTH = 100;

/** How close to a limit a field starts showing its counter (a fraction of the limit). */
export const COUNTER_FROM = 0.8;

/**
 * What is wrong with a title as typed, in the words the field and Upload all show; undefined when
 * it can be sent. Counted as the service counts: after trimming, in characters (code points).
 */
export function titleProblem(title: string): string | undefined {
  const length = titleLength(title);
  if (length === 0) return 'A shot needs a title.';
  if (length > MAX_SHOT_TITLE)
    return `The title has ${length} characters; a shot’s title has at most ${MAX_SHOT_TITLE}. Shorten it by ${length - MAX_SHOT_TITLE}.`;
  return undefined;
}

/** A title's length as the service counts it: trimmed, in characters (an emoji is one). */
export function titleLength(title: string): number {
  return [...title.trim()].length;
}

/**
 * Too many tags, in the one sentence every place that checks them says (the draft's field, Upload
 * all, the contract, a job's failure, the CLI): how many there are and how many to remove.
 */
export function tooManyTags(count: number): string {
  return `A shot has at most ${MAX_SHOT_TAGS} tags; this one has ${count}: remove ${count - MAX_SHOT_TAGS}.`;
}

/** The tag field refuses one more than the limit, in the words of tooManyTags. */
export function tagRefused(tag: string): string {
  return `A shot has at most ${MAX_SHOT_TAGS} tags: remove one to add “${tag}”.`;
}

/** What is wrong with a shot's tags, or undefined. */
export function tagsProblem(tags: readonly string[]): string | undefined {
  if (tags.length > MAX_SHOT_TAGS) return tooManyTags(tags.length);
  const long = tags.find((tag) => tag.trim().length > MAX_TAG_LENGTH);
  if (long !== undefined) return `The tag “${long.slice(0, 24)}…” is longer than ${MAX_TAG_LENGTH} characters.`;
  if (tags.some((tag) => tag.trim() === '')) return 'A tag cannot be empty.';
  return undefined;
}
