// Drafts with real image files: folders looked into, per-file problems, the grid answered before
// any image is read, facts and previews streamed in batches, new crops made again, the exact final
// image, pasted images.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Drafts } from '../../main/desktop/drafts';
import { optionsOfChoice } from '../../main/images/index';
import { titleFromFileName } from '../../main/uploads/sidecar';
import type { DraftView } from '../../common/contract/index';
import { animatedGif, photo, scratch } from '../images/fixtures';
import type { Scratch } from '../images/fixtures';

let files: Scratch;
beforeAll(async () => {
  files = await scratch();
});
afterAll(async () => {
  await files.cleanup();
});

/** The picture main serves at an address a view or a final preview names. */
function pictureAt(drafts: Drafts, url: string) {
  const [, id, kind, n] = url.split('/');
  return drafts.pictures.get(id!, kind as 'source' | 'result' | 'final', Number(n));
}

function collect(drafts: Drafts): { latest: Map<string, DraftView>; batches: number; removed: string[] } {
  const seen = { latest: new Map<string, DraftView>(), batches: 0, removed: [] as string[] };
  drafts.on('changed', ({ changed, removed }) => {
    seen.batches += 1;
    for (const view of changed) seen.latest.set(view.id, view);
    seen.removed.push(...removed);
  });
  return seen;
}

