import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JOURNAL_FILE, Journal } from '../../main/uploads/journal';
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
  it('groups the fsyncs of changes before a job is sent, and syncs at once from the upload on', async () => {
    const journal = Journal.open(dir);
    const syncNow = vi.spyOn(fs, 'fsyncSync');
    const syncLater = vi.spyOn(fs, 'fsync');
    try {
      for (let i = 0; i < 100; i++) journal.writeJob(job(`g${i}`));
      expect(syncNow).not.toHaveBeenCalled();
      await new Promise((r) => setTimeout(r, 100));
      // A hundred queued jobs: one fsync, off the event loop.
      expect(syncLater).toHaveBeenCalledTimes(1);
      const sent = job('g0', 'uploading');
      journal.writeJob(sent);
      // The attempt note is on the disk before the POST leaves.
      expect(syncNow).toHaveBeenCalledTimes(1);
      journal.writeJob(job('g1'));
      journal.close();
      // Closing syncs what is still grouped: every line is on the disk.
      expect(syncNow).toHaveBeenCalledTimes(2);
      expect(Journal.read(dir).jobs).toHaveLength(100);
    } finally {
      syncNow.mockRestore();
      syncLater.mockRestore();
    }
  });

  it('replays the last written state of every job and the uploaded hashes', () => {
    const journal = Journal.open(dir);
    const a = job('a');
    journal.writeJob(a);
    journal.writeJob(job('b'));
    a.state = 'uploading';
    journal.writeJob(a);
    journal.forget('b');
    journal.recordUploaded('hash-a', 41);
    journal.close();

    const again = Journal.open(dir);
    expect([...again.jobs.keys()]).toEqual(['a']);
    expect(again.jobs.get('a')?.state).toBe('uploading');
    expect(again.uploaded.get('hash-a')?.shotId).toBe(41);
    expect(again.skippedLines).toBe(0);
    again.close();
  });

  it('reads the failure of a job journaled before its sentence was called message', () => {
    const failed = { ...job('old', 'failed'), failure: { reason: 'The service refused the image.', retryable: true } };
    fs.writeFileSync(path.join(dir, JOURNAL_FILE), `${JSON.stringify({ t: 'job', job: failed })}\n`);
    const journal = Journal.open(dir);
    expect(journal.jobs.get('old')?.failure).toEqual({
      code: 'upload-failed',
      message: 'The service refused the image.',
      retryable: true,
    });
    journal.close();
  });

  it('gives a failure journaled before codes were kept the code of an upload that failed, and keeps a code written', () => {
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
    journal.close();
  });

  it('skips a torn last line and keeps appending on a fresh line', () => {
    const journal = Journal.open(dir);
    journal.writeJob(job('a'));
    journal.close();
    fs.appendFileSync(path.join(dir, JOURNAL_FILE), '{"t":"job","job":{"id":"b","sta');

    const reopened = Journal.open(dir);
    expect(reopened.skippedLines).toBe(1);
    expect([...reopened.jobs.keys()]).toEqual(['a']);
    reopened.writeJob(job('c'));
    reopened.close();

    const third = Journal.open(dir);
    expect([...third.jobs.keys()].sort()).toEqual(['a', 'c']);
    expect(third.skippedLines).toBe(1);
    third.close();
  });

  it('compacts when the file grows far beyond the live records, losing nothing', () => {
    const journal = Journal.open(dir, { compactAfterLines: 20 });
    const a = job('a');
    journal.writeJob(job('keep'));
    journal.recordUploaded('hash-old', 7);
    for (let i = 0; i < 100; i++) {
      a.attempts = i;
      journal.writeJob(a);
    }
    journal.close();
    const lines = fs.readFileSync(path.join(dir, JOURNAL_FILE), 'utf8').trim().split('\n');
    expect(lines.length).toBeLessThanOrEqual(23);
    expect(fs.existsSync(path.join(dir, `${JOURNAL_FILE}.compact`))).toBe(false);

    const again = Journal.open(dir);
    expect(again.jobs.get('a')?.attempts).toBe(99);
    expect(again.jobs.has('keep')).toBe(true);
    expect(again.uploaded.get('hash-old')?.shotId).toBe(7);
    again.close();
  });

  it('reads without taking the file for writing', () => {
    const journal = Journal.open(dir);
    journal.writeJob(job('a', 'failed'));
    const seen = Journal.read(dir);
    expect(seen.jobs.map((j) => j.state)).toEqual(['failed']);
    journal.close();
  });
});
