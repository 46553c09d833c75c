import { EventEmitter } from 'node:events';
import { describe, expect, test } from 'vitest';
import { channelOf, requestNames, type ShotputBridge } from '../../common/contract/index';
import { buildBridge } from '../../preload/bridge';
import { droppedPathsChannel } from '../../preload/dropped-paths';

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
      [...new Set(requestNames.map((name) => name.split('.')[0]))].concat('on', 'pathsOf').sort(),
    );
  });

  test('sends the payload on the contract channel and returns the answer', async () => {
    const answer = { ok: true, value: { theme: 'dark', lastTab: 'queue' } };
    const { ipc, invoked } = fakeIpc({ [channelOf('settings.set')]: answer });
    const bridge: ShotputBridge = buildBridge(ipc as never);
    expect(await bridge.settings.set({ theme: 'dark' })).toEqual(answer);
    expect(invoked).toEqual([['shotput:settings.set', { theme: 'dark' }]]);
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

  test('pathsOf grants the dropped paths in main on a channel the page has no function for', async () => {
    const { ipc, invoked } = fakeIpc({ [droppedPathsChannel]: true });
    const a = new File(['a'], 'a.png');
    const bridge = buildBridge(ipc as never, { getPathForFile: (file: File) => (file === a ? '/home/ada/a.png' : '') });
    bridge.pathsOf([a]);
    bridge.pathsOf([new File(['b'], 'pasted.png')]);
    await Promise.resolve();
    expect(invoked).toEqual([[droppedPathsChannel, ['/home/ada/a.png']]]);
    // No request of the bridge reaches that channel: only the preload's own pathsOf does.
    expect(requestNames.map(channelOf)).not.toContain(droppedPathsChannel);
  });

  test('a mixed drop is granted once: asking again file by file (to find those without a path) sends no second grant', async () => {
    const { ipc, invoked } = fakeIpc({ [droppedPathsChannel]: true });
    const a = new File(['a'], 'a.png');
    const b = new File(['b'], 'b.png');
    const fromBrowser = new File(['c'], 'c.png');
    const where = new Map([
      [a, '/home/ada/a.png'],
      [b, '/home/ada/b.png'],
    ]);
    const bridge = buildBridge(ipc as never, { getPathForFile: (file: File) => where.get(file) ?? '' });
    const drop = [a, b, fromBrowser];
    expect(bridge.pathsOf(drop)).toEqual(['/home/ada/a.png', '/home/ada/b.png']);
    expect(drop.filter((file) => bridge.pathsOf([file]).length === 0)).toEqual([fromBrowser]);
    await Promise.resolve();
    expect(invoked).toEqual([[droppedPathsChannel, ['/home/ada/a.png', '/home/ada/b.png']]]);
  });
});
