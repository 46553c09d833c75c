// What the Queue's outage banner is told: nothing while the service answers; else its host and the
// earliest attempt still to come, whether the governor sends a failed request again or the queue
// retries or checks by itself.
import { describe, expect, it } from 'vitest';
import { offlineView } from '../../main/desktop/queue-view';
import { Reachability } from '../../main/service/reachability';

const now = Date.parse('2030-01-02T03:04:05Z');

describe('offlineView', () => {
  it('says nothing while the service answers', () => {
    const reach = new Reachability(() => now);
    expect(offlineView(reach, now + 5_000, 'http://127.0.0.1:4000', now)).toBeNull();
    reach.failed(now, now + 1_000);
    reach.answered();
    expect(offlineView(reach, now + 5_000, 'http://127.0.0.1:4000', now)).toBeNull();
  });

  it('names the host and the earliest attempt to come', () => {
    const reach = new Reachability(() => now);
    reach.failed(now, now + 3_000);
    expect(offlineView(reach, now + 10_000, 'http://127.0.0.1:4000/', now)).toEqual({
      host: '127.0.0.1:4000',
      nextAttemptAt: new Date(now + 3_000).toISOString(),
    });
    // The governor gave up on its request: the queue's own retry is the next attempt.
    reach.failed(now);
    expect(offlineView(reach, now + 10_000, 'https://api.dribbble.com', now)).toEqual({
      host: 'api.dribbble.com',
      nextAttemptAt: new Date(now + 10_000).toISOString(),
    });
  });

  it('has no time when every known attempt is due: one is under way', () => {
    const reach = new Reachability(() => now);
    reach.failed(now, now - 1);
    expect(offlineView(reach, undefined, 'http://127.0.0.1:4000', now)?.nextAttemptAt).toBeNull();
    expect(offlineView(reach, now, 'http://127.0.0.1:4000', now)?.nextAttemptAt).toBeNull();
  });
});
