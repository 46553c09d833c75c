// What a draft's preparation needs besides the drafts' bookkeeping (drafts.ts): the facts and
// small picture of a file main reads itself, a clip's strip of frames, the image prepared by the window's decoder or by main's,
// and the work under way per draft (a preparation, an estimate) that can be stopped, with its
// progress said a few times a second rather than at every frame.
import { readFile } from 'node:fs/promises';
import { estimateFile, optionsOfChoice, prepare, preview, probe } from '../images/index';
import type { EncodeOptions, ImageSource, MotionEstimate, PreparedImage } from '../images/index';
import type { DraftView, FinalPreview, ImageFacts, PrepareChoice } from '../../common/contract/index';
import type { WindowDraftMotion } from './draft-motion';
import { fileStamp } from '../uploads/index';
import { decodedByFfmpeg, openMotion } from '../images/motion/open';
import { stripOf } from '../images/motion/strip';
import type { StripFrame } from '../images/motion/strip';
import { pictureOf } from './draft-pictures';
import type { SourcePicture } from './draft-pictures';

const SOURCE_PREVIEW_PX = 480;
/** Height of the strip's pictures: twice the track's on a 2x screen. */
const STRIP_HEIGHT_PX = 96;
/** Progress is said at most this often per draft. */
const PROGRESS_EVERY_MS = 250;

/**
 * What main prepares a draft from: a still's (or a GIF's, a WebP's) bytes, read once, from which its
 * facts, previews, prepared image and the check against what was uploaded all come; a clip that
 * ffmpeg decodes (or the window decodes: `motion`) by its path, read by its decoder.
 */
export async function draftContent(file: string): Promise<{ content: ImageSource; stamp: string | undefined }> {
  // Taken before the read: a file changed while it is read gives an image the queue will not trust.
  const stamp = await fileStamp(file);
  const content = (await decodedByFfmpeg(file)) ? file : await readFile(file);
  return { content, stamp };
}

/** A file main reads itself: what it is, and the whole of it small for the crop editor. */
export async function readFacts(file: ImageSource): Promise<{ facts: ImageFacts; source: SourcePicture }> {
  const info = await probe(file);
  const facts: ImageFacts = {
    format: info.format,
    width: info.width,
    height: info.height,
    animated: info.animated,
    frames: info.pages,
    bytes: info.bytes,
    hasAlpha: info.hasAlpha,
  };
  if (info.animated && info.durationMs) {
    facts.durationMs = info.durationMs;
    facts.fps = (info.pages * 1000) / info.durationMs;
  }
  const small = await preview(file, { maxSize: SOURCE_PREVIEW_PX });
  return {
    facts,
    source: { picture: pictureOf(small.buffer, small.format), width: small.width, height: small.height },
  };
}

/** The image as it will be sent: from the window's frames for a clip it decodes, else from the file. */
export function prepareDraft(
  motion: WindowDraftMotion | undefined,
  file: ImageSource,
  choice: PrepareChoice,
  extra: EncodeOptions,
): Promise<PreparedImage> {
  return motion ? motion.prepare(choice, extra) : prepare(file, optionsOfChoice(choice), extra);
}

/** The estimate the editor shows, from the decoder that prepares the draft. */
export function estimateDraft(
  motion: WindowDraftMotion | undefined,
  file: string,
  choice: PrepareChoice,
  signal: AbortSignal,
): Promise<MotionEstimate | undefined> {
  return motion ? motion.estimate(choice, signal) : estimateFile(file, optionsOfChoice(choice), signal);
}

/** Pictures spread over a draft's clip, from the decoder that prepares it (the window's at their small size). */
export async function stripDraft(
  motion: WindowDraftMotion | undefined,
  file: string,
  count: number,
): Promise<StripFrame[]> {
  if (motion) {
    const { width, height } = motion.facts;
    const scale = STRIP_HEIGHT_PX / height;
    return stripOf(motion.frames(Math.max(1, Math.round(width * scale)), STRIP_HEIGHT_PX), count, STRIP_HEIGHT_PX);
  }
  const opened = await openMotion(file);
  if (!opened) return [];
  try {
    return await stripOf(opened.source, count, STRIP_HEIGHT_PX);
  } finally {
    await opened.close();
  }
}

/** The exact image in the editor's words; `url` is where the window loads it from (draft-pictures.ts). */
export function finalPreviewOf(
  url: string,
  image: { format: string; width: number; height: number; bytes: number },
  warnings: readonly { code: string; message: string }[],
): FinalPreview {
  return {
    url,
    width: image.width,
    height: image.height,
    format: image.format,
    bytes: image.bytes,
    warnings: warnings.map((w) => ({ code: w.code, message: w.message })),
  };
}

