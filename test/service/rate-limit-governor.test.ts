import { describe, expect, it } from 'vitest';
import { RateLimitGovernor } from '../../main/service/rate-limit-governor';
import type { RateLimitState } from '../../main/service/rate-limit-governor';
import { ServiceError } from '../../main/service/service-error';
import { FakeClock, settle } from './fake-clock';

interface PendingSend {
  resolve(response: Response): void;
  reject(error: unknown): void;
}

/** A send function whose answers the test gives one by one. */
function manualServer() {
  const pending: PendingSend[] = [];
  let sent = 0;
  return {
    pending,
    get sent() {
      return sent;
    },
    send: () =>
      new Promise<Response>((resolve, reject) => {
        sent++;
        pending.push({ resolve, reject });
      }),
  };
}

function limited(status: number, remaining: number, resetEpoch: number, clock: FakeClock, limit = 5): Response {
  return new Response(status === 204 ? null : '{}', {
    status,
    headers: {
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-reset': String(resetEpoch),
      date: new Date(clock.now()).toUTCString(),
    },
  });
}

function networkError(code: string): Error {
  return new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) });
}

describe('RateLimitGovernor budget', () => {
  it('sends a single request first, to learn the budget, then as many as the budget allows', async () => {
    const clock = new FakeClock();
    const governor = new RateLimitGovernor({ clock });
    const server = manualServer();
    const reset = Math.floor(clock.now() / 1000) + 60;
    const results = Array.from({ length: 6 }, () => governor.run({ method: 'GET', path: '/x', send: server.send }));
    await settle();
    expect(server.sent).toBe(1);
    server.pending.shift()!.resolve(limited(200, 3, reset, clock));
    await settle();
    // 3 remaining: exactly 3 more go out, the other 2 wait.
    expect(server.sent).toBe(4);
    expect(governor.state).toMatchObject({ remaining: 3, inFlight: 3, waiting: 2 });
    for (const remaining of [2, 1, 0]) server.pending.shift()!.resolve(limited(200, remaining, reset, clock));
    await settle();
    expect(server.sent).toBe(4);
    expect(governor.state.waitingUntil).toBeGreaterThan(clock.now());
    // The window ends: the budget is full again and the last two go.
    await clock.advance(61_000);
    expect(server.sent).toBe(6);
    for (const remaining of [4, 3]) server.pending.shift()!.resolve(limited(200, remaining, reset + 60, clock));
    const responses = await Promise.all(results);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(governor.state).toMatchObject({ remaining: 3, inFlight: 0, waiting: 0, waitingUntil: null });
  });

  it('keeps the lowest remaining count of a window when answers arrive out of order', async () => {
    const clock = new FakeClock();
    const governor = new RateLimitGovernor({ clock });
    const server = manualServer();
    const reset = Math.floor(clock.now() / 1000) + 60;
    const first = governor.run({ method: 'GET', path: '/x', send: server.send });
    await settle();
    server.pending.shift()!.resolve(limited(200, 10, reset, clock, 60));
    await first;
    const two = [
      governor.run({ method: 'GET', path: '/a', send: server.send }),
      governor.run({ method: 'GET', path: '/b', send: server.send }),
    ];
    await settle();
    server.pending.pop()!.resolve(limited(200, 8, reset, clock, 60));
    server.pending.pop()!.resolve(limited(200, 9, reset, clock, 60));
    await Promise.all(two);
    expect(governor.state.remaining).toBe(8);
  });

  it('reports its state to listeners', async () => {
    const clock = new FakeClock();
    const governor = new RateLimitGovernor({ clock });
    const seen: RateLimitState[] = [];
    const stop = governor.onState((state) => seen.push(state));
    const reset = Math.floor(clock.now() / 1000) + 30;
    await governor.run({ method: 'GET', path: '/x', send: async () => limited(200, 41, reset, clock, 60) });
    stop();
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ limit: 60, remaining: 41, inFlight: 0 });
    expect(last.resetAt).toBeGreaterThanOrEqual(clock.now() + 29_000);
  });
});

