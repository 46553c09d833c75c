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
import { MAX_SHOT_TAGS, SIZE_CHOICES } from '../common/service-rules';

/** A marker for the type a request answers with; it carries no runtime value. */
function answers<T>(): T {
  return undefined as T;
}

export const themeChoices = ['system', 'light', 'dark'] as const;
/** 'popular' is shown only when the application is approved for popular shots. */
export const tabNames = ['upload', 'queue', 'shots', 'popular', 'settings'] as const;
export const serviceChoices = ['sandbox', 'real'] as const;

export const SettingsSchema = v.object({
  /** 'system' follows the OS through prefers-color-scheme. */
  theme: v.picklist(themeChoices),
  /** The tab shown when the window opens. */
  lastTab: v.picklist(tabNames),
  /** How new drafts are prepared unless chosen otherwise. */
  prepareDefaults: v.object({
    size: v.picklist(SIZE_CHOICES),
    fit: v.picklist(['cover', 'contain']),
    background: v.pipe(v.string(), v.regex(/^#[0-9a-f]{6}$/i)),
  }),
  /** Start Shotput when the user logs in (macOS and Windows). */
  openAtLogin: v.boolean(),
  /** Look for new versions (after start and every few hours) and download them in the background. */
  checkForUpdates: v.boolean(),
});
export type Settings = v.InferOutput<typeof SettingsSchema>;
export type ThemeChoice = Settings['theme'];
export type TabName = Settings['lastTab'];
export type ServiceChoice = (typeof serviceChoices)[number];

export const defaultSettings: Settings = {
  theme: 'system',
  lastTab: 'upload',
  prepareDefaults: { size: 'auto', fit: 'cover', background: '#ffffff' },
  openAtLogin: false,
  checkForUpdates: true,
};

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
  /** What went wrong, for the view to branch on (e.g. "not-found", "comments-retired", "daily-cap"). */
  code: string;
  message: string;
  /** Whether trying the same again later can help, when known. */
  retryable?: boolean;
}

/** Every request answers with a value, never a thrown error. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: Failure };

const noPayload = v.optional(v.undefined());

// ---- My shots, comments, popular shots and opening links (issue 7, second half) ----
// Plain views of the service's resources: only what the screens show, in camelCase, no tokens.

const positiveId = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER));
const pageNumber = v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000)));

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

// ---- Uploads: drafts, final-size previews, the queue, watched folders ----------------------------

export const fitChoices = ['cover', 'contain'] as const;

const hexColour = v.pipe(v.string(), v.regex(/^#[0-9a-f]{6}$/i, 'A colour is written like #ffffff.'));
const unitInterval = v.pipe(v.number(), v.minValue(0), v.maxValue(1));
const pixels = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000));
/** An absolute path of a file or folder the user chose (dropped, picked or watched). */
const filePath = v.pipe(v.string(), v.minLength(1), v.maxLength(4096));
const isoTime = v.pipe(v.string(), v.maxLength(40), v.check((value) => !Number.isNaN(Date.parse(value)), 'Not a date and time.'));
const draftId = v.pipe(v.string(), v.regex(/^[0-9a-f-]{36}$/, 'Not a draft id.'));
const jobId = v.pipe(v.string(), v.minLength(1), v.maxLength(100));
const folderId = v.pipe(v.string(), v.minLength(1), v.maxLength(100));

/** How a source image becomes the exact image the service accepts (the image pipeline's options). */
export const PrepareChoiceSchema = v.strictObject({
  /** auto: 800x600 when the chosen region is large enough, else 400x300 (enlarged, with a warning). */
  size: v.optional(v.picklist(SIZE_CHOICES)),
  /** cover crops a 4:3 region; contain fits the whole image on the background. */
  fit: v.optional(v.picklist(fitChoices)),
  /** cover: the point to keep in view, 0..1 of the width and height. */
  focus: v.optional(v.strictObject({ x: unitInterval, y: unitInterval })),
  /** cover: an explicit region in source pixels (wins over focus). */
  crop: v.optional(v.strictObject({ left: pixels, top: pixels, width: v.pipe(pixels, v.minValue(1)), height: v.pipe(pixels, v.minValue(1)) })),
  /** contain: the colour around the image. */
  background: v.optional(hexColour),
});
export type PrepareChoice = v.InferOutput<typeof PrepareChoiceSchema>;

/** Defaults for new drafts and watched folders (Settings). */
export const PrepareDefaultsSchema = v.object({
  size: v.picklist(SIZE_CHOICES),
  fit: v.picklist(fitChoices),
  background: hexColour,
});
export type PrepareDefaults = v.InferOutput<typeof PrepareDefaultsSchema>;

/** What the service is told about a new shot. */
export const ShotMetadataSchema = v.strictObject({
  title: v.pipe(v.string(), v.trim(), v.minLength(1, 'A shot needs a title.'), v.maxLength(300)),
  description: v.optional(v.pipe(v.string(), v.maxLength(20_000))),
  tags: v.optional(v.pipe(v.array(shotTag), v.maxLength(MAX_SHOT_TAGS, `A shot has at most ${MAX_SHOT_TAGS} tags.`))),
  lowProfile: v.optional(v.boolean()),
  teamId: v.optional(positiveId),
  reboundSourceId: v.optional(positiveId),
  /** ISO 8601; absent publishes at once. */
  scheduledFor: v.optional(isoTime),
});
export type ShotMetadataInput = v.InferInput<typeof ShotMetadataSchema>;

/** "One every N hours from T" for a scheduled batch. */
export const BatchSpacingSchema = v.strictObject({
  start: isoTime,
  everyHours: v.pipe(v.number(), v.minValue(0), v.maxValue(24 * 365)),
});
export type BatchSpacing = v.InferOutput<typeof BatchSpacingSchema>;

/** A watched folder's defaults for the shots it makes. */
export const FolderDefaultsSchema = v.strictObject({
  description: v.optional(v.pipe(v.string(), v.maxLength(20_000))),
  tags: v.optional(v.pipe(v.array(shotTag), v.maxLength(MAX_SHOT_TAGS, `A shot has at most ${MAX_SHOT_TAGS} tags.`))),
  teamId: v.optional(positiveId),
  lowProfile: v.optional(v.boolean()),
  schedule: v.optional(BatchSpacingSchema),
});
export type FolderDefaultsInput = v.InferOutput<typeof FolderDefaultsSchema>;

/** What the file is, read from its header. */
export interface ImageFacts {
  format: string;
  width: number;
  height: number;
  animated: boolean;
  frames: number;
  bytes: number;
  hasAlpha: boolean;
}

export interface ImageWarning {
  /** enlarged, reduced-colours, reduced-size, animation-dropped, transparency-flattened, … */
  code: string;
  message: string;
}

/** A dropped file on its way to becoming a shot. */
export interface DraftView {
  id: string;
  /** The file name. */
  name: string;
  /** The shot's title until the designer writes one (the same rule as watched folders and the CLI). */
  title: string;
  path: string;
  state: 'loading' | 'ready' | 'error';
  /** A sentence when the file cannot become a shot. */
  error: string | null;
  facts: ImageFacts | null;
  /** The whole source image, small (for the crop editor); its pixel size is in facts. */
  source: { dataUrl: string; width: number; height: number } | null;
  /** What will be sent: a small picture of it, and its exact size, format and bytes. */
  result: { dataUrl: string; width: number; height: number; format: string; bytes: number } | null;
  warnings: ImageWarning[];
  prepare: PrepareChoice;
}

export interface DraftsAdded {
  drafts: DraftView[];
  /** Paths that gave no draft (not an image, unreadable, …), each with a sentence. */
  problems: { path: string; message: string }[];
}

/** The exact image that will be sent, at its real size. */
export interface FinalPreview {
  dataUrl: string;
  width: number;
  height: number;
  format: string;
  bytes: number;
  warnings: ImageWarning[];
}

export const jobStates = ['queued', 'preparing', 'ready', 'uploading', 'processing', 'published', 'scheduled', 'failed', 'cancelled'] as const;
export type JobStateName = (typeof jobStates)[number];

export interface JobView {
  id: string;
  /** The source file's name. */
  name: string;
  title: string;
  state: JobStateName;
  paused: boolean;
  /** Why it failed, and whether retrying can help. */
  failure: { reason: string; retryable: boolean } | null;
  /** A passing problem being retried by itself. */
  note: string | null;
  shotId: number | null;
  publishedAt: string | null;
  scheduledFor: string | null;
  warnings: string[];
  /** 'app', 'cli' or 'watch' (a watched folder). */
  origin: 'app' | 'cli' | 'watch';
  folder: string | null;
  createdAt: string;
  updatedAt: string;
  /** Bytes of the image sent so far, while uploading. */
  progress: { sent: number; total: number } | null;
}

export interface RateLimitView {
  limit: number | null;
  remaining: number | null;
  /** Epoch ms when the budget is expected to be full again. */
  resetAt: number | null;
  /** Requests waiting for budget right now. */
  waiting: number;
}

export interface QueueView {
  /** False while signed out: there is no queue without an account. */
  available: boolean;
  jobs: JobView[];
  paused: boolean;
  rateLimit: RateLimitView | null;
  /** Set while the service's daily upload cap holds this account's uploads. */
  dailyCap: DailyCapView | null;
}

export interface DailyCapView {
  /** "Daily upload limit reached: 3 files wait." */
  line: string;
  /** The service's reason, as worded for people. */
  reason: string;
  /** ISO time the hold ends by itself (the next day of the service). */
  until: string;
}

export interface EnqueueResult {
  draftId: string;
  status: 'added' | 'existing' | 'skipped' | 'error';
  message: string | null;
  jobId: string | null;
  /** For an image already uploaded ('skipped'): the shot it became, to link to. */
  shotId: number | null;
}

export interface WatchFolderView {
  id: string;
  path: string;
  name: string;
  enabled: boolean;
  status: 'watching' | 'starting' | 'off' | 'signed-out' | 'error';
  problem: string | null;
  defaults: FolderDefaultsInput;
  prepare: PrepareChoice;
  moveUploaded: boolean;
  counts: { seen: number; uploaded: number; skipped: number; failed: number };
  /** Files not sent because the same content was uploaded before (most recent first). */
  skipped: { file: string; name: string; message: string }[];
}

// ---- The application menu, updates, logs and About ------------------------------------------------
// Kept in one block (and spread into `requests` and `events` below) so it merges cleanly.

/** Commands of the application menu that the window carries out. */
export const menuCommands = ['open-settings', 'add-images', 'add-folder', 'upload-all'] as const;
export type MenuCommand = (typeof menuCommands)[number];

export type UpdateStatus = 'unsupported' | 'off' | 'idle' | 'checking' | 'downloading' | 'ready';

/** The updater as Settings shows it. */
export interface UpdateView {
  currentVersion: string;
  /** unsupported: this install cannot update itself (the reason says why and what to do). */
  status: UpdateStatus;
  unsupportedReason: string | null;
  /** The version found, while downloading and once ready to install. */
  availableVersion: string | null;
  /** 0..100 while downloading. */
  percent: number | null;
  lastCheckedAt: number | null;
  nextCheckAt: number | null;
  /** The last check's problem as a sentence; it is retried later on its own. */
  problem: string | null;
  /** The user asked to restart: it happens once the uploads in flight are done. */
  restartWhenIdle: boolean;
}

/** What the About panel and Settings show. */
export interface AboutView {
  name: string;
  version: string;
  electron: string;
  chromium: string;
  node: string;
  platform: string;
  arch: string;
  /** The log file "Show logs" opens. */
  logFile: string;
  /** Where new versions are published, when known. */
  releasesUrl: string;
}

const appShellRequests = {
  'app.about': { payload: noPayload, result: answers<AboutView>() },
  /** Shows the log file in the system's file manager. */
  'logs.show': { payload: noPayload, result: answers<null>() },
  'updates.state': { payload: noPayload, result: answers<UpdateView>() },
  /** "Check now": checks and downloads what it finds; the answer comes when that is done. */
  'updates.check': { payload: noPayload, result: answers<UpdateView>() },
  /** "Restart to update": waits for the uploads in flight unless evenIfUploading. */
  'updates.restart': {
    payload: v.optional(v.strictObject({ evenIfUploading: v.optional(v.boolean()) })),
    result: answers<'restarting' | 'waiting-for-uploads' | 'nothing-to-install'>(),
  },
} as const;

const appShellEvents = {
  /** A command chosen in the application menu. */
  'menu.command': answers<{ command: MenuCommand }>(),
  'updates.changed': answers<UpdateView>(),
} as const;

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
  /** Files and folders (by path: dropped, via preload's pathsOf) become drafts at once; previews follow as drafts.changed. */
  'drafts.add': { payload: v.strictObject({ paths: v.pipe(v.array(filePath), v.minLength(1), v.maxLength(5000)) }), result: answers<DraftsAdded>() },
  /** The system file picker (files and folders). */
  'drafts.pick': { payload: noPayload, result: answers<DraftsAdded>() },
  /** An image pasted from the clipboard (base64 of its bytes). */
  'drafts.paste': {
    payload: v.strictObject({
      name: v.pipe(v.string(), v.maxLength(200)),
      type: v.picklist(['image/png', 'image/jpeg', 'image/gif', 'image/webp']),
      dataBase64: v.pipe(v.string(), v.minLength(1), v.maxLength(60 * 1024 * 1024)),
    }),
    result: answers<DraftsAdded>(),
  },
  'drafts.list': { payload: noPayload, result: answers<DraftView[]>() },
  'drafts.remove': { payload: v.strictObject({ ids: v.pipe(v.array(draftId), v.maxLength(5000)) }), result: answers<null>() },
  /** Applies crop/fit/size/background to drafts; their previews are made again. */
  'drafts.setPrepare': { payload: v.strictObject({ ids: v.pipe(v.array(draftId), v.minLength(1), v.maxLength(5000)), prepare: PrepareChoiceSchema }), result: answers<null>() },
  /** The exact image a draft would be sent as, with the given choice. */
  'images.preview': { payload: v.strictObject({ draftId, prepare: PrepareChoiceSchema }), result: answers<FinalPreview>() },
  'queue.enqueue': {
    payload: v.strictObject({
      /** force: upload an image again although it was already uploaded ("Upload anyway"). */
      items: v.pipe(v.array(v.strictObject({ draftId, metadata: ShotMetadataSchema, prepare: PrepareChoiceSchema, force: v.optional(v.boolean()) })), v.minLength(1), v.maxLength(5000)),
      /** Gives the items publish times one every N hours from T, in order. */
      spacing: v.optional(BatchSpacingSchema),
    }),
    result: answers<EnqueueResult[]>(),
  },
  'queue.list': { payload: noPayload, result: answers<QueueView>() },
  'queue.pauseAll': { payload: noPayload, result: answers<QueueView>() },
  'queue.resumeAll': { payload: noPayload, result: answers<QueueView>() },
  'queue.retry': { payload: v.strictObject({ id: jobId }), result: answers<QueueView>() },
  'queue.cancel': { payload: v.strictObject({ id: jobId }), result: answers<QueueView>() },
  'queue.remove': { payload: v.strictObject({ id: jobId }), result: answers<QueueView>() },
  'queue.clearFinished': { payload: noPayload, result: answers<QueueView>() },
  /** Opens the published shot (its html_url) in the system browser. */
  'queue.openShot': { payload: v.strictObject({ id: jobId }), result: answers<null>() },
  'watch.list': { payload: noPayload, result: answers<WatchFolderView[]>() },
  /** Without a path, the system folder picker asks for one. */
  'watch.add': {
    payload: v.strictObject({ path: v.optional(filePath), defaults: v.optional(FolderDefaultsSchema), prepare: v.optional(PrepareChoiceSchema) }),
    result: answers<WatchFolderView[]>(),
  },
  'watch.update': {
    payload: v.strictObject({
      id: folderId,
      enabled: v.optional(v.boolean()),
      defaults: v.optional(FolderDefaultsSchema),
      prepare: v.optional(PrepareChoiceSchema),
      moveUploaded: v.optional(v.boolean()),
    }),
    result: answers<WatchFolderView[]>(),
  },
  'watch.remove': { payload: v.strictObject({ id: folderId }), result: answers<WatchFolderView[]>() },
  /** Uploads a skipped file anyway (its content was uploaded before). */
  'watch.force': { payload: v.strictObject({ id: folderId, file: filePath }), result: answers<WatchFolderView[]>() },
  ...appShellRequests,
} as const;

// Events come from main, which is trusted: they carry a type, not a schema.
export const events = {
  'settings.changed': answers<Settings>(),
  'auth.changed': answers<AuthState>(),
  /** Drafts whose state or previews changed, and drafts that went away. */
  'drafts.changed': answers<{ changed: DraftView[]; removed: string[] }>(),
  'queue.changed': answers<QueueView>(),
  /** Bytes of one job's image sent so far. */
  'queue.progress': answers<{ id: string; sent: number; total: number }>(),
  /** The account's rate-limit budget, as the service's headers report it. */
  rateLimit: answers<RateLimitView>(),
  'watch.changed': answers<WatchFolderView[]>(),
  ...appShellEvents,
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
  /** The paths on disk of dropped files (webUtils.getPathForFile in the preload); files without one are left out. */
  readonly pathsOf: (files: readonly File[]) => string[];
};

/** Splits 'settings.set' into ['settings', 'set']. */
export function splitRequestName(name: RequestName): [string, string] {
  const dot = name.indexOf('.');
  return [name.slice(0, dot), name.slice(dot + 1)];
}
