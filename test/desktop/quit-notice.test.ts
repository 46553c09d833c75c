// Quitting asks nothing; uploads left say once that they go on at the next start.
import { describe, expect, it } from 'vitest';
import { quitNotice } from '../../main/desktop/quit-notice';
import type { JobState, JobView, QueueView } from '../../common/contract/index';

const queue = (states: JobState[]): QueueView => ({
  revision: 1,
  available: true,
  jobs: states.map((state, n) => ({ id: String(n), state }) as JobView),
  paused: false,
  rateLimit: null,
  dailyCap: null,
  diskFault: null,
});

describe('quitNotice', () => {
  it('says how many uploads continue at the next start, and nothing when none are left', () => {
    expect(quitNotice(queue(['published', 'failed', 'cancelled', 'scheduled']))).toBeUndefined();
    expect(quitNotice(queue(['uploading', 'published']))).toBe('1 upload continues the next time Shotput starts.');
    expect(quitNotice(queue(['queued', 'processing', 'ready']))).toBe(
      '3 uploads continue the next time Shotput starts.',
    );
  });
});
