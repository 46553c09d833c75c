// What the service is told about one draft, from what the user set for it: the title, the other
// fields, and its publish time (its own, which wins, or the one the batch spacing gave it). A
// string is the sentence that says what to fix on the card.
import type { DraftView, ShotMetadataInput } from '../../../../common/contract/index';
import { tagsProblem, titleProblem } from '../../../../common/service-rules';
import { isoFromLocal, tomorrowAt } from '../../lib/local-time';
import type { DraftEntry, DraftMeta } from './draft-entry';

export function metadataOf(
  entry: DraftEntry,
  canSchedule: boolean,
  spaced: Date | undefined,
): ShotMetadataInput | string {
  const { meta } = entry;
  // The rules the title field shows as it is typed (common/service-rules.ts); sent composed (NFC).
  const problem = titleProblem(meta.title) ?? tagsProblem(meta.tags);
  if (problem !== undefined) return problem;
  const metadata: ShotMetadataInput = { title: meta.title.trim().normalize('NFC') };
  if (meta.description.trim() !== '') metadata.description = meta.description.trim();
  if (meta.tags.length > 0) metadata.tags = [...meta.tags];
  if (meta.lowProfile) metadata.lowProfile = true;
  if (meta.team !== '') metadata.teamId = Number(meta.team);
  if (meta.rebound.trim() !== '') {
    const id = Number(meta.rebound.trim());
    if (!Number.isInteger(id) || id <= 0) return 'The “rebound of” shot id must be a whole number, like 1001.';
    metadata.reboundSourceId = id;
  }
  // Its own time wins; else the time the spacing gave it; else now.
  if (canSchedule && meta.publish === 'at') {
    const when = isoFromLocal(meta.at);
    if (when === undefined) return 'Choose a date and time to publish, or Publish now.';
    if (Date.parse(when) <= Date.now()) return 'The publish time has passed; choose a later one or Publish now.';
    metadata.scheduledFor = when;
  } else if (canSchedule && spaced !== undefined) {
    if (spaced.getTime() <= Date.now()) return 'The spacing starts in the past; choose a later first time in Schedule.';
    metadata.scheduledFor = spaced.toISOString();
  }
  return metadata;
}

export function newMeta(view: DraftView): DraftMeta {
  // A draft restored from disk comes back with what was typed for it.
  if (view.words) return { ...view.words, tags: [...view.words.tags] };
  return {
    title: view.title,
    description: '',
    tags: [],
    lowProfile: false,
    team: '',
    rebound: '',
    publish: 'batch',
    at: tomorrowAt(9),
  };
}

/** The drafts not sent, named by their files (a title may be what is wrong), and where to look. */
export function notSent(entries: DraftEntry[]): string {
  const first = entries[0];
  if (first === undefined) return '';
  if (entries.length === 1) return `${first.view.name} was not sent: ${first.note ?? 'see the note on its card.'}`;
  const names = entries.slice(0, 3).map((entry) => entry.view.name);
  const more = entries.length > 3 ? ` and ${entries.length - 3} more` : '';
  return `${entries.length} not sent (${names.join(', ')}${more}): see the note on their cards.`;
}
