// The one contract between the renderer and the main process.
//
// Every request (renderer → main, answered) and every event (main → renderer) is named here
// with the schema of what crosses the boundary. Main registers one handler per request and
// validates each payload against `payload` before the handler runs (main/app/ipc-registration.ts);
// the preload builds `window.shotput` from the names (preload/bridge.ts); the end-to-end
// harness connects a Chromium page to the same handlers. The renderer imports only types.
//
// Adding a feature: 1. add an entry to `requests` (or `events`), 2. add its handler in
// main/app/handlers/ (the compiler lists what is missing), 3. call it from a view as
// `window.shotput.<namespace>.<method>(payload)`.
import * as v from 'valibot';

/** A marker for the type a request answers with; it carries no runtime value. */
function answers<T>(): T {
  return undefined as T;
}

export const themeChoices = ['system', 'light', 'dark'] as const;
export const tabNames = ['upload', 'queue', 'shots', 'settings'] as const;
export const serviceChoices = ['sandbox', 'real'] as const;

export const SettingsSchema = v.object({
  /** 'system' follows the OS through prefers-color-scheme. */
  theme: v.picklist(themeChoices),
  /** The tab shown when the window opens. */
  lastTab: v.picklist(tabNames),
});
export type Settings = v.InferOutput<typeof SettingsSchema>;
export type ThemeChoice = Settings['theme'];
export type TabName = Settings['lastTab'];
export type ServiceChoice = (typeof serviceChoices)[number];

export const defaultSettings: Settings = { theme: 'system', lastTab: 'upload' };

/** A partial update: every key optional, unknown keys refused. */
export const SettingsPatchSchema = v.strictObject(v.partial(SettingsSchema).entries);
export type SettingsPatch = v.InferOutput<typeof SettingsPatchSchema>;

export interface AppInfo {
  name: string;
  version: string;
  /** Node's process.platform: 'darwin', 'win32', 'linux', … */
  platform: string;
}

/** A team of the signed-in user, from `GET /v2/user` `teams`. */
export interface TeamView {
  id: number;
  name: string;
  login: string;
}

/** The signed-in account as the UI may know it (no token, ever). */
export interface AccountView {
  service: ServiceChoice;
  /** "Sandbox (on this computer)" or "Dribbble". */
  serviceLabel: string;
  id: number;
  name: string;
  username: string;
  /** A small data: URL made in main (the CSP allows no remote images), or null. */
  avatar: string | null;
  pro: boolean;
  /** 'Player' or 'Team'. */
  type: string;
  teams: TeamView[];
  canUploadShot: boolean;
  /** Pro accounts, teams and team members may schedule shots. */
  canSchedule: boolean;
  /** Why scheduling is not offered, when it is not. */
  scheduleReason: string | null;
  /** Scopes granted to the token. */
  scopes: string[];
  htmlUrl: string | null;
}

/** A sign-in failure: what happened and the one thing to do next. */
export interface AuthProblem {
  code: string;
  title: string;
  message: string;
  action: string;
}

/** How saved sign-ins are protected on this computer (safeStorage's backend). */
export type SecretStorage = 'os-keychain' | 'basic-text' | 'file-permissions' | 'unavailable';

interface AuthStateBase {
  /** The service in use (chosen at sign-in or in Settings). */
  service: ServiceChoice;
  secretStorage: SecretStorage;
  /** The user's own application on the real service, when entered before (the secret is never sent back). */
  realService: { clientId: string | null; hasSecret: boolean };
  /** The last sign-in failure, until the next attempt. */
  problem: AuthProblem | null;
}

export type AuthState =
  | (AuthStateBase & { status: 'signed-out' })
  /** A saved sign-in is being checked with the service (at start-up or on switching service). */
  | (AuthStateBase & { status: 'connecting' })
  /** The system browser is open on the service's authorize page. */
  | (AuthStateBase & { status: 'signing-in'; expiresAt: number })
  | (AuthStateBase & { status: 'signed-in'; account: AccountView });

/** A failure the UI can show as is: `message` is a sentence for the user. */
export interface Failure {
  code: string;
  message: string;
}

/** Every request answers with a value, never a thrown error. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: Failure };

const noPayload = v.optional(v.undefined());

// ---- My shots, comments, popular shots and opening links (issue 7, second half) ----
// Plain views of the service's resources: only what the screens show, in camelCase, no tokens.

const positiveId = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER));
const pageNumber = v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000)));

/** The service accepts at most this many tags on a shot. */
export const MAX_SHOT_TAGS = 12;

