// The job state machine alone: the table of moves, and what each command does or why it is refused.
import { describe, expect, it } from 'vitest';
import {
  TRANSITIONS,
  assertMove,
  canMove,
  cancelJob,
  editJob,
  newJob,
  pauseJob,
  removalRefusal,
  retryJob,
} from '../../main/uploads/job-machine';
import { JOB_STATES } from '../../main/uploads/types';
import { fail, ok } from '../../common/problem';
import type { JobState, UploadJob } from '../../main/uploads/types';

function job(state: JobState, extra: Partial<UploadJob> = {}): UploadJob {
  return { ...newJob({ sourcePath: '/x/a.png', metadata: { title: 'A' } }, '/x/a.png', 'hash'), state, ...extra };
}

describe('job machine', () => {
  it('has a row for every state, final states lead nowhere, and every target is a state', () => {
    expect(Object.keys(TRANSITIONS).sort()).toEqual([...JOB_STATES].sort());
    expect(TRANSITIONS.published).toEqual([]);
    expect(TRANSITIONS.scheduled).toEqual([]);
    for (const targets of Object.values(TRANSITIONS)) for (const to of targets) expect(JOB_STATES).toContain(to);
  });

  it('refuses a move off the table as a bug, and allows staying put', () => {
    expect(canMove('queued', 'preparing')).toBe(true);
    expect(canMove('queued', 'uploading')).toBe(false);
    expect(() => assertMove(job('published'), 'queued')).toThrow(/cannot go from published to queued/);
    expect(() => assertMove(job('processing'), 'processing')).not.toThrow();
  });

  it('a new job with a broken rule of the service starts failed, with the reason and its code', () => {
    const tooMany = newJob(
      { sourcePath: '/x/a.png', metadata: { title: 'A', tags: Array.from({ length: 13 }, (_, i) => `t${i}`) } },
      '/x/a.png',
      'h',
    );
    expect(tooMany.state).toBe('failed');
    expect(tooMany.failure).toMatchObject({ code: 'invalid-shot', retryable: false });
  });

  it('pauses only what has not been sent; cancels only what the service does not have', () => {
    // Every refusal is a Problem with its code, passed on as it is by the queue, the window and the CLI.
    expect(pauseJob(job('uploading'))).toEqual({
      code: 'refused',
      message: 'A job that is uploading cannot be paused.',
    });
    const ready = job('ready');
    expect(pauseJob(ready)).toBeUndefined();
    expect(ready.paused).toBe(true);
    expect(cancelJob(job('processing'))).toEqual({
      code: 'refused',
      message: expect.stringMatching(/already has this shot/),
    });
    expect(cancelJob(job('uploading'))).toEqual({
      code: 'refused',
      message: expect.stringMatching(/cannot be cancelled now/),
    });
    expect(cancelJob(job('cancelled'))).toEqual({ code: 'refused', message: 'The job is already cancelled.' });
    const queued = job('queued');
    expect(cancelJob(queued)).toBeUndefined();
    expect(queued.state).toBe('cancelled');
  });

  it('retries a failed job from the start, or back to following a shot the service accepted', () => {
    expect(retryJob(job('ready'), new Date())).toEqual({
      code: 'refused',
      message: 'Only failed or cancelled jobs can be retried; this one is ready.',
    });
    const lost = job('failed', { attempts: 5, failure: { code: 'upload-failed', message: 'x', retryable: true } });
    expect(retryJob(lost, new Date())).toBeUndefined();
    expect(lost).toMatchObject({ state: 'queued', attempts: 0, failure: undefined });
    const accepted = job('failed', { location: '/v2/shots/9', shotId: 9 });
    retryJob(accepted, new Date(0));
    expect(accepted).toMatchObject({ state: 'processing', processingSince: '1970-01-01T00:00:00.000Z' });
  });

  it('edits: a new size sends a prepared job back to be prepared; an edit may fix what the service refused', () => {
    const ready = job('ready');
    expect(editJob(ready, { prepare: { size: '400x300' } })).toEqual(ok({ reprepare: true }));
    expect(ready.state).toBe('queued');
    expect(editJob(job('preparing'), { prepare: { size: '400x300' } })).toEqual(
      fail('refused', 'The image is being prepared; change its size or fit in a moment.'),
    );
    const refused = job('failed', { failure: { code: 'invalid-shot', message: 'title is blank', retryable: false } });
    expect(editJob(refused, { metadata: { title: 'Now with a title' } })).toEqual(ok({ reprepare: false }));
    expect(refused).toMatchObject({ state: 'queued', failure: undefined });
    expect(editJob(job('published'), { metadata: { title: 'x' } })).toEqual(
      fail('refused', 'The shot is already published; edit it from your shots instead.'),
    );
  });

  it('removes only final jobs', () => {
    expect(removalRefusal(job('queued'))).toEqual({ code: 'refused', message: 'The job is queued; cancel it first.' });
    expect(removalRefusal(job('published'))).toBeUndefined();
  });
});
