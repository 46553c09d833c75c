// The motion editor's work in main, with real clips: a draft's trim is kept on disk with the draft
// and its prepared GIF holds exactly the trimmed frames; the strip and the live estimate; a
// long preparation says its progress, and Cancel stops it and leaves the draft as it was.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DraftStore } from '../../main/desktop/draft-store';
import { Drafts } from '../../main/desktop/drafts';
import { requestKey } from '../../main/uploads/job-identity';
import type { DraftView } from '../../common/contract/index';
import { scratch } from '../images/fixtures';
import type { Scratch } from '../images/fixtures';
import { busyPattern, ffmpegClip } from '../images/motion-fixtures';

let files: Scratch;
let busyGif: string;
beforeAll(async () => {
  files = await scratch();
  // 3 s of ffmpeg's busy pattern at 25 fps as an 800x600 GIF: seconds to prepare on this machine.
  busyGif = await ffmpegClip(files.file('busy walk.gif'), busyPattern('800x600', 25, 3), ['-f', 'gif']);
}, 120_000);
afterAll(() => files.cleanup());

function latest(drafts: Drafts): Map<string, DraftView> {
  const seen = new Map<string, DraftView>();
  drafts.on('changed', ({ changed }) => {
    for (const view of changed) seen.set(view.id, view);
  });
  return seen;
}

/** Every draft prepared, and the last changes said (they are gathered for flushMs). */
async function settled(drafts: Drafts): Promise<void> {
  await drafts.whenIdle();
  await new Promise((resolve) => setTimeout(resolve, 60));
}

function newDrafts(): Drafts {
  return new Drafts({ pasteDir: files.file('pasted'), defaults: () => ({ size: 'auto', fit: 'cover' }), flushMs: 10 });
}

