import { EventEmitter } from 'node:events';
import { describe, expect, test } from 'vitest';
import { channelOf, requestNames, type ShotputBridge } from '../../common/contract/index';
import { buildBridge } from '../../preload/bridge';
import { answeredByMain, enginePortChannel, motionPortChannel } from '../../common/window-routes';
import { FakeMessageChannelMain, type FakeMessagePortMain } from '../e2e/harness/fake-message-port';
import { asPagePort } from './window-for-tests';

/** Stands in for ipcRenderer: records invocations, answers from a table, emits events. */
function fakeIpc(answers: Record<string, unknown>) {
  const emitter = new EventEmitter();
  const invoked: [string, unknown][] = [];
  return {
    invoked,
    emitter,
    ipc: {
      invoke: async (channel: string, payload: unknown) => {
        invoked.push([channel, payload]);
        if (!(channel in answers)) throw new Error(`No handler registered for '${channel}'`);
        return answers[channel];
      },
      on: (channel: string, listener: (...args: unknown[]) => void) => emitter.on(channel, listener),
      removeListener: (channel: string, listener: (...args: unknown[]) => void) =>
        emitter.removeListener(channel, listener),
    },
  };
}

describe('preload bridge', () => {
  test('has one function per request, grouped by namespace, and no IPC object', () => {
    const { ipc } = fakeIpc({});
    const bridge = buildBridge(ipc as never) as unknown as Record<string, Record<string, unknown>>;
    for (const name of requestNames) {
      const [namespace, method] = name.split('.') as [string, string];
      expect(bridge[namespace]?.[method], name).toBeTypeOf('function');
    }
    expect(Object.keys(bridge).sort()).toEqual(
      [...new Set(requestNames.map((name) => name.split('.')[0]))].concat('on', 'pathsOf', 'openMotionPort').sort(),
    );
  });

  test('sends the payload on the contract channel and returns the answer', async () => {
    const answer = { ok: true, value: { theme: 'dark', lastTab: 'queue' } };
    const { ipc, invoked } = fakeIpc({ [channelOf('settings.set')]: answer });
    const bridge: ShotputBridge = buildBridge(ipc as never);
    expect(await bridge.settings.set({ theme: 'dark' })).toEqual(answer);
    // The first call asks main for the port to the engine; main's own request goes over IPC.
    expect(invoked).toEqual([
      [enginePortChannel, undefined],
      ['shotput:settings.set', { theme: 'dark' }],
    ]);
  });

  test('turns an IPC failure into a failure value', async () => {
    const { ipc } = fakeIpc({});
    const answer = await buildBridge(ipc as never).app.info();
    expect(answer).toMatchObject({ ok: false, error: { code: 'ipc-failed' } });
  });

  test('delivers events without the IPC event object, until unsubscribed', () => {
    const { ipc, emitter } = fakeIpc({});
    const bridge = buildBridge(ipc as never);
    const received: unknown[][] = [];
    const unsubscribe = bridge.on('auth.changed', (...args) => received.push(args));
    emitter.emit(channelOf('auth.changed'), { sender: 'secret' }, { status: 'signed-out' });
    unsubscribe();
    emitter.emit(channelOf('auth.changed'), { sender: 'secret' }, { status: 'signed-out' });
    expect(received).toEqual([[{ status: 'signed-out' }]]);
    expect(() => bridge.on('no.such' as never, () => undefined)).toThrow(/Unknown event/);
  });

  test('pathsOf answers the disk paths of dropped files through webUtils, leaving out files without one', () => {
    const { ipc } = fakeIpc({});
    const paths = new Map<unknown, string>();
    const webUtils = {
      getPathForFile: (file: File) => {
        if (file.name === 'broken') throw new Error('not a file');
        return paths.get(file) ?? '';
      },
    };
    const bridge = buildBridge(ipc as never, webUtils);
    const a = new File(['a'], 'a.png');
    const b = new File(['b'], 'pasted.png');
    const c = new File(['c'], 'broken');
    paths.set(a, '/home/ada/a.png');
    expect(bridge.pathsOf([a, b, c])).toEqual(['/home/ada/a.png']);
    expect(buildBridge(ipc as never).pathsOf([a])).toEqual([]);
  });

  test('the engine’s requests and the grants of dropped paths go on the port main hands over, in order; main’s over IPC', async () => {
    const { ipc, emitter, invoked } = fakeIpc({ [channelOf('app.info')]: { ok: true, value: 'main' } });
    const a = new File(['a'], 'a.png');
    const bridge = buildBridge(ipc as never, { getPathForFile: (file: File) => (file === a ? '/home/ada/a.png' : '') });
    const { port1, port2 } = new FakeMessageChannelMain();
    const heard = messagesOf(port1);
    emitter.emit(enginePortChannel, { ports: [asPagePort(port2)] });

    bridge.pathsOf([a]);
    bridge.pathsOf([new File(['b'], 'pasted.png')]);
    const added = bridge.drafts.add({ paths: ['/home/ada/a.png'] } as never);
    expect(await bridge.app.info()).toEqual({ ok: true, value: 'main' });
    await until(() => heard.length === 2);
    expect(heard[0]).toEqual({ k: 'note', m: 'grant', a: [['/home/ada/a.png']] });
    expect(heard[1]).toMatchObject({ k: 'call', m: 'request', a: ['drafts.add', { paths: ['/home/ada/a.png'] }] });
    port1.postMessage({ k: 'ret', id: (heard[1] as { id: number }).id, ok: true, v: { ok: true, value: 'engine' } });
    expect(await added).toEqual({ ok: true, value: 'engine' });
    // Over IPC: only the port's request and main's own; no request of the page names a grant channel.
    expect(invoked.map(([channel]) => channel)).toEqual([enginePortChannel, channelOf('app.info')]);
    expect(requestNames.filter((name) => !answeredByMain(name)).length).toBeGreaterThan(30);
  });

  test('a mixed drop is granted once: asking again file by file (to find those without a path) sends no second grant', async () => {
    const { ipc, emitter } = fakeIpc({});
    const a = new File(['a'], 'a.png');
    const b = new File(['b'], 'b.png');
    const fromBrowser = new File(['c'], 'c.png');
    const where = new Map([
      [a, '/home/ada/a.png'],
      [b, '/home/ada/b.png'],
    ]);
    const bridge = buildBridge(ipc as never, { getPathForFile: (file: File) => where.get(file) ?? '' });
    const { port1, port2 } = new FakeMessageChannelMain();
    const heard = messagesOf(port1);
    emitter.emit(enginePortChannel, { ports: [asPagePort(port2)] });
    const drop = [a, b, fromBrowser];
    expect(bridge.pathsOf(drop)).toEqual(['/home/ada/a.png', '/home/ada/b.png']);
    expect(drop.filter((file) => bridge.pathsOf([file]).length === 0)).toEqual([fromBrowser]);
    await until(() => heard.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heard).toEqual([{ k: 'note', m: 'grant', a: [['/home/ada/a.png', '/home/ada/b.png']] }]);
  });

  test('the motion Worker’s port: asked for when the page opens it, handed to the page’s world, asked again after each engine restart', () => {
    const { ipc, emitter, invoked } = fakeIpc({ [motionPortChannel]: true });
    const handed: unknown[] = [];
    const bridge = buildBridge(ipc as never, undefined, (port) => handed.push(port));
    const enginePort = () =>
      emitter.emit(enginePortChannel, { ports: [asPagePort(new FakeMessageChannelMain().port2)] });
    const asked = () => invoked.filter(([channel]) => channel === motionPortChannel).length;
    // The first engine port, and a restart before the page has a Worker: no motion port is asked for.
    enginePort();
    enginePort();
    expect(asked()).toBe(0);

    bridge.openMotionPort();
    expect(asked()).toBe(1);
    const first = new FakeMessageChannelMain().port2;
    emitter.emit(motionPortChannel, { ports: [first] });
    expect(handed).toEqual([first]);
    // The engine starts anew: the Worker's old port died with it, so the preload asks again.
    enginePort();
    expect(asked()).toBe(2);
    emitter.emit(motionPortChannel, { ports: [] });
    expect(handed).toHaveLength(1);
  });
});

/** What reaches the engine's end of the channel. */
function messagesOf(port: FakeMessagePortMain): unknown[] {
  const heard: unknown[] = [];
  port.on('message', ({ data }) => heard.push(data));
  port.start();
  return heard;
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
}
