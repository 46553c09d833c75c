// The outage's lines on a clock the test moves: one line when the service stops answering, none
// again within 30 s however often the connection fails, one more after 30 s, and one when it is
// back. upload-offline.test checks the same lines from a real CLI against a stopped sandbox, over
// an outage shorter than the gap (a real 30 s wait would be the test's whole length).
import { describe, expect, it } from 'vitest';
import { OUTAGE_LINE_GAP_MS, Reachability, outageLines } from '../../main/service/reachability';
import { loggingFetch } from '../../main/logging/logging-fetch';
import type { Logger } from '../../main/logging/logger';

function clock() {
  const state = { time: 1_700_000_000_000 };
  return { state, now: () => state.time };
}

const refused: typeof fetch = async () => {
  throw new TypeError('fetch failed');
};
const answers: typeof fetch = async () => new Response('{}');

function aborted(): typeof fetch {
  return async () => {
    throw new DOMException('The operation was aborted.', 'AbortError');
  };
}

describe('outage lines', () => {
  it('says an outage at once, again only after 30 s, and its end once', async () => {
    const { state, now } = clock();
    const reach = new Reachability(now);
    const said: string[] = [];
    outageLines(
      reach,
      { unreachable: (at) => said.push(`down ${at - 1_700_000_000_000}`), reachable: () => said.push('back') },
      now,
    );
    const failing = reach.wrap(refused);
    const working = reach.wrap(answers);

    await expect(failing('http://127.0.0.1:1/')).rejects.toThrow('fetch failed');
    expect(said).toEqual(['down 0']);
    // Connections failing every few seconds, as the client's retries do: no second line yet.
    for (const at of [2_000, 10_000, OUTAGE_LINE_GAP_MS - 1]) {
      state.time = 1_700_000_000_000 + at;
      await expect(failing('http://127.0.0.1:1/')).rejects.toThrow();
    }
    expect(said).toEqual(['down 0']);
    state.time = 1_700_000_000_000 + OUTAGE_LINE_GAP_MS;
    await expect(failing('http://127.0.0.1:1/')).rejects.toThrow();
    expect(said).toEqual(['down 0', `down ${OUTAGE_LINE_GAP_MS}`]);

    // Back: one line, however many answers follow.
    state.time += 1_000;
    await working('http://127.0.0.1:1/');
    await working('http://127.0.0.1:1/');
    expect(said).toEqual(['down 0', `down ${OUTAGE_LINE_GAP_MS}`, 'back']);

    // A new outage a second later is a new outage: said at once.
    state.time += 1_000;
    await expect(failing('http://127.0.0.1:1/')).rejects.toThrow();
    expect(said).toHaveLength(4);
    expect(said[3]).toBe(`down ${OUTAGE_LINE_GAP_MS + 2_000}`);
  });

  it('says nothing of answers without an outage, nor of a request Shotput called off', async () => {
    const { now } = clock();
    const reach = new Reachability(now);
    const said: string[] = [];
    outageLines(reach, { unreachable: () => said.push('down'), reachable: () => said.push('back') }, now);
    await reach.wrap(answers)('http://127.0.0.1:1/');
    await expect(reach.wrap(aborted())('http://127.0.0.1:1/')).rejects.toThrow('aborted');
    expect(said).toEqual([]);
    expect(reach.reachable).toBe(true);
  });

  it('logs a failed request (-v) at most once per 30 s during an outage, and every request again once it is back', async () => {
    const { state, now } = clock();
    const reach = new Reachability(now);
    const logged: number[] = [];
    const quiet: number[] = [];
    const fetchOf =
      (into: number[], inner: typeof fetch): typeof fetch =>
      async (input, init) => {
        into.push(state.time - 1_700_000_000_000);
        return inner(input, init);
      };
    const failing = reach.wrap(fetchOf(logged, refused), fetchOf(quiet, refused));
    for (const at of [0, 1_000, 15_000, OUTAGE_LINE_GAP_MS - 1, OUTAGE_LINE_GAP_MS, OUTAGE_LINE_GAP_MS + 1]) {
      state.time = 1_700_000_000_000 + at;
      await expect(failing('http://127.0.0.1:1/')).rejects.toThrow();
    }
    expect(logged).toEqual([0, OUTAGE_LINE_GAP_MS]);
    expect(quiet).toEqual([1_000, 15_000, OUTAGE_LINE_GAP_MS - 1, OUTAGE_LINE_GAP_MS + 1]);

    // The request that finds the service back was sent during the outage, so quietly; the failure
    // after it starts a new outage, logged at once.
    state.time = 1_700_000_000_000 + OUTAGE_LINE_GAP_MS + 1_000;
    await reach.wrap(fetchOf(logged, answers), fetchOf(quiet, answers))('http://127.0.0.1:1/');
    expect(reach.reachable).toBe(true);
    state.time += 1_000;
    await expect(failing('http://127.0.0.1:1/')).rejects.toThrow();
    expect(logged).toEqual([0, OUTAGE_LINE_GAP_MS, OUTAGE_LINE_GAP_MS + 2_000]);
    expect(quiet.at(-1)).toBe(OUTAGE_LINE_GAP_MS + 1_000);
  });
});

