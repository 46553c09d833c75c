// Every command of `shotput`, in the order help lists them: what it does, its verbs, options and
// examples. The parser, help, the README's reference and shell completion all read these.
import type { CommandSpec } from './spec';
import {
  COMMENTS_OPTIONS,
  COMPLETION_OPTIONS,
  LOGIN_OPTIONS,
  LOGOUT_OPTIONS,
  PAGE_OPTIONS,
  PREPARE_OPTIONS,
  QUEUE_OPTIONS,
  SHOTS_OPTIONS,
  UPLOAD_OPTIONS,
  WATCH_OPTIONS,
} from './options';

const UPDATE = [
  'title',
  'description',
  'tags',
  'team',
  'no-team',
  'low-profile',
  'no-low-profile',
  'schedule',
] as const;

export const definitions: readonly CommandSpec[] = [
  {
    name: 'prepare',
    summary: 'Make images fit the service (GIF/JPEG/PNG, 400x300 or 800x600, at most 8 MB), offline',
    args: 'FILE...',
    options: PREPARE_OPTIONS,
    operands: 'file',
    notes: [
      'Writes DIR/<name>.<ext> for each file and refuses to replace a file already there unless --overwrite is given.',
    ],
    json: 'JSON lines: one prepared image or problem per file, in the order given',
    examples: [
      { line: 'shotput prepare *.png --out ready', summary: 'Prepare every PNG into the folder ready' },
      {
        line: 'shotput prepare hero.jpg -o ready --size 800x600 --fit contain --background "#ffffff"',
        summary: 'Keep the whole image, padded in white',
      },
    ],
  },
  {
    name: 'upload',
    summary: 'Upload image files as shots: prepare, send through the rate limit, wait until published',
    args: 'FILE...',
    options: UPLOAD_OPTIONS,
    operands: 'file',
    notes: [
      'Content already uploaded by another request is skipped (--force sends it again); a file an earlier run of the same command finished is reported as published, with its shot. Each file gets one line per run, the summary counts them, and every warning of preparing is printed. Run the same command again after a crash or Ctrl-C to resume. Ctrl-C answers at once: files waiting for the rate limit or their turn stop there, and the uploads on the wire are finished within a minute, said in one line ("finishing 1 upload in flight, at most 60 s; Ctrl-C again to stop now"). When the service no longer accepts the sign-in, the queue pauses (no file fails for it) and the command exits 1 saying to run login (or give a new token with --token), then the same command again.',
      'A file that cannot be read (or, with --schedule, cannot be prepared: not an image, damaged, truncated) is named, counted as not uploaded and takes no slot of the schedule.',
      'Each file is read once when it is queued, and that content is what is sent: a file changed afterwards gets a warning line (and "source_changed": true on its job line). Run again, a job not sent yet takes the changed file; one being sent goes on with what it read.',
      'A folder (DIR) gives its images and those of its subfolders three levels down, as a folder dropped on the window does; links inside are not followed, and every entry not taken is named with why.',
      'Titles are sent composed (NFC). Lines name a file on one line (a newline in its name is written \\n), with its folder when several files share a name.',
      '--schedule takes a time with an offset (Z, +01:00) or without one, on this computer’s clock; a date not in the calendar (2030-02-30) is bad usage; a local time the clock skips when daylight saving starts is moved to the first minute that exists, with a warning. --every counts on the wall clock. --dry-run makes every check the real run makes on this computer (title, tags, a time past, the image); scheduling and team rules need the service.',
    ],
    json: 'JSON lines: job, skipped and problem lines as things happen, then one summary line',
    examples: [
      { line: 'shotput upload hero.png --tags ui,dark', summary: 'Upload one file with tags' },
      {
        line: 'shotput upload *.png --schedule 2030-01-31T09:00:00Z --every 24',
        summary: 'One shot a day, starting at 09:00 UTC',
      },
      { line: 'shotput upload *.png --dry-run', summary: 'See what would be sent, without sending anything' },
    ],
  },
  {
    name: 'watch',
    summary: 'Upload every image that appears in the given folders, until Ctrl-C',
    args: 'DIR...',
    options: WATCH_OPTIONS,
    operands: 'dir',
    notes: [
      'Subfolders are watched three levels down, as a folder dropped on the window is taken; links inside are not followed. Every file not taken (not an image, a folder too deep) is named once with why, and counted as seen and skipped.',
      'Ctrl-C or SIGTERM takes no new file, stops what only waits for the rate limit at once, finishes the uploads in flight (sent and confirmed, within a minute; SHOTPUT_DRAIN_MS to change; said in one line), leaves the rest in the queue and exits 130 or 143 saying how to resume; a second Ctrl-C stops at once. A sign-in the service no longer accepts stops the watch with exit 1 and the same sentence as upload. --dry-run goes with --once.',
    ],
    json: 'JSON lines: job, skipped and problem lines as things happen, then one folder line per folder',
    examples: [
      {
        line: 'shotput watch ~/Exports --tags wip --move-uploaded',
        summary: 'Upload every export, then move it aside',
      },
      { line: 'shotput watch ~/Exports --once --dry-run', summary: 'See what the folder would upload now' },
    ],
  },
  {
    name: 'queue',
    summary: 'List the upload queue; retry, pause, resume or cancel a job; clear finished jobs',
    actions: [
      {
        name: 'list',
        summary: "Every job of every account's queue in the data folder, oldest first, under the account it belongs to",
      },
      { name: 'retry', args: 'ID', summary: 'Send a failed job again at the next upload or watch' },
      { name: 'pause', args: 'ID', summary: 'Hold a job back from every upload and watch run' },
      { name: 'resume', args: 'ID', summary: 'Let a paused job go again' },
      { name: 'cancel', args: 'ID', summary: 'Give up a job that has not been sent', options: ['yes'] },
      { name: 'clear', summary: 'Remove finished jobs from the list', options: ['yes'] },
    ],
    options: QUEUE_OPTIONS,
    operands: 'none',
    json: 'queue list: a document (an array of jobs, each with `account`: `{service, user_id, login}`, or null for jobs an earlier version kept without one); the other verbs: one job, or {"removed": N}',
    examples: [
      { line: 'shotput queue list', summary: 'What waits, what failed and why' },
      { line: 'shotput queue retry 3f2a9c', summary: 'Try a failed job again' },
    ],
  },
  {
    name: 'login',
    summary: 'Sign in through the browser and keep the token in the data dir',
    options: LOGIN_OPTIONS,
    operands: 'none',
    notes: [
      'Opens the sign-in page in your browser (or prints its address with --no-browser); after you allow Shotput, paste the address the browser was sent to (app.shotput://…).',
      'Without --api it signs in to the bundled sandbox (users ada, ben, cleo; password sandbox).',
    ],
    json: 'a document: the signed-in user',
    examples: [
      { line: 'shotput login', summary: 'Sign in to the sandbox as another demo user' },
      {
        line: 'shotput --api https://api.example.com login --client-id ID --client-secret-file secret.txt',
        summary: 'Sign in to a deployed service',
      },
    ],
  },
  {
    name: 'logout',
    summary: 'Forget the saved sign-in (and with --forget-secret, the client secret) of the service',
    options: LOGOUT_OPTIONS,
    operands: 'none',
    json: 'a document: {"service", "signed_out"}',
    examples: [{ line: 'shotput logout', summary: 'Forget the sandbox sign-in' }],
  },
  {
    name: 'whoami',
    summary: 'Show the signed-in user, their teams and whether they may schedule',
    options: {},
    operands: 'none',
    json: "a document: the service's user",
    examples: [{ line: 'shotput whoami', summary: 'Who the commands act as' }],
  },
  {
    name: 'shots',
    summary: 'List, show, edit and delete your shots',
    actions: [
      { name: 'list', summary: 'Your shots, newest first', options: ['all', 'page', 'per-page'] },
      { name: 'show', args: 'ID', summary: 'One shot: status, sizes, team, tags, address' },
      { name: 'update', args: 'ID', summary: 'Change a shot', options: UPDATE },
      { name: 'delete', args: 'ID', summary: 'Delete a shot (asks first on a terminal)', options: ['yes'] },
    ],
    options: SHOTS_OPTIONS,
    operands: 'none',
    json: 'shots list: a document (an array of shots); show and update: one shot; delete: {"deleted": ID}',
    examples: [
      { line: 'shotput shots list --all', summary: 'Every shot of yours' },
      {
        line: 'shotput shots update 1015 --tags ui,dark --low-profile',
        summary: 'Retag a shot and keep it out of feeds',
      },
      { line: 'shotput shots delete 1015 --yes', summary: 'Delete without asking (for scripts)' },
    ],
  },
  {
    name: 'popular',
    summary: 'List popular shots',
    options: PAGE_OPTIONS,
    operands: 'none',
    json: 'a document: an array of shots',
    examples: [{ line: 'shotput popular --per-page 5', summary: 'The five most popular shots' }],
  },
  {
    name: 'comments',
    summary: 'Read, write, edit and delete comments on a shot; like and unlike them',
    args: 'SHOT',
    actions: [
      { name: 'list', summary: 'Comments on the shot', options: ['all'] },
      { name: 'show', args: 'ID', summary: 'One comment' },
      { name: 'add', args: 'BODY', summary: 'Write a comment (the rest of the line; no quotes needed)' },
      { name: 'edit', args: 'ID BODY', summary: 'Change your comment' },
      { name: 'delete', args: 'ID', summary: 'Delete your comment (asks first on a terminal)', options: ['yes'] },
      { name: 'likes', args: 'ID', summary: 'Who likes a comment', options: ['all'] },
      { name: 'like', args: 'ID', summary: 'Like a comment' },
      { name: 'unlike', args: 'ID', summary: 'Stop liking a comment' },
      { name: 'liked', args: 'ID', summary: 'Whether you like a comment' },
    ],
    options: COMMENTS_OPTIONS,
    operands: 'none',
    json: 'list and likes: a document (an array); the other verbs: one comment or like',
    examples: [
      { line: 'shotput comments 1015 add Lovely colours', summary: 'Comment on shot 1015' },
      { line: 'shotput comments 1015 delete 88 --yes', summary: 'Delete comment 88 without asking' },
    ],
  },
  {
    name: 'completion',
    summary: 'Print the shell completion script for bash, zsh or fish',
    args: 'bash|zsh|fish',
    options: COMPLETION_OPTIONS,
    operands: 'none',
    notes: [
      'bash: source <(shotput completion bash); zsh: shotput completion zsh > "${fpath[1]}/_shotput"; fish: shotput completion fish > ~/.config/fish/completions/shotput.fish',
    ],
    examples: [
      { line: 'source <(shotput completion bash)', summary: 'Complete commands and options in this bash session' },
    ],
  },
  {
    name: 'help',
    summary: 'Help for shotput, or for one command',
    args: '[COMMAND]',
    options: {},
    operands: 'none',
    examples: [{ line: 'shotput help upload', summary: "The upload command's options and examples" }],
  },
  {
    name: 'version',
    summary: "Print shotput's version",
    options: {},
    operands: 'none',
    json: 'a document: {"version"}',
    examples: [{ line: 'shotput version', summary: 'The same as shotput --version' }],
  },
];

export function definitionOf(name: string): CommandSpec | undefined {
  return definitions.find((spec) => spec.name === name);
}

export const COMMAND_NAMES: readonly string[] = definitions.map((spec) => spec.name);
