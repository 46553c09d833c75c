// Main's side of the engine against the real engine in a real child process: a request the killed
// process never answered gets one sentence (never a hang or a crash), main starts the process again
// and says so, the new process has the signed-in account and the queue back from their files, and
// quitting closes it, its exit awaited. The port's own rules (order, a closed side) below.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DraftView, DraftsAdded, QueueView } from '../../common/contract/index';
import { photo } from '../images/fixtures';
import { PortRpc, PortClosedError } from '../../common/port-rpc';
import { ENGINE_LOST_REQUEST } from '../../common/engine-words';
import { startTestEngine } from './engine-for-tests';
import { useSandboxAndScratch } from '../desktop/signed-in-desktop';
import { control, type Fixture } from '../service/sandbox-fixture';
import type { Scratch } from '../images/fixtures';

let sandbox: Fixture;
let files: Scratch;
useSandboxAndScratch((made, scratch) => {
  sandbox = made;
  files = scratch;
});

async function until(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(check()).toBe(true);
}

describe('EngineClient', () => {
  it('answers a request the killed engine never answered with a sentence, and starts the engine again signed in', async () => {
    const dataDir = files.file('engine-kill');
    let restarted = 0;
    const { engine, window, signIn, pid } = await startTestEngine({ dataDir, sandbox, onRestarted: () => restarted++ });
    await signIn('ada');
    const first = pid();

    // Killed while a request waits on the service (answered slowly): the one sentence, never a hang or a throw.
    await control(sandbox.sandbox, 'faults', { latency_ms: 3_000 });
    const pending = window.request('shots.list', undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.kill(first, 'SIGKILL');
    expect(await pending).toEqual({ ok: false, error: { code: 'engine-restarted', message: ENGINE_LOST_REQUEST } });
    await control(sandbox.sandbox, 'faults', {});

    await until(() => restarted === 1 && engine.pid !== undefined && engine.pid !== first);
    // The saved account signs in by itself in the new process, and its queue opens.
    await until(() => engine.status.queueOpen);
    const state = await window.request('auth.state', undefined);
    expect(state).toMatchObject({ ok: true, value: { status: 'signed-in' } });

    const last = engine.pid!;
    await engine.close();
    expect(() => process.kill(last, 0)).toThrow();
    expect(restarted).toBe(1);
  }, 60_000);
});

describe('the window after the engine restarts', () => {
  it('lists the account’s drafts and queue once they are back, not the signed-out ones before them', async () => {
    // The new engine restores the signed-out drafts at once and the account's only once the
    // service has answered for the saved sign-in (slow here). The window asks for the list on
    // engine.restarted: answered before, it was empty, and the window dropped every card it showed.
    const dataDir = files.file('engine-restart-drafts');
    const image = files.file('kept-draft.png');
    await photo(1200, 900).png().toFile(image);
    let restarted = 0;
    const { engine, window, signIn, pid } = await startTestEngine({ dataDir, sandbox, onRestarted: () => restarted++ });
    try {
      await signIn('ada');
      window.grant([image]);
      const added = (await window.request('drafts.add', { paths: [image] })) as { ok: true; value: DraftsAdded };
      const id = added.value.drafts[0]!.id;
      // Kept on disk within the keeper's 0.4 s.
      await until(() => existsSync(dataDir) && draftsOnDisk(dataDir).some((text) => text.includes(id)));
      // And a job waiting in the account's queue (paused: it stays there).
      await window.request('queue.pauseAll', undefined);
      const queued = files.file('queued-job.png');
      await photo(1000, 750).png().toFile(queued);
      window.grant([queued]);
      const second = (await window.request('drafts.add', { paths: [queued] })) as { ok: true; value: DraftsAdded };
      const jobDraft = second.value.drafts[0]!.id;
      const enqueued = await window.request('queue.enqueue', {
        items: [{ draftId: jobDraft, metadata: { title: 'Waits' } }],
      });
      expect(enqueued.ok).toBe(true);
      await until(() => draftsOnDisk(dataDir).some((text) => !text.includes(jobDraft)));

      await control(sandbox.sandbox, 'faults', { latency_ms: 1_500 });
      const first = pid();
      process.kill(first, 'SIGKILL');
      await until(() => restarted === 1 && engine.pid !== undefined && engine.pid !== first);
      const [listed, queue] = (await Promise.all([
        window.request('drafts.list', undefined),
        window.request('queue.list', undefined),
      ])) as [{ ok: true; value: DraftView[] }, { ok: true; value: QueueView }];
      expect(listed.value.map((draft) => draft.id)).toEqual([id]);
      expect(queue.value.available).toBe(true);
      expect(queue.value.jobs.map((job) => job.title)).toEqual(['Waits']);
    } finally {
      await control(sandbox.sandbox, 'faults', {});
      await engine.close();
    }
  }, 60_000);
});

/** The text of every drafts file under the data folder (one per account, see draft-keeper.ts). */
function draftsOnDisk(dataDir: string): string[] {
  return (readdirSync(dataDir, { recursive: true }) as string[])
    .filter((name) => name.includes('drafts') && name.endsWith('.json'))
    .map((name) => readFileSync(join(dataDir, name), 'utf8'));
}

describe('PortRpc', () => {
  /** Two ends joined as a port joins them: a message arrives on a later turn, in order. */
  function pair(): [PortRpc, PortRpc] {
    const ends: PortRpc[] = [];
    const link = (to: () => PortRpc) => ({
      postMessage: (message: unknown) => setImmediate(() => to().receive(structuredClone(message))),
    });
    ends.push(new PortRpc(link(() => ends[1]!)), new PortRpc(link(() => ends[0]!)));
    return [ends[0]!, ends[1]!];
  }

  it('handles a note sent before a call first, answers errors as errors, and fails waiting calls when closed', async () => {
    const [main, engine] = pair();
    const granted: string[] = [];
    engine.serve({
      grant: (path: string) => void granted.push(path),
      read: async (path: string) => (granted.includes(path) ? `read ${path}` : 'not granted'),
      broken: () => {
        throw new Error('no such draft');
      },
      never: () => new Promise(() => undefined),
    });
    main.note('grant', '/a.png');
    expect(await main.call('read', '/a.png')).toBe('read /a.png');
    await expect(main.call('broken')).rejects.toThrow('no such draft');
    await expect(main.call('missing')).rejects.toThrow('No method "missing"');

    const waiting = main.call('never');
    main.close('the engine ended');
    await expect(waiting).rejects.toBeInstanceOf(PortClosedError);
    await expect(main.call('read', '/a.png')).rejects.toThrow('the engine ended');
  });
});