describe('RateLimitGovernor failures', () => {
  it('waits for the reset after a 429 and sends the request again, POST included', async () => {
    const clock = new FakeClock();
    const governor = new RateLimitGovernor({ clock });
    const server = manualServer();
    const reset = Math.floor(clock.now() / 1000) + 10;
    const result = governor.run({ method: 'POST', path: '/v1/shots/1/comments', send: server.send });
    await settle();
    server.pending.shift()!.resolve(limited(429, 0, reset, clock));
    await settle();
    expect(server.sent).toBe(1);
    await clock.advance(5_000);
    expect(server.sent).toBe(1);
    await clock.advance(6_000);
    expect(server.sent).toBe(2);
    server.pending.shift()!.resolve(limited(201, 4, reset + 10, clock));
    expect((await result).status).toBe(201);
  });

  it('retries an idempotent request after 5xx and network errors with growing, capped delays', async () => {
    const clock = new FakeClock();
    const governor = new RateLimitGovernor({ clock, retry: { baseDelayMs: 100, maxDelayMs: 300 } });
    const answers: Array<() => Response> = [
      () => limited(500, 50, 0, clock, 60),
      () => {
        throw networkError('ECONNRESET');
      },
      () => limited(503, 50, 0, clock, 60),
      () => limited(200, 50, 0, clock, 60),
    ];
    const result = governor.run({ method: 'PUT', path: '/v2/shots/1', send: async () => answers.shift()!() });
    for (let i = 0; i < 3; i++) await clock.advance(1_000);
    expect((await result).status).toBe(200);
    // Full jitter with random() = 0.5: half of 100, 200, then the 300 cap.
    expect(clock.sleeps).toEqual([50, 100, 150]);
  });

  it('says when the service stops answering, when the failed request goes again, and when it answers again', async () => {
    const clock = new FakeClock();
    const governor = new RateLimitGovernor({ clock, retry: { baseDelayMs: 100, maxDelayMs: 300 } });
    const told: boolean[] = [];
    governor.reach.onChange((reachable) => told.push(reachable));
    const answers: Array<() => Response> = [
      () => {
        throw networkError('ECONNREFUSED');
      },
      () => limited(503, 50, 0, clock, 60),
      () => limited(200, 50, 0, clock, 60),
    ];
    const result = governor.run({ method: 'GET', path: '/v2/user/shots', send: async () => answers.shift()!() });
    await settle();
    expect(governor.reach.reachable).toBe(false);
    // Full jitter with random() = 0.5: the retry goes 50 ms after the failure.
    expect(governor.reach.nextAttemptAt).toBe(clock.now() + 50);
    // A 5xx is an answer: the service is there again.
    await clock.advance(50);
    expect(governor.reach.reachable).toBe(true);
    expect(governor.reach.nextAttemptAt).toBeUndefined();
    await clock.advance(100);
    expect((await result).status).toBe(200);
    expect(told).toEqual([false, true]);
  });

  it('gives a POST that lost its connection back as an unknown outcome, without sending it twice', async () => {
    const clock = new FakeClock();
    const governor = new RateLimitGovernor({ clock });
    let sent = 0;
    const error = await governor
      .run({
        method: 'POST',
        path: '/v2/shots',
        send: async () => {
          sent++;
          throw networkError('ECONNRESET');
        },
      })
      .catch((e: unknown) => e);
    expect(sent).toBe(1);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).kind).toBe('unknown-outcome');
  });

  it('retries a POST whose connection was refused: it never reached the server', async () => {
    const clock = new FakeClock();
    const governor = new RateLimitGovernor({ clock });
    const answers: Array<() => Response> = [
      () => {
        throw networkError('ECONNREFUSED');
      },
      () => limited(202, 3, 0, clock),
    ];
    const result = governor.run({ method: 'POST', path: '/v2/shots', send: async () => answers.shift()!() });
    await clock.advance(10_000);
    expect((await result).status).toBe(202);
  });

  it('hands a POST 5xx back without retrying it', async () => {
    const clock = new FakeClock();
    const governor = new RateLimitGovernor({ clock });
    let sent = 0;
    const response = await governor.run({
      method: 'POST',
      path: '/v2/shots',
      send: async () => {
        sent++;
        return limited(500, 3, 0, clock);
      },
    });
    expect(response.status).toBe(500);
    expect(sent).toBe(1);
  });

  it('stops waiting when the caller aborts', async () => {
    const clock = new FakeClock();
    const governor = new RateLimitGovernor({ clock });
    const reset = Math.floor(clock.now() / 1000) + 60;
    await governor.run({ method: 'GET', path: '/x', send: async () => limited(200, 0, reset, clock) });
    const controller = new AbortController();
    const waiting = governor.run({
      method: 'GET',
      path: '/y',
      signal: controller.signal,
      send: async () => limited(200, 0, reset, clock),
    });
    await settle();
    expect(governor.state.waiting).toBe(1);
    controller.abort();
    const error = await waiting.catch((e: unknown) => e);
    expect((error as ServiceError).kind).toBe('aborted');
    expect(governor.state.waiting).toBe(0);
  });

  it('does not wait forever when the service gives no reset time, nor longer than a window for a far one', async () => {
    const clock = new FakeClock();
    const governor = new RateLimitGovernor({ clock, maxResetWaitMs: 60_000 });
    const noReset = () =>
      new Response('{}', {
        status: 200,
        headers: { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '0', date: new Date(clock.now()).toUTCString() },
      });
    await governor.run({ method: 'GET', path: '/x', send: async () => noReset() });
    let sent = 0;
    const next = governor.run({
      method: 'GET',
      path: '/y',
      send: async () => {
        sent++;
        return limited(200, 10, Math.floor(clock.now() / 1000) + 86_400, clock, 60);
      },
    });
    await clock.advance(59_000);
    expect(sent).toBe(0);
    await clock.advance(2_000);
    expect((await next).status).toBe(200);
    // A reset a day away (a moved server clock) is waited for one window at most.
    expect(governor.state.resetAt! - clock.now()).toBeLessThanOrEqual(60_000 + 300);
  });

  it('gives an aborted wait for an answer in flight back as kind "aborted"', async () => {
    const clock = new FakeClock();
    const governor = new RateLimitGovernor({ clock });
    const server = manualServer();
    const first = governor.run({ method: 'GET', path: '/x', send: server.send });
    const controller = new AbortController();
    // Nothing is known yet, so the second waits for the first answer.
    const second = governor.run({ method: 'GET', path: '/y', signal: controller.signal, send: server.send });
    await settle();
    expect(server.sent).toBe(1);
    controller.abort();
    expect(((await second.catch((e: unknown) => e)) as ServiceError).kind).toBe('aborted');
    server.pending.shift()!.resolve(limited(200, 5, Math.floor(clock.now() / 1000) + 60, clock));
    expect((await first).status).toBe(200);
    expect(governor.state).toMatchObject({ inFlight: 0, waiting: 0 });
  });
});
