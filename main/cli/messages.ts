// The one place where the CLI words what went wrong or what happened behind the user's back:
// bad options with a "did you mean", files that cannot be read, content already uploaded, and
// the local sandbox standing in for the real service.
import { parseArgs } from 'node:util';
import { UsageError, writeLine } from './command';
import { GLOBAL_OPTIONS } from './options';
import { parseArgsOptions } from './spec';
import { readableTime } from './style';
import { terminalText } from './terminal-text';
import type { OptionSpecs } from './spec';
import type { CliContext } from './command';
import { fileProblem } from '../uploads/file-problem';
import type { QueueOwner } from '../uploads/index';
import { SANDBOX_SERVICE_ID } from '../auth/service-settings';
import { oneLine, shownName } from './file-names';
import { reachableAgainSentence, unreachableSentence } from '../../common/outage-words';

/** node:util parseArgs, strict, with its errors as one-sentence UsageErrors (exit 2). */
export function parseOptions<O extends OptionSpecs>(args: string[], options: O) {
  try {
    return parseArgs({ args, options: parseArgsOptions(options) as O, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(optionProblem(error, options));
  }
}

function optionProblem(error: unknown, options: OptionSpecs): string {
  const message = error instanceof Error ? error.message : String(error);
  const unknown = /^Unknown option '([^']+)'/.exec(message);
  if (unknown) {
    const flag = unknown[1]!;
    const names = [
      ...Object.entries(options).flatMap(([name, option]) => [
        `--${name}`,
        ...(option.short ? [`-${option.short}`] : []),
      ]),
      ...Object.keys(GLOBAL_OPTIONS).map((name) => `--${name}`),
    ];
    return `there is no option ${flag} here.${didYouMean(flag, names)}`;
  }
  // "Option '--tags <value>' argument missing"
  const missing = /^Option '(-[^ ']+)[^']*' argument missing/.exec(message);
  if (missing) return `${missing[1]} needs a value`;
  return message.replace(/\. To specify.*$/s, '');
}

