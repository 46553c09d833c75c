// The engine's side of the window's port, with the preload's own EngineLink at the other end of a
// channel of the Electron double: a grant is recorded before the request after it on the port, what
// arrives is checked (the payload against the contract, dropped paths against their shape, main's
// requests refused here), the engine's events reach the window's listeners, and a new port from main
// tells the requests the old one never answered that the engine restarted.
import { describe, expect, it } from 'vitest';
import type { RequestHandlers } from '../../common/contract/index';
import { ENGINE_LOST_REQUEST } from '../../common/engine-words';
import { INVALID_PAYLOAD_MESSAGE } from '../../main/desktop/handlers/answer-request';
import { PathGrants } from '../../main/desktop/path-grants';
import { WindowPorts } from '../../main/engine/window-ports';
import { EngineLink } from '../../common/engine-link';
import { FakeMessageChannelMain } from '../e2e/harness/fake-message-port';
import { asPagePort } from './window-for-tests';

function connected(handlers: Partial<RequestHandlers>, grants = new PathGrants()) {
  const log: string[] = [];
  const windows = new WindowPorts(handlers, grants, (line) => log.push(line));
  const link = new EngineLink();
  const { port1, port2 } = new FakeMessageChannelMain();
  windows.connect(port1);
  link.adopt(asPagePort(port2));
  return { grants, log, windows, link };
}

describe('the window’s port to the engine', () => {
  it('grants dropped paths before the request that names them, and only a list of paths', async () => {
    const grants = new PathGrants();
    const seen: boolean[] = [];
    const made = connected(
      {
        'watch.add': async ({ path }) => {
          seen.push(grants.covers(path ?? ''));
          return { ok: true, value: [] };
        },
      },
      grants,
    );
    made.link.grant(['/home/ada/dropped']);
    expect(await made.link.request('watch.add', { path: '/home/ada/dropped/shots' })).toEqual({ ok: true, value: [] });
    expect(seen).toEqual([true]);

    made.link.grant('/home/ada/elsewhere' as never);
    made.link.grant([]);
    await made.link.request('watch.add', { path: '/home/ada/elsewhere' });
    expect(seen).toEqual([true, false]);
    expect(made.log).toEqual([
      'Refused dropped paths: the list was malformed.',
      'Refused dropped paths: the list was malformed.',
    ]);
  });

  it('checks each request against the contract and answers only the engine’s', async () => {
    const { link, log } = connected({ 'auth.state': () => ({ ok: true, value: 'answered' }) as never });
    expect(await link.request('auth.state', undefined)).toEqual({ ok: true, value: 'answered' });
    const refused = { ok: false, error: { code: 'invalid-payload', message: INVALID_PAYLOAD_MESSAGE } };
    expect(await link.request('watch.add', { path: 42 })).toEqual(refused);
    // Main's own requests never come this way; one that did is refused, not answered.
    expect(await link.request('settings.set', { theme: 'dark' })).toEqual(refused);
    expect(log).toHaveLength(2);
    expect(log[1]).toBe('Refused “settings.set” on the window’s port: the engine does not answer it.');
  });

  it('sends the engine’s events to the window, and after a new port the old one’s waiting requests hear the restart', async () => {
    const { link, windows } = connected({ 'shots.list': () => new Promise(() => undefined) });
    const heard: unknown[] = [];
    link.on('auth.changed', (payload) => heard.push(payload));
    windows.send('auth.changed', { status: 'signed-out' });
    await link.request('auth.state', undefined);
    expect(heard).toEqual([{ status: 'signed-out' }]);

    const waiting = link.request('shots.list', undefined);
    const fresh = new WindowPorts(
      { 'auth.state': () => ({ ok: true, value: 'new engine' }) as never },
      new PathGrants(),
      () => undefined,
    );
    const { port1, port2 } = new FakeMessageChannelMain();
    fresh.connect(port1);
    link.adopt(asPagePort(port2));
    expect(await waiting).toEqual({ ok: false, error: { code: 'engine-restarted', message: ENGINE_LOST_REQUEST } });
    expect(await link.request('auth.state', undefined)).toEqual({ ok: true, value: 'new engine' });
  });

  it('holds requests made before main has handed over a port until it has', async () => {
    const link = new EngineLink();
    const answer = link.request('auth.state', undefined);
    const windows = new WindowPorts(
      { 'auth.state': () => ({ ok: true, value: 'later' }) as never },
      new PathGrants(),
      () => undefined,
    );
    const { port1, port2 } = new FakeMessageChannelMain();
    windows.connect(port1);
    link.adopt(asPagePort(port2));
    expect(await answer).toEqual({ ok: true, value: 'later' });
  });

  it('answers the motion Worker’s port only a clip’s reads and results, and sends it no events', async () => {
    const handled: string[] = [];
    const log: string[] = [];
    const answer = (name: string) => () => {
      handled.push(name);
      return { ok: true, value: null } as never;
    };
    const windows = new WindowPorts(
      { 'motion.end': answer('motion.end'), 'drafts.list': answer('drafts.list'), 'auth.state': answer('auth.state') },
      new PathGrants(),
      (line) => log.push(line),
    );
    const worker = new EngineLink();
    const { port1, port2 } = new FakeMessageChannelMain();
    windows.connectMotion(port1);
    worker.adopt(asPagePort(port2));
    const events: unknown[] = [];
    worker.on('auth.changed', (payload) => events.push(payload));

    const streamId = '6f1c0c64-3c55-4b8e-9a43-2f7d1c9e0a11';
    expect(await worker.request('motion.end', { streamId })).toEqual({ ok: true, value: null });
    const refused = { ok: false, error: { code: 'invalid-payload', message: INVALID_PAYLOAD_MESSAGE } };
    expect(await worker.request('drafts.list', undefined)).toEqual(refused);
    expect(await worker.request('auth.state', undefined)).toEqual(refused);
    windows.send('auth.changed', { status: 'signed-out' });
    await worker.request('motion.end', { streamId });
    expect(handled).toEqual(['motion.end', 'motion.end']);
    expect(events).toEqual([]);
    expect(log).toEqual([
      'Refused “drafts.list” on the motion Worker’s port: only a clip’s reads and frames are answered there.',
      'Refused “auth.state” on the motion Worker’s port: only a clip’s reads and frames are answered there.',
    ]);
  });
});