describe('Drafts', () => {
  it('answers one loading draft per image at once, looks into folders, and says why other paths gave none', async () => {
    const folder = files.file('batch');
    await mkdir(path.join(folder, 'nested'), { recursive: true });
    await photo(1200, 900).png().toFile(path.join(folder, 'b.png'));
    await photo(300, 200).jpeg().toFile(path.join(folder, 'a.jpg'));
    await photo(1000, 800)
      .jpeg()
      .toFile(path.join(folder, 'nested', 'c.jpg'));
    await writeFile(
      path.join(folder, 'z.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="90"><rect width="120" height="90" fill="#c36"/></svg>',
    );
    await writeFile(path.join(folder, 'notes.txt'), 'not an image');
    await writeFile(path.join(folder, '.hidden.png'), 'hidden');
    const loose = await files.write('readme.md', '# hello');
    const empty = files.file('empty-folder');
    await mkdir(empty);

    const drafts = new Drafts({ pasteDir: files.file('pasted'), defaults: () => ({ size: 'auto', fit: 'cover' }) });
    const seen = collect(drafts);
    const added = await drafts.add([folder, loose, empty, files.file('missing.png'), 'relative.png']);
    expect(added.drafts.map((d) => d.name)).toEqual(['a.jpg', 'b.png', 'c.jpg', 'z.svg']);
    expect(added.drafts.every((d) => d.state === 'loading' && d.result === null && d.prepare.fit === 'cover')).toBe(
      true,
    );
    expect(added.problems.map((p) => p.message)).toEqual([
      'readme.md is not an image Shotput can read (PNG, JPEG, GIF, WebP, TIFF, AVIF, SVG, MP4, MOV, WebM, APNG or Lottie).',
      'The folder empty-folder has no images.',
      'missing.png could not be found or read.',
      'relative.png is not a full path to a file or folder.',
    ]);
    // The same files again add nothing.
    expect((await drafts.add([folder])).drafts).toEqual([]);

    await drafts.whenIdle();
    await new Promise((r) => setTimeout(r, 150));
    const [a, b, c, d] = added.drafts.map((d) => seen.latest.get(d.id)!);
    expect(d).toMatchObject({
      state: 'ready',
      facts: { format: 'svg' },
      result: { width: 800, height: 600, format: 'png' },
    });
    expect(a).toMatchObject({
      state: 'ready',
      facts: { format: 'jpeg', width: 300, height: 200, animated: false },
      result: { width: 400, height: 300, format: 'jpeg' },
    });
    expect(a!.warnings.map((w) => w.code)).toContain('enlarged');
    expect(b).toMatchObject({ state: 'ready', result: { width: 800, height: 600, format: 'png' }, warnings: [] });
    expect(b!.source!.width).toBeLessThanOrEqual(480);
    // The views name their pictures by address; main serves them (no base64 in what the window keeps).
    expect(b!.source!.url).toMatch(/^draft-pictures\/[0-9a-f-]{36}\/source\/\d+$/);
    expect(pictureAt(drafts, b!.source!.url)?.type).toBe('image/jpeg');
    expect(b!.result!.url).toMatch(/^draft-pictures\/[0-9a-f-]{36}\/result\/\d+$/);
    expect(pictureAt(drafts, b!.result!.url)?.type).toMatch(/^image\/(jpeg|png)$/);
    expect(JSON.stringify(drafts.list())).not.toContain('base64');
    drafts.remove([a!.id, b!.id, c!.id, d!.id]);
    expect(drafts.pictures.size).toBe(0);
    expect(c!.state).toBe('ready');
    // Changes go out in a few batches, not one event per step.
    expect(seen.batches).toBeLessThan(6);
    drafts.close();
  });

  it('titles a draft from its file name exactly as a watched folder and the CLI do', async () => {
    const name = 'Screenshot 2024-05-02 at 09.41.12.png';
    const file = path.join(files.file('titles'), name);
    await mkdir(path.dirname(file), { recursive: true });
    await photo(800, 600).png().toFile(file);
    const drafts = new Drafts({ pasteDir: files.file('pasted'), defaults: () => ({}) });
    const added = await drafts.add([file]);
    expect(added.drafts[0]!.title).toBe('Screenshot 2024-05-02 at 09.41.12');
    expect(added.drafts[0]!.title).toBe(titleFromFileName(file));
    drafts.close();
  });

  it('gives a broken file its own error and the rest of the batch goes on', async () => {
    const zero = await files.write('zero.png', Buffer.alloc(0));
    const fake = await files.write('fake.gif', 'GIF89a not really');
    const good = files.file('good.png');
    await photo(800, 600).png().toFile(good);
    const drafts = new Drafts({ pasteDir: files.file('pasted'), defaults: () => ({}) });
    const seen = collect(drafts);
    const added = await drafts.add([zero, fake, good]);
    await drafts.whenIdle();
    await new Promise((r) => setTimeout(r, 150));
    const [z, f, g] = added.drafts.map((d) => seen.latest.get(d.id)!);
    expect(z).toMatchObject({ state: 'error', error: 'The file is empty (0 bytes).', errorCode: 'image-empty' });
    expect(f!.state).toBe('error');
    expect(f!.errorCode).toMatch(/^image-/);
    expect(f!.error).toBeTruthy();
    expect(g).toMatchObject({ state: 'ready', error: null, errorCode: null });
    drafts.close();
  });

  it('makes the previews again for a new crop, fit or size, and gives the exact final image', async () => {
    const file = files.file('wide.png');
    await photo(2000, 1000).png().toFile(file);
    const gif = await files.write('anim.gif', await animatedGif(480, 360, [100, 100, 100]));
    const drafts = new Drafts({
      pasteDir: files.file('pasted'),
      defaults: () => ({ size: 'auto', fit: 'cover' }),
      concurrency: 1,
    });
    const seen = collect(drafts);
    const [wide, anim] = (await drafts.add([file, gif])).drafts;
    await drafts.whenIdle();

    drafts.setPrepare([wide!.id], {
      size: 'auto',
      fit: 'cover',
      crop: { left: 100, top: 100, width: 600, height: 450 },
    });
    expect(drafts.get(wide!.id)!.state).toBe('loading');
    await drafts.whenIdle();
    await new Promise((r) => setTimeout(r, 150));
    expect(seen.latest.get(wide!.id)).toMatchObject({ state: 'ready', result: { width: 400, height: 300 } });

    const contained = await drafts.finalPreview(wide!.id, { fit: 'contain', background: '#ff0000', size: '800x600' });
    expect(contained).toMatchObject({ width: 800, height: 600, format: 'png' });
    const decoded = await sharp(pictureAt(drafts, contained.url)!.buffer).raw().toBuffer({ resolveWithObject: true });
    expect(decoded.info.width).toBe(800);
    // The band above the fitted 2:1 image is the chosen background.
    expect([...decoded.data.subarray(0, 3)]).toEqual([255, 0, 0]);

    const animated = await drafts.finalPreview(anim!.id, {});
    expect(animated).toMatchObject({ format: 'gif', width: 400, height: 300 });
    expect(seen.latest.get(anim!.id)?.facts).toMatchObject({ animated: true, frames: 3 });
    await expect(drafts.finalPreview('00000000-0000-0000-0000-000000000000', {})).rejects.toThrow(/no longer there/);

    // Dragging the crop asks for many previews: a newer one ends the older, whose picture never
    // replaces the newer's.
    const crops = [100, 140, 180].map((left) => ({
      size: '800x600' as const,
      fit: 'contain' as const,
      background: left === 180 ? '#00ff00' : '#0000ff',
      crop: { left, top: 100, width: 600, height: 300 },
    }));
    const answers = await Promise.allSettled(crops.map((crop) => drafts.finalPreview(wide!.id, crop)));
    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    expect((answers[0] as PromiseRejectedResult).reason).toMatchObject({ name: 'AbortError' });
    const last = (answers[2] as PromiseFulfilledResult<{ url: string }>).value;
    const shown = await sharp(pictureAt(drafts, last.url)!.buffer).raw().toBuffer();
    expect([...shown.subarray(0, 3)]).toEqual([0, 255, 0]);
    drafts.close();
  });

  it('keeps a pasted image as a file of its own, removes drafts, and holds at most maxDrafts', async () => {
    const drafts = new Drafts({ pasteDir: files.file('pasted'), defaults: () => ({}), maxDrafts: 2 });
    const seen = collect(drafts);
    const png = await photo(640, 480).png().toBuffer();
    const pasted = await drafts.addPasted('Screenshot 1.png', 'image/png', png);
    expect(pasted.drafts[0]!.path.startsWith(files.file('pasted'))).toBe(true);
    expect(pasted.drafts[0]!.name).toBe('Screenshot 1.png');
    const second = await drafts.addPasted('', 'image/jpeg', await photo(640, 480).jpeg().toBuffer());
    expect(second.drafts[0]!.name).toBe('Pasted image.jpg');
    const third = await drafts.addPasted('x', 'image/png', png);
    expect(third.drafts).toEqual([]);
    expect(third.problems[0]!.message).toMatch(/At most 2 drafts/);

    drafts.remove([pasted.drafts[0]!.id]);
    await drafts.whenIdle();
    await new Promise((r) => setTimeout(r, 150));
    expect(drafts.list().map((d) => d.id)).toEqual([second.drafts[0]!.id]);
    expect(seen.removed).toEqual([pasted.drafts[0]!.id]);
    drafts.close();
  });

  it('maps the window’s choice to the pipeline: an explicit crop wins over a focus point, contain ignores both', () => {
    expect(optionsOfChoice({ size: '800x600', fit: 'cover', focus: { x: 0.2, y: 0.8 } })).toEqual({
      target: '800x600',
      mode: 'cover',
      focus: { x: 0.2, y: 0.8 },
    });
    expect(
      optionsOfChoice({ fit: 'cover', focus: { x: 0.2, y: 0.8 }, crop: { left: 1, top: 2, width: 40, height: 30 } }),
    ).toEqual({
      mode: 'cover',
      crop: { left: 1, top: 2, width: 40, height: 30 },
    });
    expect(
      optionsOfChoice({ fit: 'contain', crop: { left: 1, top: 2, width: 40, height: 30 }, background: '#000000' }),
    ).toEqual({ mode: 'contain', background: '#000000' });
  });
});
