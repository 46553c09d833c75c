// Lottie in the desktop's drafts: a dropped Lottie JSON and a dotLottie become motion drafts drawn
// by main (no window decoder, no ffmpeg), 800x600 animated GIFs with every frame; a sidecar dropped
// on its own is one sentence, not a draft; a folder gives its Lottie and leaves the sidecars to their images.
import path from 'node:path';
import { mkdir, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Drafts } from '../../main/desktop/drafts';
import type { DraftView } from '../../common/contract/index';
import { photo, scratch } from '../images/fixtures';
import type { Scratch } from '../images/fixtures';
import { dotLottie, slidingSquare } from '../images/lottie-fixtures';

let files: Scratch;
beforeAll(async () => {
  files = await scratch();
});
afterAll(() => files.cleanup());

describe('a Lottie dropped on the desktop', () => {
  it('becomes a motion draft drawn by main, prepared as an 800x600 GIF of every frame', async () => {
    const square = slidingSquare({ width: 400, height: 300, fps: 30, frames: 45 });
    const json = await files.write('loader.json', JSON.stringify(square));
    const archive = files.file('spinner.lottie');
    await writeFile(archive, dotLottie(square));
    const sidecar = await files.write('cover.json', JSON.stringify({ title: 'Cover', tags: ['ui'] }));
    const folder = files.file('exports');
    await mkdir(folder);
    await photo(800, 600).png().toFile(path.join(folder, 'cover.png'));
    await writeFile(path.join(folder, 'cover.json'), JSON.stringify({ title: 'Cover' }));
    await writeFile(path.join(folder, 'intro.json'), JSON.stringify(square));

    const drafts = new Drafts({
      pasteDir: files.file('pasted'),
      defaults: () => ({ size: 'auto', fit: 'cover' }),
      flushMs: 10,
    });
    const seen = new Map<string, DraftView>();
    drafts.on('changed', ({ changed }) => {
      for (const view of changed) seen.set(view.id, view);
    });
    const added = await drafts.add([json, archive, sidecar, folder]);
    expect(added.drafts.map((draft) => draft.name)).toEqual([
      'loader.json',
      'spinner.lottie',
      'cover.png',
      'intro.json',
    ]);
    // A sidecar dropped on its own (or beside its image) is one sentence, not a draft.
    expect(added.problems).toEqual([
      {
        path: sidecar,
        message:
          'cover.json is JSON but not a Lottie animation; a sidecar (name.json) is read with its image only in a watched folder.',
      },
    ]);
    await drafts.whenIdle();
    await new Promise((resolve) => setTimeout(resolve, 60));

    const [loader, spinner, cover, intro] = added.drafts.map((draft) => seen.get(draft.id)!);
    for (const lottie of [loader!, spinner!, intro!]) {
      expect(lottie).toMatchObject({
        state: 'ready',
        facts: { format: 'lottie', animated: true, frames: 45, durationMs: 1500, fps: 30 },
        result: { width: 800, height: 600, format: 'gif' },
      });
      // Vector art drawn at the size sent: nothing enlarged.
      expect(lottie.warnings.map((warning) => warning.code)).not.toContain('enlarged');
    }
    expect(loader!.title).toBe('loader');
    expect(cover).toMatchObject({ state: 'ready', result: { format: 'png' } });

    const [queued] = drafts.forQueue([loader!.id]);
    const meta = await sharp(queued!.prepared!.image.buffer, { animated: true }).metadata();
    expect(meta).toMatchObject({ width: 800, pageHeight: 600, pages: 45 });
    expect(meta.delay!.reduce((a, b) => a + b)).toBe(1500);
    drafts.close();
  }, 60_000);
});
