import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JOURNAL_FILE, Journal } from '../../main/uploads/journal';
import { DiskFaultError } from '../../main/uploads/disk-fault';
import type { UploadJob } from '../../main/uploads/types';

function job(id: string, state: UploadJob['state'] = 'queued'): UploadJob {
  const now = new Date().toISOString();
  return {
    id,
    sourcePath: `/tmp/${id}.png`,
    contentHash: `hash-${id}`,
    metadata: { title: `Shot ${id}` },
    prepare: {},
    state,
    paused: false,
    attempts: 0,
    createdAt: now,
    updatedAt: now,
  };
}

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shotput-journal-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('upload journal', () => {
  it('groups the fsyncs of changes before a job is sent, and syncs at once, off the loop, from the upload on', async () => {
    const journal = Journal.open(dir);
    const syncNow = vi.spyOn(fs, 'fsyncSync');
    const syncLater = vi.spyOn(fs, 'fsync');
    try {
      for (let i = 0; i < 100; i++) journal.writeJob(job(`g${i}`));
      await new Promise((r) => setTimeout(r, 100));
      // A hundred queued jobs: one fsync, off the event loop.
      expect(syncLater).toHaveBeenCalledTimes(1);
      // The attempt note is on the disk when durable() resolves, without waiting for the group:
      // with the group's timer held (no timer fires), durable() still resolves, by an fsync of its own.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        journal.writeJob(job('g0', 'uploading'));
        await journal.durable();
      } finally {
        vi.useRealTimers();
      }
      expect(syncLater).toHaveBeenCalledTimes(2);
      journal.writeJob(job('g1'));
      await journal.close();
      // Closing syncs what is still grouped: every line is on the disk; none was synced on the loop.
      expect(syncLater).toHaveBeenCalledTimes(3);
      expect(syncNow).not.toHaveBeenCalled();
      expect(Journal.read(dir).jobs).toHaveLength(100);
    } finally {
      syncNow.mockRestore();
      syncLater.mockRestore();
    }
  });

  it('replays the last written state of every job and the uploaded hashes', async () => {
    const journal = Journal.open(dir);
    const a = job('a');
    journal.writeJob(a);
    journal.writeJob(job('b'));
    a.state = 'uploading';
    journal.writeJob(a);
    journal.forget('b');
    journal.recordUploaded('hash-a', 41);
    await journal.close();

    const again = Journal.open(dir);
    expect([...again.jobs.keys()]).toEqual(['a']);
    expect(again.jobs.get('a')?.state).toBe('uploading');
    expect(again.uploaded.get('hash-a')?.shotId).toBe(41);
    expect(again.skippedLines).toBe(0);
    await again.close();
  });

  it('reads the failure of a job journaled before its sentence was called message', async () => {
    const failed = { ...job('old', 'failed'), failure: { reason: 'The service refused the image.', retryable: true } };
    fs.writeFileSync(path.join(dir, JOURNAL_FILE), `${JSON.stringify({ t: 'job', job: failed })}\n`);
    const journal = Journal.open(dir);
    expect(journal.jobs.get('old')?.failure).toEqual({
      code: 'upload-failed',
      message: 'The service refused the image.',
      retryable: true,
    });
    await journal.close();
  });

  it('gives a failure journaled before codes were kept the code of an upload that failed, and keeps a code written', async () => {
    const before = {
      ...job('before', 'failed'),
      failure: { message: 'The upload did not get through.', retryable: false },
    };
    const coded = {
      ...job('coded', 'failed'),
      failure: { code: 'image-corrupt', message: 'The image is damaged or incomplete.', retryable: false },
    };
    const lines = [before, coded].map((j) => JSON.stringify({ t: 'job', job: j }));
    fs.writeFileSync(path.join(dir, JOURNAL_FILE), `${lines.join('\n')}\n`);
    const journal = Journal.open(dir);
    expect(journal.jobs.get('before')?.failure).toEqual({
      code: 'upload-failed',
      message: 'The upload did not get through.',
      retryable: false,
    });
    expect(journal.jobs.get('coded')?.failure).toEqual(coded.failure);
    expect(journal.skippedLines).toBe(0);
    await journal.close();
  });

  it('skips a torn last line and keeps appending on a fresh line', async () => {
    const journal = Journal.open(dir);
    journal.writeJob(job('a'));
    await journal.close();
    fs.appendFileSync(path.join(dir, JOURNAL_FILE), '{"t":"job","job":{"id":"b","sta');

    const reopened = Journal.open(dir);
    expect(reopened.skippedLines).toBe(1);
    expect([...reopened.jobs.keys()]).toEqual(['a']);
    reopened.writeJob(job('c'));
    await reopened.close();

    const third = Journal.open(dir);
    expect([...third.jobs.keys()].sort()).toEqual(['a', 'c']);
    expect(third.skippedLines).toBe(1);
    await third.close();
  });

  it('compacts when the file grows far beyond the live records, losing nothing', async () => {
    const journal = Journal.open(dir, { compactAfterLines: 20 });
    const a = job('a');
    journal.writeJob(job('keep'));
    journal.recordUploaded('hash-old', 7);
    for (let i = 0; i < 100; i++) {
      a.attempts = i;
      journal.writeJob(a);
    }
    await journal.close();
    const lines = fs.readFileSync(path.join(dir, JOURNAL_FILE), 'utf8').trim().split('\n');
    expect(lines.length).toBeLessThanOrEqual(23);
    expect(fs.existsSync(path.join(dir, `${JOURNAL_FILE}.compact`))).toBe(false);

    const again = Journal.open(dir);
    expect(again.jobs.get('a')?.attempts).toBe(99);
    expect(again.jobs.has('keep')).toBe(true);
    expect(again.uploaded.get('hash-old')?.shotId).toBe(7);
    await again.close();
  });

  it('reads without taking the file for writing', async () => {
    const journal = Journal.open(dir);
    journal.writeJob(job('a', 'failed'));
    const seen = Journal.read(dir);
    expect(seen.jobs.map((j) => j.state)).toEqual(['failed']);
    await journal.close();
  });
  it('makes many durable lines of one tick durable with one or two fsyncs, none on the loop', async () => {
    const journal = Journal.open(dir);
    const syncNow = vi.spyOn(fs, 'fsyncSync');
    const syncLater = vi.spyOn(fs, 'fsync');
    try {
      for (let i = 0; i < 50; i++) journal.writeJob(job(`u${i}`, 'uploading'));
      expect(syncNow).not.toHaveBeenCalled();
      // Each writer waits for its own line, in the same tick.
      await Promise.all(Array.from({ length: 50 }, () => journal.durable()));
      // Fifty attempt notes written in one tick: one fsync covers them all.
      expect(syncLater).toHaveBeenCalledTimes(1);
      await journal.close();
      expect(Journal.read(dir).jobs).toHaveLength(50);
    } finally {
      syncNow.mockRestore();
      syncLater.mockRestore();
    }
  });

  it('compacts off the loop, and lines appended while it runs survive a reopen', async () => {
    const journal = Journal.open(dir, { compactAfterLines: 20 });
    const syncNow = vi.spyOn(fs, 'fsyncSync');
    const renameNow = vi.spyOn(fs, 'renameSync');
    try {
      const a = job('a', 'uploading');
      for (let i = 0; i < 40; i++) {
        a.attempts = i;
        journal.writeJob(a);
      }
      // The rewrite has started (its new file is being written) but has not taken the name yet.
      const tmp = path.join(dir, `${JOURNAL_FILE}.compact`);
      for (let turn = 0; turn < 1000 && !fs.existsSync(tmp); turn++) await new Promise((r) => setImmediate(r));
      expect(fs.existsSync(tmp)).toBe(true);
      const waits: Promise<void>[] = [];
      for (let i = 0; i < 30; i++) {
        journal.writeJob(job(`late${i}`, 'processing'));
        waits.push(journal.durable());
        if (i % 10 === 9) await new Promise((r) => setImmediate(r));
      }
      a.attempts = 99;
      journal.writeJob(a);
      await Promise.all(waits);
      expect(syncNow).not.toHaveBeenCalled();
      expect(renameNow).not.toHaveBeenCalled();
      await journal.close();
    } finally {
      syncNow.mockRestore();
      renameNow.mockRestore();
    }
    const lines = fs.readFileSync(path.join(dir, JOURNAL_FILE), 'utf8').trim().split('\n');
    // Compacted: far fewer lines than were written.
    expect(lines.length).toBeLessThan(60);
    expect(fs.existsSync(path.join(dir, `${JOURNAL_FILE}.compact`))).toBe(false);
    const again = Journal.open(dir);
    expect(again.jobs.get('a')?.attempts).toBe(99);
    expect([...again.jobs.keys()].filter((id) => id.startsWith('late'))).toHaveLength(30);
    expect(again.skippedLines).toBe(0);
    await again.close();
  });

  it('a refused fsync rejects whoever waits with the disk fault, until a rewrite puts everything down', async () => {
    const journal = Journal.open(dir);
    const realSync = fs.fsync;
    const failing = vi
      .spyOn(fs, 'fsync')
      .mockImplementation(((fd: number, done: (e: Error | null) => void) =>
        process.nextTick(() =>
          done(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' })),
        )) as typeof fs.fsync);
    try {
      journal.writeJob(job('a', 'uploading'));
      const fault = await journal.durable().then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(fault).toBeInstanceOf(DiskFaultError);
      expect((fault as DiskFaultError).message).toBe(
        `The disk failed while saving the upload queue in ${dir} (input/output error). Check the disk, then resume the uploads.`,
      );
      // A later line is not on the disk either, though no fsync failed for it yet.
      journal.writeJob(job('b', 'uploading'));
      await expect(journal.durable()).rejects.toBeInstanceOf(DiskFaultError);
      failing.mockImplementation(realSync);
      await journal.compact();
      journal.writeJob(job('c', 'uploading'));
      await journal.durable();
      await journal.close();
    } finally {
      failing.mockRestore();
    }
    expect(Journal.read(dir).jobs.map((j) => j.id)).toEqual(['a', 'b', 'c']);
  });
});
