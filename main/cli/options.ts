// Every option of every command, with the words help and completion show for it (spec.ts).
// Commands parse their argv with these very objects, so an option cannot exist without its help.
import { FIT_CHOICES, FORMAT_CHOICES } from '../../common/prepare-choice';
import { SIZE_CHOICES } from '../../common/service-rules';
import type { OptionSpecs } from './spec';

/** Options of every command: main/cli.ts takes them out of argv, wherever they stand. */
export const GLOBAL_OPTIONS = {
  api: {
    type: 'string',
    value: 'URL',
    summary: 'Address of the service API (default: start the bundled sandbox); also SHOTPUT_API_URL',
  },
  auth: { type: 'string', value: 'URL', summary: "Address of the service's sign-in server; also SHOTPUT_AUTH_URL" },
  token: {
    type: 'string',
    value: 'TOKEN',
    summary: 'An access token (prefer SHOTPUT_TOKEN or --token-file: the command line shows in ps)',
  },
  'token-file': {
    type: 'string',
    value: 'FILE|-',
    summary: 'Read the access token from a file, or - for standard input',
    complete: 'file',
  },
  'data-dir': {
    type: 'string',
    value: 'DIR',
    summary: 'Where sign-ins, the upload queue and the sandbox live; also SHOTPUT_DATA_DIR',
    complete: 'dir',
  },
  json: { type: 'boolean', summary: 'Machine-readable output (see "JSON output" in the README)' },
  verbose: {
    type: 'boolean',
    short: 'v',
    summary: "The app's log lines (requests, waits, job states) on standard error",
  },
  'no-color': { type: 'boolean', summary: 'No colour, as when NO_COLOR is set or output is not a terminal' },
  help: { type: 'boolean', short: 'h', summary: 'Help for shotput, or for the command it follows' },
  version: { type: 'boolean', short: 'V', summary: "Print shotput's version" },
} as const satisfies OptionSpecs;

/** Global options that take a value. */
export const GLOBAL_VALUE_FLAGS: readonly string[] = Object.entries(GLOBAL_OPTIONS)
  .filter(([, option]) => option.type === 'string')
  .map(([name]) => `--${name}`);

const YES = {
  type: 'boolean',
  short: 'y',
  summary: 'Do it without asking (needed when standard input is not a terminal)',
} as const;
const PAGE = { type: 'string', value: 'N', summary: 'Which page of results' } as const;
const PER_PAGE = { type: 'string', value: 'N', summary: 'How many results per page' } as const;
const TRIM = {
  type: 'string',
  value: 'START-END',
  summary: 'Keep only this part of a clip or animation, in seconds (e.g. 1.5-4); stills are not trimmed',
} as const;
const FIT_SUMMARY = 'cover crops to fill the size; contain keeps the whole image and pads it';

/** Shot metadata defaults and preparation, shared by `upload` and `watch`. */
export const SHARED_OPTIONS = {
  description: { type: 'string', value: 'D', summary: 'Description of each shot' },
  tags: { type: 'string', value: 'a,b', summary: 'Tags, separated by commas' },
  team: { type: 'string', value: 'ID|LOGIN|NAME', summary: 'Publish for one of your teams (as whoami lists them)' },
  'low-profile': { type: 'boolean', summary: 'Publish without showing in feeds' },
  schedule: {
    type: 'string',
    value: 'ISO',
    summary: 'Publish time of the first shot, e.g. 2030-01-31T09:00:00Z, or 2030-01-31T09:00 on this computer’s clock',
  },
  every: {
    type: 'string',
    value: 'HOURS',
    summary:
      'Hours between the publish times of the shots (needs --schedule), on the wall clock: every 24 stays at the same local time across daylight-saving changes',
  },
  rebound: { type: 'string', value: 'ID', summary: 'Post as a rebound of this shot' },
  size: {
    type: 'string',
    choices: SIZE_CHOICES,
    summary: 'Size of the prepared image (auto: 800x600 when the image is large enough)',
  },
  fit: { type: 'string', choices: FIT_CHOICES, summary: FIT_SUMMARY },
  force: { type: 'boolean', summary: 'Upload files that were uploaded before' },
  'dry-run': { type: 'boolean', summary: 'Say what would be prepared, sent, skipped and scheduled; send nothing' },
} as const satisfies OptionSpecs;

