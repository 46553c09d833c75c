// One "Upload all" checked draft by draft: a title too long, thirteen tags, a time past, a team not
// the user's each stop their own draft with a sentence for its card; the others go on, titles NFC.
import { describe, expect, it } from 'vitest';
import { checkEnqueueItems } from '../../main/desktop/handlers/enqueue-checks';
import type { EnqueueRequest } from '../../common/contract/index';

const ada = { id: 1, pro: true, type: 'Player', teams: [{ id: 7 }], scheduleReason: null };
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const item = (n: number, metadata: EnqueueRequest['metadata']): EnqueueRequest => ({ draftId: id(n), metadata });

describe('checkEnqueueItems', () => {
  it('refuses each bad draft on its own, in plain words, and passes the others', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    const { valid, refused } = checkEnqueueItems(
      [
        item(1, { title: 'Fine' }),
        item(2, { title: 'x'.repeat(507) }),
        item(3, { title: 'Tags', tags: Array.from({ length: 13 }, (_, n) => `t${n}`) }),
        item(4, { title: 'Past', scheduledFor: '2029-12-31T00:00:00Z' }),
        item(5, { title: 'Team', teamId: 99 }),
        item(6, { title: 'Cafe\u0301', teamId: 7, scheduledFor: '2030-02-01T09:00:00Z' }),
      ],
      ada,
      now,
    );
    expect(valid.map((each) => each.draftId)).toEqual([id(1), id(6)]);
    expect(valid[1]!.metadata.title).toBe('Caf\u00e9');
    expect(Object.fromEntries(refused.map((answer) => [answer.draftId, answer.message]))).toEqual({
      [id(2)]: 'The title has 507 characters; a shot’s title has at most 255. Shorten it by 252.',
      [id(3)]: 'A shot has at most 12 tags; this one has 13: remove 1.',
      [id(4)]: 'The publish time has passed; choose a later one or Publish now.',
      [id(5)]: 'This account is not a member of the chosen team. Choose one of your teams, or none.',
    });
    expect(refused.every((answer) => answer.status === 'error' && answer.jobId === null)).toBe(true);
    for (const answer of refused) expect(answer.message).not.toMatch(/request|payload|Expected|Invalid/);
  });
});
