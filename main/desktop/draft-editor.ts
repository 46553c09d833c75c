// What the editor asks of a draft beside its own preparation: the exact image it would be sent as
// for a choice being tried (a newer ask ends an older: dragging the crop asks for many), the
// fitter's estimate for a clip, and a strip of the clip's frames. Each reads the draft as it is
// now and answers with addresses of pictures served from DraftPictures; none changes the draft.
import { ImageError } from '../images/index';
import type { MotionEstimate, PreparedImage } from '../images/index';
import type { PreparedForQueue } from '../uploads/index';
import type { DraftView, FinalPreview, PrepareChoice } from '../../common/contract/index';
import type { WindowMotionOf } from './draft-motion';
import { pictureOf, type DraftPictures } from './draft-pictures';
import { estimateDraft, finalPreviewOf, prepareDraft, stripDraft, type DraftWork } from './draft-prepare';

/** A draft as the editor reads it: its view, and its prepared image when there is one. */
export interface EditedDraft {
  view: DraftView;
  prepared?: { image: PreparedForQueue };
}

export interface DraftEditorParts {
  draft: (id: string) => EditedDraft | undefined;
  work: DraftWork;
  pictures: DraftPictures;
  windowMotion?: WindowMotionOf;
  /** The path a draft's content is read from now: its kept copy, else its file. */
  readFrom: (id: string) => Promise<string>;
}

export class DraftEditor {
  constructor(private readonly parts: DraftEditorParts) {}

  /**
   * The exact image the draft would be sent as: the one prepared already when the choice is its
   * own. A newer preview of the draft ends this one (AbortError).
   */
  async finalPreview(id: string, prepareChoice: PrepareChoice): Promise<FinalPreview> {
    const { view, prepared } = this.existing(id);
    if (prepared && view.state === 'ready' && JSON.stringify(view.prepare) === JSON.stringify(prepareChoice))
      return this.finalOf(id, prepared.image, view.warnings);
    const image = await this.parts.work.preview(id, async (signal) => {
      const from = await this.parts.readFrom(id);
      const motion = await this.parts.windowMotion?.(from, prepareChoice, view.path);
      signal.throwIfAborted();
      return prepareDraft(motion, from, prepareChoice, { signal });
    });
    return this.finalOf(id, image, image.warnings);
  }

  /** The fitter's estimate for a draft's clip with this choice (undefined for a still); a newer one ends an older. */
  async estimate(id: string, prepareChoice: PrepareChoice): Promise<MotionEstimate | undefined> {
    const { view } = this.existing(id);
    if (!view.facts?.animated) return undefined;
    return this.parts.work.estimate(id, async (signal) => {
      const from = await this.parts.readFrom(id);
      return estimateDraft(
        await this.parts.windowMotion?.(from, prepareChoice, view.path),
        from,
        prepareChoice,
        signal,
      );
    });
  }

  /** Small pictures spread over a draft's clip (none for a still). */
  async strip(id: string, count: number): Promise<{ timeMs: number; url: string }[]> {
    const view = this.parts.draft(id)?.view;
    if (!view?.facts?.animated) return [];
    const from = await this.parts.readFrom(id);
    const frames = await stripDraft(await this.parts.windowMotion?.(from, view.prepare, view.path), from, count);
    const picture = (jpeg: Buffer) => ({ buffer: jpeg, type: 'image/jpeg' as const });
    return frames.map(({ timeMs, jpeg }, i) => ({
      timeMs,
      url: this.parts.pictures.put(id, `strip-${i}`, picture(jpeg)),
    }));
  }

  private existing(id: string): EditedDraft {
    const draft = this.parts.draft(id);
    if (!draft) throw new ImageError('not-found', 'This draft is no longer there; add the file again.');
    return draft;
  }

  private finalOf(
    id: string,
    image: PreparedForQueue | PreparedImage,
    warnings: FinalPreview['warnings'],
  ): FinalPreview {
    return finalPreviewOf(this.parts.pictures.put(id, 'final', pictureOf(image.buffer, image.format)), image, warnings);
  }
}