export const UPLOAD_OPTIONS = {
  title: { type: 'string', value: 'T', summary: 'Title (default: the file name; numbered when several files)' },
  ...SHARED_OPTIONS,
  trim: TRIM,
} as const satisfies OptionSpecs;

export const WATCH_OPTIONS = {
  ...SHARED_OPTIONS,
  once: { type: 'boolean', summary: 'Take the files present, wait until they are done, and exit' },
  'move-uploaded': { type: 'boolean', summary: 'Move each uploaded file into an "uploaded" folder beside it' },
  'stable-ms': { type: 'string', value: 'MS', summary: 'How long a file must stay unchanged before it is taken' },
} as const satisfies OptionSpecs;

export const PREPARE_OPTIONS = {
  out: {
    type: 'string',
    short: 'o',
    value: 'DIR',
    summary: 'Folder for the prepared files',
    complete: 'dir',
    required: true,
  },
  size: { type: 'string', choices: SIZE_CHOICES, summary: 'Size of the prepared image' },
  fit: { type: 'string', choices: FIT_CHOICES, summary: FIT_SUMMARY },
  focus: {
    type: 'string',
    value: 'x,y|attention|entropy',
    summary: 'What cover keeps in view: a point (0 to 1) or a strategy',
  },
  crop: { type: 'string', value: 'x,y,w,h', summary: 'Crop the source first, in source pixels' },
  background: { type: 'string', value: '#hex', summary: 'Colour of the padding of contain' },
  format: { type: 'string', choices: FORMAT_CHOICES, summary: 'File format of the output' },
  trim: TRIM,
  'keep-metadata': { type: 'boolean', summary: 'Keep EXIF and other metadata (dropped by default)' },
  overwrite: { type: 'boolean', summary: 'Replace output files that already exist' },
} as const satisfies OptionSpecs;

export const LOGIN_OPTIONS = {
  'client-id': { type: 'string', value: 'ID', summary: 'Client id of your application on the service' },
  'client-secret-file': {
    type: 'string',
    value: 'FILE',
    summary: 'Read the client secret from this file (kept for the next sign-in)',
    complete: 'file',
  },
  'client-secret': {
    type: 'string',
    value: 'SECRET',
    summary: 'The client secret itself (shows in ps and shell history)',
  },
  'no-browser': { type: 'boolean', summary: 'Print the sign-in address instead of opening the browser' },
} as const satisfies OptionSpecs;

export const LOGOUT_OPTIONS = {
  'forget-secret': { type: 'boolean', summary: 'Forget the saved client secret too' },
} as const satisfies OptionSpecs;

export const SHOTS_OPTIONS = {
  all: { type: 'boolean', summary: 'Every page' },
  page: PAGE,
  'per-page': PER_PAGE,
  title: { type: 'string', value: 'T', summary: 'New title' },
  description: { type: 'string', value: 'D', summary: 'New description' },
  tags: { type: 'string', value: 'a,b', summary: 'New tags, separated by commas' },
  team: { type: 'string', value: 'ID|LOGIN|NAME', summary: 'Move the shot to one of your teams' },
  'no-team': { type: 'boolean', summary: 'Take the shot out of its team' },
  'low-profile': { type: 'boolean', summary: 'Keep the shot out of feeds' },
  'no-low-profile': { type: 'boolean', summary: 'Show the shot in feeds' },
  schedule: { type: 'string', value: 'ISO', summary: 'New publish time of a scheduled shot' },
  yes: YES,
} as const satisfies OptionSpecs;

export const COMMENTS_OPTIONS = {
  all: { type: 'boolean', summary: 'Every page' },
  yes: YES,
} as const satisfies OptionSpecs;

export const PAGE_OPTIONS = { page: PAGE, 'per-page': PER_PAGE } as const satisfies OptionSpecs;

export const QUEUE_OPTIONS = { yes: YES } as const satisfies OptionSpecs;

export const COMPLETION_OPTIONS = {} as const satisfies OptionSpecs;
