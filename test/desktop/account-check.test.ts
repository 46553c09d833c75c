// How often an account restored during an outage is asked about again (account-check.ts), on a fake
// clock: the waits are ours, so the test moves time instead of waiting minutes.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { CHECK_FIRST_MS, CHECK_MOST_MS, checkUntilAnswered } from '../../main/desktop/account-check';
import type { ActiveAccount } from '../../main/desktop/active-account';
import { Reachability } from '../../main/service/reachability';
import { ServiceError } from '../../main/service/service-error';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

type Answer = 'down' | 'user' | 'refused';

/** An account whose service answers as `answers` says, one entry per question (then the last again). */
function accountAnswering(answers: Answer[]) {
  const reach = new Reachability();
  const asked: number[] = [];
  const start = Date.now();
  const getUser = async () => {
    asked.push(Date.now() - start);
    const answer = answers[Math.min(asked.length - 1, answers.length - 1)];
    if (answer === 'user') return { id: 7, login: 'ada', name: 'Ada', pro: true, can_upload_shot: true, teams: [] };
    if (answer === 'refused')
      throw new ServiceError({ kind: 'http', status: 401, message: 'no', method: 'GET', path: '/v2/user' });
    throw new TypeError('fetch failed');
  };
  const account = { client: { governor: { reach }, getUser } } as unknown as ActiveAccount;
  return { account, reach, asked };
}

it('asks again after 5 s, then waits twice as long each time up to 2 minutes, until the service answers', async () => {
  const { account, asked } = accountAnswering([...Array<Answer>(8).fill('down'), 'user']);
  const accepted = vi.fn();
  checkUntilAnswered({ account, wanted: () => true, accepted, refused: vi.fn() });
  await vi.advanceTimersByTimeAsync(20 * 60_000);
  const waits = asked.map((at, i) => at - (asked[i - 1] ?? 0));
  expect(waits).toEqual([
    5_000,
    10_000,
    20_000,
    40_000,
    80_000,
    CHECK_MOST_MS,
    CHECK_MOST_MS,
    CHECK_MOST_MS,
    CHECK_MOST_MS,
  ]);
  expect(CHECK_FIRST_MS).toBe(5_000);
  expect(accepted).toHaveBeenCalledOnce();
  expect(accepted.mock.calls[0]![0]).toMatchObject({ login: 'ada', pro: true });
});

it('asks at once when a request of the account gets an answer again, and stops once refused', async () => {
  const { account, reach, asked } = accountAnswering(['down', 'refused']);
  const refused = vi.fn();
  checkUntilAnswered({ account, wanted: () => true, accepted: vi.fn(), refused });
  await vi.advanceTimersByTimeAsync(CHECK_FIRST_MS);
  expect(asked).toHaveLength(1);
  reach.failed();
  await vi.advanceTimersByTimeAsync(1_000);
  // The queue's retry got an answer: the service is back, the next question goes now, not in 9 s.
  reach.answered();
  await vi.advanceTimersByTimeAsync(0);
  expect(asked).toEqual([5_000, 6_000]);
  expect(refused).toHaveBeenCalledOnce();
  await vi.advanceTimersByTimeAsync(10 * 60_000);
  expect(asked).toHaveLength(2);
});

it('stops asking when the account is no longer the one signed in, or when stopped', async () => {
  const other = accountAnswering(['down']);
  let signedIn = true;
  checkUntilAnswered({ account: other.account, wanted: () => signedIn, accepted: vi.fn(), refused: vi.fn() });
  await vi.advanceTimersByTimeAsync(CHECK_FIRST_MS);
  signedIn = false;
  await vi.advanceTimersByTimeAsync(10 * 60_000);
  expect(other.asked).toHaveLength(1);

  const stopped = accountAnswering(['down']);
  const { stop } = checkUntilAnswered({
    account: stopped.account,
    wanted: () => true,
    accepted: vi.fn(),
    refused: vi.fn(),
  });
  stop();
  await vi.advanceTimersByTimeAsync(10 * 60_000);
  expect(stopped.asked).toHaveLength(0);
  expect(vi.getTimerCount()).toBe(0);
});

it("asks at once when the computer's network comes back, then keeps its waits; never twice at a time", async () => {
  const { account, asked } = accountAnswering(['down', 'down', 'user']);
  const accepted = vi.fn();
  const check = checkUntilAnswered({ account, wanted: () => true, accepted, refused: vi.fn() });
  await vi.advanceTimersByTimeAsync(CHECK_FIRST_MS);
  expect(asked).toEqual([5_000]);
  // 3 s into the 10 s wait the window hears `online`: the question goes now, not 7 s later.
  await vi.advanceTimersByTimeAsync(3_000);
  check.askNow();
  check.askNow();
  await vi.advanceTimersByTimeAsync(0);
  expect(asked).toEqual([5_000, 8_000]);
  // Still down: the next wait is the next of the doubling ones (20 s), then the service answers.
  await vi.advanceTimersByTimeAsync(20_000);
  expect(asked).toEqual([5_000, 8_000, 28_000]);
  expect(accepted).toHaveBeenCalledOnce();
  check.askNow();
  await vi.advanceTimersByTimeAsync(10 * 60_000);
  expect(asked).toHaveLength(3);
  expect(vi.getTimerCount()).toBe(0);
});
