// The pure rules of the uploads area: validation, batch schedules, matching interrupted uploads,
// and which file names a watched folder takes.
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { MAX_SHOT_BYTES, tagsProblem } from '../../common/service-rules';
import { ShotTagsSchema } from '../../common/contract/base';
import { shotChanges } from '../../main/cli/shots';
import { checkAgainstAccount, checkImage, checkMetadata } from '../../main/uploads/validate';
import { nextSlot, spreadSchedule } from '../../main/uploads/schedule';
import { matchInterruptedUploads, pageCoversIdsAbove } from '../../main/uploads/matching';
import { ignoredIn, isImageName } from '../../main/uploads/watch-filter';
import type { UploadJob } from '../../main/uploads/types';

const player = { id: 2, pro: false, type: 'Player', teams: [], canUploadShot: true };

describe('validation', () => {
  it('names each problem of the metadata', () => {
    expect(checkMetadata({ title: 'ok' })).toEqual([]);
    expect(checkMetadata({ title: '' })).toEqual(['A shot needs a title.']);
    expect(checkMetadata({ title: 't', scheduledFor: 'next tuesday' })[0]).toMatch(/is not a date and time/);
    expect(checkMetadata({ title: 't', scheduledFor: '2001-01-01T00:00:00Z' })[0]).toMatch(/already past/);
  });

  it('says too many tags in one sentence wherever they are checked: the field, the contract, a job, the CLI', () => {
    const tags = Array.from({ length: 14 }, (_, index) => `t${index}`);
    const sentence = 'A shot has at most 12 tags; this one has 14: remove 2.';
    expect(tagsProblem(tags)).toBe(sentence);
    expect(v.safeParse(ShotTagsSchema, tags).issues?.[0]?.message).toBe(sentence);
    expect(checkMetadata({ title: 't', tags })).toEqual([sentence]);
    expect(() => shotChanges({ tags: tags.join(',') })).toThrow(sentence);
  });

  it('lets only pro accounts, teams and team members schedule, and only members post for a team', () => {
    const later = new Date(Date.now() + 60_000).toISOString();
    expect(checkAgainstAccount({ title: 't', scheduledFor: later }, player)).toHaveLength(1);
    expect(checkAgainstAccount({ title: 't', scheduledFor: later }, { ...player, pro: true })).toEqual([]);
    expect(checkAgainstAccount({ title: 't', scheduledFor: later }, { ...player, type: 'Team' })).toEqual([]);
    expect(
      checkAgainstAccount(
        { title: 't', scheduledFor: later, teamId: 4 },
        { ...player, teams: [{ id: 4, name: 'Studio' }] },
      ),
    ).toEqual([]);
    expect(
      checkAgainstAccount({ title: 't', teamId: 5 }, { ...player, teams: [{ id: 4, name: 'Studio' }] })[0],
    ).toEqual({
      code: 'not-on-team',
      message: expect.stringMatching(/not a member of team 5; its teams are Studio \(4\)/),
    });
    expect(checkAgainstAccount({ title: 't', scheduledFor: later }, player)[0]?.code).toBe('cannot-schedule');
    expect(checkAgainstAccount({ title: 't', teamId: 9 }, { ...player, id: 9, type: 'Team' })).toEqual([]);
    expect(checkAgainstAccount({ title: 't' }, { ...player, canUploadShot: false })).toEqual([
      { code: 'cannot-upload', message: 'This account cannot upload shots.' },
    ]);
  });

  it('checks the exact size, format and bytes of the prepared image', () => {
    expect(checkImage({ format: 'png', width: 800, height: 600, bytes: 1000 })).toEqual([]);
    expect(checkImage({ format: 'png', width: 640, height: 480, bytes: 1000 })[0]).toMatch(
      /640x480; the service accepts exactly 400x300 or 800x600/,
    );
    expect(checkImage({ format: 'webp', width: 400, height: 300, bytes: 1000 })[0]).toMatch(/WEBP/);
    expect(checkImage({ format: 'jpeg', width: 400, height: 300, bytes: 9 * 1024 * 1024 })[0]).toMatch(/at most 8 MB/);
  });

  it('holds the image to the same byte limit as the image pipeline, 8,000,000', () => {
    expect(checkImage({ format: 'png', width: 800, height: 600, bytes: MAX_SHOT_BYTES })).toEqual([]);
    // Between 8,000,000 and 8 MiB: the pipeline would never write it, so the queue must not send it.
    expect(checkImage({ format: 'png', width: 800, height: 600, bytes: 8_100_000 })).toEqual([
      'The image is 8.1 MB; the service accepts at most 8 MB.',
    ]);
  });
});

