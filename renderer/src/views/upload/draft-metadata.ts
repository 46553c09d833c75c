// What the service is told about one draft, from what the user set for it: the title, the other
// fields, and its publish time (its own, which wins, or the one the batch spacing gave it). A
// string is the sentence that says what to fix on the card.
import type { ShotMetadataInput } from '../../../../common/contract/index';
import { isoFromLocal } from '../../lib/local-time';
import type { DraftEntry } from './draft-entry';

export function metadataOf(
  entry: DraftEntry,
  canSchedule: boolean,
  spaced: Date | undefined,
): ShotMetadataInput | string {
  const { meta } = entry;
  const title = meta.title.trim();
  if (title === '') return 'A shot needs a title.';
  const metadata: ShotMetadataInput = { title };
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