describe('failed requests sent together', () => {
  it('write one line between them when the service stops answering, however many were under way', async () => {
    const { state, now } = clock();
    const reach = new Reachability(now);
    const lines: string[] = [];
    const log = { warn: (line: string) => lines.push(line), info: () => {}, debug: () => {}, error: () => {} };
    // Three requests sent while all was well, failing 60 ms apart once the service stops.
    let release: () => void = () => {};
    const stopped = new Promise<void>((resolve) => (release = resolve));
    const failsWhenStopped: typeof fetch = async () => {
      await stopped;
      state.time += 60;
      throw new TypeError('fetch failed');
    };
    const logged = loggingFetch(log as unknown as Logger, failsWhenStopped, { logFailure: reach.mayLogFailure });
    const sent = ['a', 'b', 'c'].map((path) => reach.wrap(logged, failsWhenStopped)(`http://127.0.0.1:1/${path}`));
    release();
    for (const request of sent) await expect(request).rejects.toThrow();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^GET 127\.0\.0\.1:1\/a failed after/);
    // A gap later, one more; the service back, every failure of a new outage is news again.
    state.time += OUTAGE_LINE_GAP_MS;
    await expect(reach.wrap(logged, failsWhenStopped)('http://127.0.0.1:1/d')).rejects.toThrow();
    expect(lines).toHaveLength(2);
  });

  it('are not made news again by the answer to a request sent before the outage', async () => {
    const { state, now } = clock();
    const reach = new Reachability(now);
    const lines: string[] = [];
    const said: string[] = [];
    outageLines(reach, { unreachable: () => said.push('down'), reachable: () => said.push('back') }, now);
    const log = { warn: (line: string) => lines.push(line), info: () => {}, debug: () => {}, error: () => {} };
    // A slow upload accepted before the outage is answered after new connections have failed.
    let answerUpload: () => void = () => {};
    const slowUpload: typeof fetch = () =>
      new Promise((resolve) => (answerUpload = () => resolve(new Response('{}', { status: 202 }))));
    const upload = reach.wrap(loggingFetch(log as unknown as Logger, slowUpload, { logFailure: reach.mayLogFailure }));
    const failing = reach.wrap(loggingFetch(log as unknown as Logger, refused, { logFailure: reach.mayLogFailure }));
    const uploaded = upload('http://127.0.0.1:1/v2/shots', { method: 'POST' });
    state.time += 500;
    await expect(failing('http://127.0.0.1:1/v2/user/shots')).rejects.toThrow();
    state.time += 100;
    answerUpload();
    expect((await uploaded).status).toBe(202);
    state.time += 200;
    await expect(failing('http://127.0.0.1:1/v2/user/shots')).rejects.toThrow();
    // One failure line and the outage still on: the answer was to a request older than it.
    expect(lines).toHaveLength(1);
    expect(reach.reachable).toBe(false);
    expect(said).toEqual(['down']);
    // A request sent after the failure that is answered ends it.
    state.time += 1_000;
    await reach.wrap(answers)('http://127.0.0.1:1/v2/user');
    expect(reach.reachable).toBe(true);
    expect(said).toEqual(['down', 'back']);
  });
});
