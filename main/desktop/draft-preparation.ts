// One draft's preparation, from its file to its card: the content read once (or the draft's kept
// copy), its facts and whole picture the first time, the check against what was uploaded, the image
// exactly as it will be sent and the card's picture of it; a failure said in the image's own words,
// or as a file gone. Which drafts prepare when, and which version of a draft is current, is the
// bookkeeping of drafts.ts.
import { stat } from 'node:fs/promises';
import { imageProblem, preview } from '../images/index';
import type { Problem } from '../../common/problem';
import { preparedForQueue } from '../uploads/index';
import type { PreparedForQueue } from '../uploads/index';
import type { DraftView } from '../../common/contract/index';
import { goneMessage } from './draft-files';
import type { WindowMotionOf } from './draft-motion';
import { pictureOf } from './draft-pictures';
import type { DraftPictures } from './draft-pictures';
import type { DraftWork } from './draft-prepare';
import { draftContent, keepWithinBudget, prepareDraft, readFacts, readyView } from './draft-prepare';
import { changedWarning } from './draft-copies';
import type { DraftContent, DraftCopies, DraftSource } from './draft-copies';

const CARD_PREVIEW_PX = 400;

export interface DraftRecord {
  view: DraftView;
  /** Bumped by every change of the prepare choice: older work is thrown away. */
  version: number;
  /** The image exactly as it will be sent, for the queue, and what the source was when it was read. */
  prepared?: { image: PreparedForQueue; stamp: string };
  /** The last prepared state, while a newer choice is prepared: what Cancel goes back to. */
  previous?: Pick<DraftView, 'prepare' | 'result' | 'warnings'> & Pick<DraftRecord, 'prepared'>;
  /** The content the draft read, kept on disk: every framing is prepared from it, and the queue takes it. */
  content?: DraftContent;
}

/** What preparing a draft needs of the drafts' options. */
export interface PreparationOptions {
  /** The shot a file's content is already on the service as, when the signed-in account's queue knows it. */
  uploadedAs?: (content: string | Buffer | { hash: string }) => Promise<number | undefined>;
  /** Bytes of prepared images kept for the queue; past it the oldest are let go (and made again when sent). */
  keepPreparedBytes?: number;
  /** Videos, APNG and animated AVIF decoded by the window's Worker (draft-motion.ts); undefined: main decodes. */
  windowMotion?: WindowMotionOf;
  /** Where what a draft read is kept (the queue takes it from there); undefined: the queue reads the file. */
  copies?: DraftCopies;
}

/** The drafts' parts a preparation reads and writes. */
export interface PreparationParts {
  options: PreparationOptions;
  drafts: Map<string, DraftRecord>;
  pictures: DraftPictures;
  work: DraftWork;
  /** A draft's view changed: said to the window. */
  changed(view: DraftView): void;
  /** Something worth keeping on disk changed (the content a draft now keeps). */
  dirty(): void;
}

/** Prepares the draft `id` as it is at `version`; what a newer version or a removal made stale is let go. */
export async function prepareOne(parts: PreparationParts, id: string, version: number): Promise<void> {
  const { drafts, options, pictures } = parts;
  const current = () => {
    const record = drafts.get(id);
    return record && record.version === version ? record : undefined;
  };
  const start = current();
  if (!start) return;
  const file = start.view.path;
  try {
    // Read once (kept as the draft's copy), then described and decoded from what was read.
    const { content, stamp, changed, kept } = await sourceOf(parts, id, file);
    const motion =
      typeof content === 'string' ? await options.windowMotion?.(content, start.view.prepare, file) : undefined;
    if (!start.view.facts || !start.view.source) {
      const { facts, source } = motion ?? (await readFacts(content));
      const record = current();
      if (!record) return;
      const url = pictures.put(id, 'source', source.picture);
      record.view = { ...record.view, facts, source: { url, width: source.width, height: source.height } };
      parts.changed(record.view);
    }
    // Said on the card at once, not only when Upload all is refused.
    const uploadedAs = (await options.uploadedAs?.(kept ?? content)) ?? null;
    const work = parts.work.startPreparing(id);
    const image = await prepareDraft(motion, content, start.view.prepare, work).finally(work.finish);
    const card = await preview(image.buffer, { maxSize: CARD_PREVIEW_PX });
    const record = current();
    if (!record) return;
    record.previous = undefined;
    if (stamp !== undefined) {
      record.prepared = { image: preparedForQueue(image), stamp };
      keepWithinBudget(drafts, id, options.keepPreparedBytes ?? 512 * 1024 * 1024);
    }
    const url = pictures.put(id, 'result', pictureOf(card.buffer, card.format));
    const said = changed ? [changedWarning(file, changed)] : [];
    record.view = readyView(record.view, { url, image, uploadedAs, said });
    parts.changed(record.view);
  } catch (error) {
    const record = current();
    if (!record) return;
    // A file gone (moved, deleted, its disk unplugged) says so; the draft keeps every field.
    const missing = await stat(file).then(
      () => false,
      (problem: NodeJS.ErrnoException) => problem.code === 'ENOENT' || problem.code === 'ENOTDIR',
    );
    // The image's Problem, code and sentence, as its job and `shotput prepare` would say it.
    const problem: Problem = missing ? { code: 'image-not-found', message: goneMessage(file) } : imageProblem(error);
    if (current() !== record) return;
    const failed = { state: 'error', error: problem.message, errorCode: problem.code } as const;
    record.view = { ...record.view, ...failed, missing, result: null, warnings: [] };
    parts.changed(record.view);
  }
}

/** What the draft prepares from: its kept copy, or its file read once (and kept, when copies are). */
function sourceOf(parts: PreparationParts, id: string, file: string): Promise<DraftSource> {
  const { copies } = parts.options;
  if (!copies) return draftContent(file);
  return copies.sourceOf(parts.drafts, id, file, () => parts.dirty());
}