describe('a motion draft in the editor', () => {
  it('keeps its trim on disk with the draft, and its prepared GIF holds exactly the trimmed frames', async () => {
    const drafts = newDrafts();
    const seen = latest(drafts);
    const [draft] = (await drafts.add([busyGif])).drafts;
    const id = draft!.id;
    await settled(drafts);
    expect(seen.get(id)?.facts).toMatchObject({ animated: true, frames: 75, durationMs: 3000, fps: 25 });
    drafts.setPrepare([id], { size: 'auto', fit: 'cover', trim: { startMs: 1000, endMs: 1800 } });
    await settled(drafts);
    expect(seen.get(id)).toMatchObject({ state: 'ready', result: { width: 800, height: 600, format: 'gif' } });
    const [queued] = drafts.forQueue([id]);
    const meta = await sharp(queued!.prepared!.image.buffer, { animated: true }).metadata();
    expect(meta.pages).toBe(20);
    expect(meta.delay!.reduce((a, b) => a + b)).toBe(800);

    // Kept on disk like the crop: a restart makes the same draft with the same trim.
    const store = new DraftStore({ folder: files.file('kept'), snapshot: () => drafts.stored(), delayMs: 1 });
    store.schedule();
    await store.flush();
    const back = await new DraftStore({ folder: files.file('kept'), snapshot: () => [] }).load();
    expect(back[0]?.prepare.trim).toEqual({ startMs: 1000, endMs: 1800 });
    drafts.close();
  }, 240_000);

  it('estimates the trimmed clip before any full encode, smaller as the trim shortens', async () => {
    const drafts = newDrafts();
    const [draft] = (await drafts.add([busyGif])).drafts;
    const id = draft!.id;
    await settled(drafts);
    const whole = await drafts.estimate(id, { size: 'auto', fit: 'cover' });
    const short = await drafts.estimate(id, { size: 'auto', fit: 'cover', trim: { startMs: 0, endMs: 1000 } });
    expect(whole).toMatchObject({ width: 800, height: 600, durationMs: 3000 });
    expect(short).toMatchObject({ width: 800, height: 600, durationMs: 1000 });
    expect(short!.bytes).toBeLessThan(whole!.bytes * 0.6);
    // The strip the trim is chosen on: six small pictures spread over the three seconds.
    const strip = await drafts.strip(id, 6);
    expect(strip.map((frame) => frame.timeMs)).toEqual([240, 720, 1240, 1720, 2240, 2720]);
    expect(strip.every((frame, i) => frame.url.startsWith(`draft-pictures/${id}/strip-${i}/`))).toBe(true);
    // Served by main as JPEGs (the window holds their addresses only).
    for (const [i, frame] of strip.entries())
      expect(drafts.pictures.get(id, `strip-${i}`, Number(frame.url.split('/').at(-1)))?.type).toBe('image/jpeg');
    // A newer estimate of the same draft ends the older one.
    const older = drafts.estimate(id, { size: 'auto', fit: 'cover' });
    const newer = drafts.estimate(id, { size: 'auto', fit: 'cover', trim: { startMs: 500, endMs: 1500 } });
    await expect(older).rejects.toThrow(/abort/i);
    expect(await newer).toMatchObject({ durationMs: 1000 });
    drafts.close();
  }, 240_000);

  it('says the progress of a long preparation; Cancel stops it and puts back the last prepared choice and image', async () => {
    const drafts = newDrafts();
    const seen = latest(drafts);
    const progress: number[] = [];
    drafts.on('progress', ({ done }) => progress.push(done));
    const [draft] = (await drafts.add([busyGif])).drafts;
    const id = draft!.id;
    await settled(drafts);
    const before = seen.get(id)!;
    expect(before.state).toBe('ready');
    const sent = drafts.forQueue([id])[0]!.prepared!.image.buffer;
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.every((done, i) => done >= 0 && done <= 1 && (i === 0 || done > progress[i - 1]!))).toBe(true);

    progress.length = 0;
    drafts.setPrepare([id], { size: 'auto', fit: 'contain', background: '#000000' });
    await new Promise<void>((resolve) => drafts.once('progress', () => resolve()));
    const cancelledAt = Date.now();
    expect(drafts.cancelPrepare(id)).toEqual(before.prepare);
    await settled(drafts);
    const stoppedMs = Date.now() - cancelledAt;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const after = seen.get(id)!;
    expect(after).toMatchObject({ state: 'ready', error: null, prepare: before.prepare, result: before.result });
    expect(drafts.stored()[0]!.prepare).toEqual(before.prepare);
    expect(drafts.forQueue([id])[0]!.prepared!.image.buffer).toBe(sent);
    // Nothing was under way any more: a second Cancel does nothing.
    expect(drafts.cancelPrepare(id)).toBeUndefined();
    console.log(`cancel: the preparation stopped ${stoppedMs} ms after Cancel`);
    expect(stoppedMs).toBeLessThan(5000);
    drafts.close();
  }, 240_000);

  it('a first preparation cancelled keeps the draft and its choice, and says how to prepare it again', async () => {
    const drafts = newDrafts();
    const seen = latest(drafts);
    const firstProgress = new Promise<void>((resolve) => drafts.once('progress', () => resolve()));
    const [draft] = (await drafts.add([busyGif])).drafts;
    await firstProgress;
    expect(drafts.cancelPrepare(draft!.id)).toEqual({ size: 'auto', fit: 'cover' });
    await settled(drafts);
    expect(seen.get(draft!.id)).toMatchObject({
      state: 'error',
      error: 'Preparing busy walk.gif was cancelled; change its framing or trim to prepare it again.',
      errorCode: 'cancelled',
      prepare: { size: 'auto', fit: 'cover' },
    });
    expect(drafts.list()).toHaveLength(1);
    drafts.close();
  }, 240_000);

  it('a clip trimmed otherwise is another request for the queue, not the one already in it', () => {
    const metadata = { title: 'walk' };
    const whole = requestKey({ metadata, prepare: { fit: 'cover' } });
    const trimmed = requestKey({ metadata, prepare: { fit: 'cover', trim: { startMs: 500, endMs: 1500 } } });
    const again = requestKey({ metadata, prepare: { fit: 'cover', trim: { startMs: 500, endMs: 1500 } } });
    expect(trimmed).not.toBe(whole);
    expect(again).toBe(trimmed);
  });
});