describe('schedules', () => {
  it('spreads a batch one every N hours from the start', () => {
    expect(spreadSchedule({ start: '2030-01-01T10:00:00Z', everyHours: 1.5 }, 3)).toEqual([
      '2030-01-01T10:00:00.000Z',
      '2030-01-01T11:30:00.000Z',
      '2030-01-01T13:00:00.000Z',
    ]);
    expect(() => spreadSchedule({ start: 'soon' }, 2)).toThrow(/not a date/);
  });

  it('gives a watched folder the next free slot, never one in the past', () => {
    const now = new Date('2030-01-01T12:00:00Z');
    const schedule = { start: '2030-01-01T13:00:00Z', everyHours: 2 };
    expect(nextSlot(schedule, [], now)).toBe('2030-01-01T13:00:00.000Z');
    expect(nextSlot(schedule, ['2030-01-01T13:00:00.000Z'], now)).toBe('2030-01-01T15:00:00.000Z');
    expect(nextSlot({ start: '2030-01-01T08:00:00Z', everyHours: 2 }, [], now)).toBe('2030-01-01T14:00:00.000Z');
  });
});

describe('finding interrupted uploads', () => {
  const job = (id: string, title: string, afterShotId: number, startedAt: string): UploadJob =>
    ({ id, metadata: { title }, attempt: { afterShotId, startedAt } }) as UploadJob;

  it('matches by title and ids above the highest id known before the POST, each shot once', () => {
    const shots = [
      { id: 12, title: 'Logo' },
      { id: 11, title: 'Logo' },
      { id: 9, title: 'Logo' },
      { id: 10, title: 'Other' },
    ];
    const jobs = [
      job('b', 'Logo', 10, '2030-01-01T00:00:02Z'),
      job('a', 'Logo', 10, '2030-01-01T00:00:01Z'),
      job('c', 'Logo', 12, '2030-01-01T00:00:03Z'),
    ];
    const matches = matchInterruptedUploads(jobs, shots, new Set());
    expect(matches.get('a')?.id).toBe(11);
    expect(matches.get('b')?.id).toBe(12);
    expect(matches.has('c')).toBe(false);
    expect(matchInterruptedUploads([jobs[1]!], shots, new Set([11])).get('a')?.id).toBe(12);
  });

  it('knows when a newest-first page reaches back far enough', () => {
    expect(
      pageCoversIdsAbove(
        [
          { id: 20, title: '' },
          { id: 15, title: '' },
        ],
        true,
        15,
      ),
    ).toBe(true);
    expect(
      pageCoversIdsAbove(
        [
          { id: 20, title: '' },
          { id: 16, title: '' },
        ],
        true,
        15,
      ),
    ).toBe(false);
    expect(pageCoversIdsAbove([], false, 15)).toBe(true);
  });
});

describe('watched folder names', () => {
  it('takes finished images only', () => {
    // A `.json` passes by its name and is then told by its content: a Lottie, or a sidecar left to its image.
    for (const name of [
      'a.png',
      'b.JPG',
      'c.jpeg',
      'd.gif',
      'e.webp',
      'f.svg',
      'g.tiff',
      'h.avif',
      'i.json',
      'j.lottie',
    ])
      expect(isImageName(name), name).toBe(true);
    for (const name of ['a.png.part', 'b.crdownload', 'c.tmp', '~$d.png', '.e.png', 'f.png~', 'g.txt', 'h.json.part'])
      expect(isImageName(name), name).toBe(false);
    const ignored = ignoredIn('/w');
    expect(ignored('/w')).toBe(false);
    expect(ignored('/w/uploaded')).toBe(true);
    expect(ignored('/w/uploaded/a.png')).toBe(true);
    expect(ignored('/w/a.png.part')).toBe(true);
    expect(ignored('/w/a.png')).toBe(false);
  });
});
