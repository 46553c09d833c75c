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

/** The longest title the service takes (a longer one is a 422 "is too long (maximum is 255 characters)"). */
export const MAX_SHOT_TITLE_CHARS = 255;