const shotTag = v.pipe(v.string(), v.trim(), v.minLength(1, 'A tag cannot be empty.'), v.maxLength(100, 'A tag has at most 100 characters.'));

/** What may change on one of the user's shots; absent keys stay as they are. */
export const ShotChangesSchema = v.strictObject({
  title: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'A shot needs a title.'), v.maxLength(300))),
  description: v.optional(v.pipe(v.string(), v.maxLength(20_000))),
  /** Replaces every tag. */
  tags: v.optional(v.pipe(v.array(shotTag), v.maxLength(MAX_SHOT_TAGS, `A shot has at most ${MAX_SHOT_TAGS} tags.`))),
  /** null removes the team. */
  teamId: v.optional(v.nullable(positiveId)),
  lowProfile: v.optional(v.boolean()),
  /** ISO 8601; only while the shot is not yet published. */
  scheduledFor: v.optional(v.pipe(v.string(), v.maxLength(40), v.check((value) => !Number.isNaN(Date.parse(value)), 'Not a date and time.'))),
});
export type ShotChanges = v.InferInput<typeof ShotChangesSchema>;

const commentBody = v.pipe(v.string(), v.trim(), v.minLength(1, 'A comment cannot be empty.'), v.maxLength(10_000, 'A comment has at most 10,000 characters.'));
const commentRef = { shotId: positiveId, commentId: positiveId };

/** http and https only: nothing else is ever handed to the operating system. */
export const ExternalLinkSchema = v.pipe(
  v.string(),
  v.maxLength(4096),
  v.check((value) => /^https?:\/\//i.test(value) && URL.canParse(value), 'Only http and https links can be opened.'),
);

export interface ShotTeamView {
  id: number;
  name: string;
}

export interface ShotView {
  id: number;
  title: string;
  /** HTML as the service sends it: sanitize before showing it. */
  descriptionHtml: string | null;
  /** 200x150; served by the service's image host (allowed by the CSP's img-src). */
  teaserUrl: string;
  /** 400x300 (or 800x600 when there is one). */
  imageUrl: string;
  htmlUrl: string;
  width: number;
  height: number;
  animated: boolean;
  /** null while the shot is scheduled. */
  publishedAt: string | null;
  scheduledFor: string | null;
  tags: string[];
  team: ShotTeamView | null;
  lowProfile: boolean;
}

export interface ShotListPage {
  shots: ShotView[];
  nextPage: number | null;
}

export interface PersonView {
  id: number;
  name: string;
  username: string;
  htmlUrl: string;
  avatarUrl: string | null;
}

export interface CommentView {
  id: number;
  shotId: number;
  /** The service's HTML, unsanitized: the renderer sanitizes it before showing it. */
  bodyHtml: string;
  likesCount: number;
  createdAt: string;
  updatedAt: string;
  author: PersonView;
  /** Written by the signed-in user: they may edit and delete it. */
  own: boolean;
  likedByMe: boolean;
}

export interface CommentListPage {
  comments: CommentView[];
  nextPage: number | null;
}

export interface CommentLikeView {
  id: number;
  createdAt: string;
  user: PersonView | null;
}

export interface PopularShotView {
  id: number;
  title: string;
  teaserUrl: string;
  imageUrl: string;
  htmlUrl: string;
  publishedAt: string | null;
}

export interface PopularShotListPage {
  shots: PopularShotView[];
  nextPage: number | null;
}

/** Whether the application may list popular shots (decided once per account: a 403 means no). */
export interface PopularAvailability {
  approved: boolean;
}

export const requests = {
  'app.info': { payload: noPayload, result: answers<AppInfo>() },
  'settings.get': { payload: noPayload, result: answers<Settings>() },
  'settings.set': { payload: SettingsPatchSchema, result: answers<Settings>() },
  'auth.state': { payload: noPayload, result: answers<AuthState>() },
  'auth.signIn': {
    payload: v.strictObject({
      service: v.picklist(serviceChoices),
      /** The real service only: the user's registered application. */
      clientId: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200))),
      clientSecret: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(500))),
    }),
    result: answers<AuthState>(),
  },
  /** Stops waiting for the browser; a late callback is refused. */
  'auth.cancel': { payload: noPayload, result: answers<AuthState>() },
  'auth.signOut': { payload: noPayload, result: answers<AuthState>() },
  /** Switches service: its saved account is used when there is one, else signed out. */
  'auth.useService': { payload: v.strictObject({ service: v.picklist(serviceChoices) }), result: answers<AuthState>() },
  // ---- My shots, comments, popular shots, opening links (issue 7, second half) ----
  /** The signed-in user's shots, newest first, one page at a time. */
  'shots.list': { payload: v.optional(v.strictObject({ page: pageNumber })), result: answers<ShotListPage>() },
  'shots.get': { payload: v.strictObject({ id: positiveId }), result: answers<ShotView>() },
  'shots.update': { payload: v.strictObject({ id: positiveId, changes: ShotChangesSchema }), result: answers<ShotView>() },
  'shots.delete': { payload: v.strictObject({ id: positiveId }), result: answers<null>() },
  'comments.list': { payload: v.strictObject({ shotId: positiveId, page: pageNumber }), result: answers<CommentListPage>() },
  'comments.add': { payload: v.strictObject({ shotId: positiveId, body: commentBody }), result: answers<CommentView>() },
  'comments.edit': { payload: v.strictObject({ ...commentRef, body: commentBody }), result: answers<CommentView>() },
  'comments.delete': { payload: v.strictObject(commentRef), result: answers<null>() },
  'comments.like': { payload: v.strictObject(commentRef), result: answers<null>() },
  'comments.unlike': { payload: v.strictObject(commentRef), result: answers<null>() },
  'comments.liked': { payload: v.strictObject(commentRef), result: answers<boolean>() },
  /** Who liked the comment (the first 100). */
  'comments.likes': { payload: v.strictObject(commentRef), result: answers<CommentLikeView[]>() },
  'popular.availability': { payload: noPayload, result: answers<PopularAvailability>() },
  'popular.list': { payload: v.optional(v.strictObject({ page: pageNumber })), result: answers<PopularShotListPage>() },
  /** Opens an http(s) link in the system browser; the window itself never navigates. */
  'shell.openLink': { payload: v.strictObject({ url: ExternalLinkSchema }), result: answers<null>() },
} as const;