/** A draft prepared: its result as a card shows it, what was said of it first (`said`), then the image's warnings. */
export function readyView(
  view: DraftView,
  made: { url: string; image: PreparedImage; uploadedAs: number | null; said: DraftView['warnings'] },
): DraftView {
  const { url, image, uploadedAs, said } = made;
  return {
    ...view,
    state: 'ready',
    error: null,
    errorCode: null,
    missing: false,
    uploadedAs,
    result: { url, width: image.width, height: image.height, format: image.format, bytes: image.bytes },
    warnings: [...said, ...image.warnings.map((w) => ({ code: w.code, message: w.message }))],
  };
}

/** What a draft becomes when its preparation is cancelled: its last prepared state, or, never prepared, said so. */
export function cancelledView(
  view: DraftView,
  previous: Pick<DraftView, 'prepare' | 'result' | 'warnings'> | undefined,
): DraftView {
  if (previous) {
    const { prepare, result, warnings } = previous;
    return { ...view, prepare: { ...prepare }, result, warnings, state: 'ready', error: null, errorCode: null };
  }
  const error = `Preparing ${view.name} was cancelled; change its framing or trim to prepare it again.`;
  return { ...view, state: 'error', error, errorCode: 'cancelled', result: null, warnings: [] };
}

/** The prepared images kept stay within their byte budget: the oldest go first, never the newest. */
export function keepWithinBudget(
  drafts: ReadonlyMap<string, { prepared?: { image: { bytes: number } } }>,
  newest: string,
  budget: number,
): void {
  let total = 0;
  for (const record of drafts.values()) total += record.prepared?.image.bytes ?? 0;
  for (const [id, record] of drafts) {
    if (total <= budget) return;
    if (id === newest || !record.prepared) continue;
    total -= record.prepared.image.bytes;
    record.prepared = undefined;
  }
}

/** Work under way per draft, each kind stoppable: a newer one of a kind ends the older. */
export class DraftWork {
  private readonly preparing = new Map<string, AbortController>();
  private readonly estimating = new Map<string, AbortController>();
  private readonly previewing = new Map<string, AbortController>();

  constructor(private readonly progress: (id: string, done: number) => void) {}

  /** A preparation starts: its signal, and its progress said now and then. */
  startPreparing(id: string): EncodeOptions & { signal: AbortSignal; finish: () => void } {
    this.preparing.get(id)?.abort();
    const controller = new AbortController();
    this.preparing.set(id, controller);
    let saidAt = 0;
    let said = -1;
    return {
      signal: controller.signal,
      onProgress: (done) => {
        const now = Date.now();
        const percent = Math.floor(done * 100);
        // Never backwards: a second candidate of the fitter starts its encode again from nothing.
        if (percent <= said || now - saidAt < PROGRESS_EVERY_MS || controller.signal.aborted) return;
        said = percent;
        saidAt = now;
        this.progress(id, percent / 100);
      },
      finish: () => {
        if (this.preparing.get(id) === controller) this.preparing.delete(id);
      },
    };
  }

  /** Stops the draft's preparation under way; true when there was one. */
  stopPreparing(id: string): boolean {
    const controller = this.preparing.get(id);
    if (!controller) return false;
    controller.abort();
    this.preparing.delete(id);
    return true;
  }

  /** Runs an estimate of the draft, ending an older one still running. */
  async estimate<T>(id: string, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    this.estimating.get(id)?.abort();
    const controller = new AbortController();
    this.estimating.set(id, controller);
    try {
      return await run(controller.signal);
    } finally {
      if (this.estimating.get(id) === controller) this.estimating.delete(id);
    }
  }

  /**
   * Runs a preview of the draft's exact result, ending an older one still running: dragging the
   * crop asks for many and only the last matters. An ended one throws an AbortError, never a
   * picture that would replace the newer one's.
   */
  async preview<T>(id: string, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    this.previewing.get(id)?.abort();
    const controller = new AbortController();
    this.previewing.set(id, controller);
    try {
      const result = await run(controller.signal);
      controller.signal.throwIfAborted();
      return result;
    } finally {
      if (this.previewing.get(id) === controller) this.previewing.delete(id);
    }
  }

  /** Stops everything of these drafts (removed), or of every draft. */
  stop(ids?: readonly string[]): void {
    for (const map of [this.preparing, this.estimating, this.previewing])
      for (const [id, controller] of map)
        if (!ids || ids.includes(id)) {
          controller.abort();
          map.delete(id);
        }
  }
}
