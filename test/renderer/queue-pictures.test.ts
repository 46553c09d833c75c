// The Queue's pictures after a fling (issue 36): the rows asked for last are served first, a row
// flung past and gone fetches nothing, a picture shown once is there again at once, and only the
// most recent few hundred are kept (the others' addresses let go).
import { describe, expect, test } from 'vitest';
import { PICTURES_AT_ONCE, QueuePictures, type Picture } from '../../renderer/src/views/queue/queue-pictures';

/** A main that answers each fetch when told to, recording the order it was asked in. */
function fakeMain() {
  const asked: string[] = [];
  const pending = new Map<string, (blob: Blob | null) => void>();
  const revoked: string[] = [];
  const pictures = new QueuePictures(
    (jobId) => {
      asked.push(jobId);
      return new Promise((resolve) => pending.set(jobId, resolve));
    },
    { create: (blob) => `blob:${blob.size}`, revoke: (url) => revoked.push(url) },
  );
  const answer = async (jobId: string, bytes = 3) => {
    pending.get(jobId)!(bytes === 0 ? null : new Blob([new Uint8Array(bytes)]));
    pending.delete(jobId);
    await new Promise((done) => setTimeout(done, 0));
  };
  return { pictures, asked, pending, revoked, answer };
}

describe('QueuePictures', () => {
  test('a fling: rows withdrawn before their turn fetch nothing, and the last rows asked are served first', async () => {
    const main = fakeMain();
    const shown = new Map<string, Picture>();
    const withdraw = new Map<string, () => void>();
    const ids = Array.from({ length: 60 }, (_, i) => `job-${i}`);
    for (const id of ids)
      withdraw.set(
        id,
        main.pictures.want(id, (picture) => shown.set(id, picture)),
      );
    // The first few went at once; the rows after them up to the last ten were flung past and left the screen.
    const first = ids.slice(0, PICTURES_AT_ONCE);
    for (const id of ids.slice(PICTURES_AT_ONCE, 50)) withdraw.get(id)!();
    expect(main.asked).toEqual(first);
    for (const id of first) await main.answer(id);
    // The rows on screen when the fling stopped, newest ask first; none of those flung past.
    const onScreen = ids.slice(50).reverse();
    expect(main.asked.slice(PICTURES_AT_ONCE)).toEqual(onScreen.slice(0, PICTURES_AT_ONCE));
    for (const id of onScreen.slice(0, PICTURES_AT_ONCE)) await main.answer(id, 5);
    expect(main.asked.slice(PICTURES_AT_ONCE)).toEqual(onScreen);
    expect(shown.get('job-59')).toBe('blob:5');
    expect(shown.has('job-20')).toBe(false);
  });

  test('a picture fetched once is held: shown at once, not fetched again; a job main has no picture for is null', async () => {
    const main = fakeMain();
    main.pictures.want('job-a', () => {});
    await main.answer('job-a', 7);
    expect(main.pictures.held('job-a')).toBe('blob:7');
    let shown: Picture | undefined;
    main.pictures.want('job-a', (picture) => (shown = picture));
    expect(shown).toBe('blob:7');
    expect(main.asked).toEqual(['job-a']);
    main.pictures.want('job-gone', (picture) => (shown = picture));
    await main.answer('job-gone', 0);
    expect(shown).toBeNull();
  });

  test('keeps the most recent 300 and lets the addresses of older ones go', async () => {
    const main = fakeMain();
    for (let i = 0; i < 305; i++) {
      main.pictures.want(`job-${i}`, () => {});
      await main.answer(`job-${i}`, i + 1);
    }
    expect(main.revoked).toEqual(['blob:1', 'blob:2', 'blob:3', 'blob:4', 'blob:5']);
    expect(main.pictures.held('job-0')).toBeUndefined();
    expect(main.pictures.held('job-304')).toBe('blob:305');
  });
});