// Events come from main, which is trusted: they carry a type, not a schema.
export const events = {
  'settings.changed': answers<Settings>(),
  'auth.changed': answers<AuthState>(),
} as const;

export type RequestName = keyof typeof requests;
export type EventName = keyof typeof events;
export type RequestPayload<N extends RequestName> = v.InferInput<(typeof requests)[N]['payload']>;
export type RequestResult<N extends RequestName> = (typeof requests)[N]['result'];
export type EventPayload<E extends EventName> = (typeof events)[E];

export const requestNames = Object.keys(requests) as RequestName[];
export const eventNames = Object.keys(events) as EventName[];

/** The IPC channel of a request or event; the prefix keeps our channels apart from Electron's. */
export function channelOf(name: RequestName | EventName): string {
  return `shotput:${name}`;
}

type NamespaceOf<N> = N extends `${infer Namespace}.${string}` ? Namespace : never;
type MethodOf<N, Namespace extends string> = N extends `${Namespace}.${infer Method}` ? Method : never;

/** A request as the renderer calls it: no argument when the payload is empty. */
export type RequestFunction<N extends RequestName> = undefined extends RequestPayload<N>
  ? (payload?: RequestPayload<N>) => Promise<Result<RequestResult<N>>>
  : (payload: RequestPayload<N>) => Promise<Result<RequestResult<N>>>;

/** What the preload exposes as `window.shotput`: `shotput.settings.set({...})`, `shotput.on(...)`. */
export type ShotputBridge = {
  readonly [Namespace in NamespaceOf<RequestName>]: {
    readonly [Method in MethodOf<RequestName, Namespace>]: RequestFunction<Extract<`${Namespace}.${Method}`, RequestName>>;
  };
} & {
  /** Subscribes to an event from main; returns the function that unsubscribes. */
  readonly on: <E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) => () => void;
};

/** Splits 'settings.set' into ['settings', 'set']. */
export function splitRequestName(name: RequestName): [string, string] {
  const dot = name.indexOf('.');
  return [name.slice(0, dot), name.slice(dot + 1)];
}