/** ' Did you mean "--tags"?' when one candidate is close to what was typed, else ''. */
export function didYouMean(typed: string, candidates: readonly string[]): string {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const distance = editDistance(typed.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  // Close means a slip of the fingers: at most a third of the word, and never more than 3 edits.
  const allowed = Math.min(3, Math.max(1, Math.floor(typed.replace(/^-+/, '').length / 3)));
  return best !== undefined && bestDistance <= allowed ? ` Did you mean "${best}"?` : '';
}

/** Levenshtein distance, with a swap of two neighbours counted as one edit. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

export function unknownCommand(name: string, commands: readonly string[]): string {
  return `there is no command "${name}".${didYouMean(name, commands)} Run 'shotput help' for the commands.`;
}

/** A file given on the command line that cannot be read. */
export function unreadableFile(file: string, error: unknown): string {
  return oneLine(fileProblem(file, error));
}

/** A folder given to upload in which nothing is an image (each entry not taken is named too). */
export function folderWithoutImages(folder: string): string {
  return `The folder ${oneLine(folder)} has no images Shotput can read.`;
}

export function alreadyUploaded(file: string, shotId: number, from?: string): string {
  const name = shownName(file);
  const source = from && from !== name ? ` from ${from}` : '';
  return `${name} was already uploaded as shot ${shotId}${source}; ${SKIPPED_ENDING}`;
}

/** The one ending of every line about a file that was not sent because it was sent before. */
export const SKIPPED_ENDING = 'it was not sent again. Add --force to upload it anyway.';

export function alreadyQueued(file: string, job: { id: string; sourcePath: string }): string {
  const name = shownName(file);
  const other = shownName(job.sourcePath);
  return other === name
    ? `${name} is already being uploaded (job ${job.id}) with other settings that can no longer change; it is uploaded once.`
    : `${name} has the same content as ${other}, already in the queue (job ${job.id}); it is uploaded once.`;
}

/** The upload queue paused on a fault of the disk: its sentence, and how to carry on. */
export function diskFaultLines(fault: string): string[] {
  return [`shotput: ${fault}`, 'shotput: nothing known was lost; run the same command again to resume.'];
}

/** A watch stopped by a signal, once what was in flight is finished. */
export function watchStopped(left: number): string {
  if (left === 0)
    return 'shotput: stopped; the uploads in flight were finished. Run the same command again to resume watching.';
  const files = `${left} file${left === 1 ? '' : 's'}`;
  return `shotput: stopped; ${files} left unfinished in the queue. Run the same command again to resume.`;
}

/** With --schedule, a file the image pipeline cannot use: it takes no slot. */
export function notScheduled(file: string, reason: string): string {
  return `${shownName(file)} was not scheduled: ${reason}`;
}

/** A warning of the image pipeline about a file being uploaded (the crop keeps little, it was enlarged…). */
export function prepareWarning(file: string, warning: string): string {
  return `warning    ${shownName(file)}  ${prepareWarningLine(warning)}`;
}

/**
 * A file changed on disk after its job read it: the job sends what was queued. Once it is done,
 * the same command sends the new version as a new request.
 */
export function sourceChangedWarning(file: string): string {
  return `warning    ${shownName(file)}  changed on disk after it was queued; the version queued is the one sent. Run the same command again once it is done to upload the new version.`;
}

export function sandboxNotice(apiUrl: string): string {
  return `Using the local sandbox at ${apiUrl}, not the real service: shots stay on this computer. Give --api to use a real service.`;
}

/** Said under links to the bundled sandbox, which stops with the command. */
export function localLinkNote(apiUrl: string): string {
  return `Links to ${new URL(apiUrl).host} are local to the sandbox, which stops when this command ends: they do not open afterwards.`;
}

/** On a terminal, after links to the bundled sandbox: say they are local (stderr keeps --json clean). */
export function noteLocalLinks(ctx: CliContext, service: { isSandbox: boolean; apiUrl: string }): void {
  if (service.isSandbox && !ctx.globals.json) writeLine(ctx.io.stderr, localLinkNote(service.apiUrl));
}

/**
 * The daily upload cap at the end of `upload` or `watch --once`: the service's reason, and how to
 * send what waits (`again` names the command to run again).
 */
export function dailyCapLines(
  cap: { reason: string; waiting: number; until: string },
  again: 'command' | 'watch',
  timeZone?: string,
): string[] {
  const files = `${cap.waiting} file${cap.waiting === 1 ? '' : 's'}`;
  const them = cap.waiting === 1 ? 'it' : 'them';
  return [
    `shotput: ${terminalText(cap.reason)}`,
    `shotput: ${files} wait${cap.waiting === 1 ? 's' : ''} for the daily upload limit: run the same ${again} again after ${readableTime(cap.until, timeZone)} to send ${them}, or "shotput queue retry ID" to ask the service now.`,
  ];
}

/** --api or --auth that is not an http(s) address: bad usage, said before anything starts. */
export function badServiceAddress(flag: string, value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${flag} needs an http or https address such as https://api.example.com, not "${value}".`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `${flag} needs an http or https address such as https://api.example.com, not "${value}".`;
  return undefined;
}

/**
 * A service that cannot be reached, named by its address. `cause` is what fetch said:
 * "bad port" is the fetch standard refusing ports of other protocols (9, 25, 6000…).
 */
export function unreachableService(apiUrl: string, cause: string): string {
  if (cause === 'bad port') {
    const port = new URL(apiUrl).port;
    return `Could not reach the service at ${apiUrl}: port ${port} belongs to another protocol, and web clients refuse to connect to it ("bad port"). Use the port the service listens on.`;
  }
  return `Could not reach the service at ${apiUrl} (${cause}). Check the address given with --api, and that the service is running.`;
}

/** A comment that is only spaces, or nothing. */
export function emptyComment(action: 'add' | 'edit'): string {
  return `the comment is empty: write its text after ${action === 'add' ? '"add"' : 'the comment ID'}, e.g. shotput comments 1015 ${action === 'add' ? 'add' : 'edit 88'} Lovely colours`;
}

/** `shots list --page N` beyond the last page: not the same as having no shots. */
export function pagePastEnd(page: number, total: number, perPage: number): string {
  const last = Math.max(1, Math.ceil(total / perPage));
  return `Page ${page} is past the end: you have ${total} shot${total === 1 ? '' : 's'}, on ${last} page${last === 1 ? '' : 's'} of ${perPage}.`;
}

/** A destructive command without --yes where nobody can be asked. */
export function confirmationNeeded(what: string): string {
  return `${what} needs confirmation, and standard input is not a terminal to ask on: add --yes to do it.`;
}

/** The next step when no sign-in is saved for a service. */
export function notSignedIn(apiUrl: string): string {
  return `Not signed in to ${new URL(apiUrl).host}. Run 'shotput --api ${apiUrl} login --client-id ID --client-secret-file FILE', or give a token with SHOTPUT_TOKEN or --token-file.`;
}

/** The desktop's words for a prepare warning, where the CLI has a flag instead of a button. */
export function prepareWarningLine(message: string): string {
  return message.replace(/choose Fit to show all of it\.$/, 'add --fit contain to show all of it.');
}

/**
 * A service problem as the CLI says it: the shared sentence, less the advice that does not hold
 * here (a published shot's time cannot be "corrected"; the CLI on a deployed service is not on the sandbox).
 */
export function serviceProblemLine(message: string, fields: readonly { field?: string }[] = []): string {
  let line = message.replace(' Comments work on the sandbox.', '');
  if (fields.some((f) => f.field === 'scheduled_for' || f.field === 'published_at'))
    line = line.replace(/ Correct it, then try again\.$/, '');
  return line;
}

/** A folder given to watch that is not one. */
export function folderMissing(folder: string, exists: boolean): string {
  return exists
    ? `${folder} is a file, not a folder: watch takes folders (upload takes files).`
    : `The folder ${folder} does not exist. Check the path, or create the folder first.`;
}

/** Who a queue belongs to, for people: "ada on the sandbox", "ben on http://127.0.0.1:4000". */
export function queueOwnerName(owner: QueueOwner | undefined): string {
  if (!owner) return 'an account an earlier version did not record';
  const who = owner.login ? `${owner.login} (user ${owner.userId})` : `user ${owner.userId}`;
  const where = owner.service === SANDBOX_SERVICE_ID ? 'the sandbox' : (owner.apiUrl ?? owner.service);
  return `${who} on ${where}`;
}

/** A run found jobs of another queue waiting: it leaves them, and says how they are sent. */
export function otherQueueWaiting(owner: QueueOwner | undefined, waiting: number): string {
  const one = waiting === 1;
  const [files, wait, them] = one ? ['1 upload', 'waits', 'it'] : [`${waiting} uploads`, 'wait', 'them'];
  if (!owner)
    return `${files} ${wait} in a queue whose account was never recorded; no run sends ${them}: upload ${one ? 'the file' : 'the files'} again signed in as ${one ? 'its' : 'their'} account (\`shotput queue list\` names ${them}).`;
  const api = owner.service === SANDBOX_SERVICE_ID || !owner.apiUrl ? '' : `--api ${owner.apiUrl} `;
  return `${files} of ${queueOwnerName(owner)} ${wait} in that account's queue; this run leaves ${them}: \`shotput ${api}upload\` or \`watch\` signed in as that account sends ${them} (\`shotput queue list\` names ${them}).`;
}

/** The service no longer accepts the sign-in: the queue holds, nothing is lost; the terminal's way to go on. */
export function signInRefusedLine(service: { isSandbox: boolean; apiUrl: string }, waiting: number): string {
  const where = service.isSandbox ? 'The sandbox' : new URL(service.apiUrl).host;
  const api = service.isSandbox ? '' : `--api ${service.apiUrl} `;
  const uploads = waiting === 1 ? '1 upload waits' : `${waiting} uploads wait`;
  return `shotput: ${where} no longer accepts this sign-in, so ${uploads} in the queue (nothing is lost): run \`shotput ${api}login\` (or give a new token with --token), then the same command again.`;
}

/** The first Ctrl-C: what the command still finishes, for how long at most, and how to stop now. */
export function finishingInFlight(inFlight: number, boundMs: number): string {
  const uploads = inFlight === 1 ? '1 upload' : `${inFlight} uploads`;
  return `shotput: finishing ${uploads} in flight, at most ${Math.round(boundMs / 1000)} s; Ctrl-C again to stop now.`;
}

/** The service stopped answering: where, when the next try is, and that nothing is lost (the window's words). */
export function unreachableLine(host: string, retryInS: number): string {
  return `shotput: ${unreachableSentence(host, retryInS)}`;
}

/** The service answers again after an outage. */
export function reachableAgainLine(host: string): string {
  return `shotput: ${reachableAgainSentence(host)}`;
}
