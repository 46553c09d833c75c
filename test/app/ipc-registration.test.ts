import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { AccountManager } from '../../main/auth/account-manager';
import { fileModeSecretBox } from '../../main/auth/file-persistence';
import { TokenStore } from '../../main/auth/token-store';
import { openDesktop } from '../../main/desktop/desktop';
import type { Desktop } from '../../main/desktop/desktop';
import { createEngineHandlers, createMainHandlers, createRequestHandlers } from '../../main/desktop/handlers/index';
import type { HandlerContext } from '../../main/desktop/handlers/handler-context';
import {
  INVALID_PAYLOAD_MESSAGE,
  registerRequestHandlers,
  type RequestHandlers,
} from '../../main/app/ipc-registration';
import { createSenderCheck } from '../../main/app/trusted-sender';
import { registerWindowEnginePort } from '../../main/app/window-engine-port';
import { PathGrants } from '../../main/desktop/path-grants';
import { answeredByMain, enginePortChannel, mainRequestNames, motionPortChannel } from '../../common/window-routes';
import { FakeMessageChannelMain, type FakeMessagePortMain } from '../e2e/harness/fake-message-port';
import { channelOf, defaultSettings, requestNames, type Settings } from '../../common/contract/index';
import { fakeAppShell } from './app-shell-fake';

vi.mock('electron', () => ({}));

type Handler = (event: unknown, payload?: unknown) => Promise<unknown>;

function register(handlers: RequestHandlers) {
  const registered = new Map<string, Handler>();
  const log: string[] = [];
  const unregister = registerRequestHandlers(
    {
      handle: (channel: string, handler: Handler) => registered.set(channel, handler),
      removeHandler: (channel: string) => registered.delete(channel),
    } as never,
    handlers,
    { isTrustedSender: createSenderCheck(undefined), log: (line) => log.push(line) },
  );
  const invoke = (name: string, payload: unknown, url = 'app://shotput/index.html') =>
    registered.get(channelOf(name as never))?.({ senderFrame: { url, parent: null } }, payload);
  return { registered, log, invoke, unregister };
}

function memorySettings() {
  let current: Settings = { ...defaultSettings };
  return {
    loadProblem: undefined,
    get: () => current,
    set: async (patch: Partial<Settings>) => (current = { ...current, ...patch }),
  };
}

/** A real desktop on a memory store: signed out, and nothing is started until someone signs in. */
async function signedOutDesktop(): Promise<Desktop> {
  let saved: string | undefined;
  const store = new TokenStore(fileModeSecretBox, {
    read: async () => saved,
    write: async (text) => void (saved = text),
  });
  const accounts = new AccountManager({
    store,
    openExternal: async () => undefined,
    sandbox: async () => {
      throw new Error('no sandbox in this test');
    },
  });
  return openDesktop({ dataDir: await mkdtemp(join(tmpdir(), 'shotput-ipc-')), accounts, prepareDefaults: () => ({}) });
}

describe('IPC registration', async () => {
  const emitted: unknown[] = [];
  const desktop = await signedOutDesktop();
  const context = {
    appInfo: { name: 'Shotput', version: '1.2.3', platform: 'linux' },
    settings: memorySettings(),
    emit: (event, payload) => emitted.push([event, payload]),
    session: desktop.session,
    openExternal: async () => undefined,
    drafts: desktop.drafts,
    uploads: desktop.uploads,
    motion: desktop.motion,
    watch: desktop.watch,
    pickPaths: async () => [],
    takeOpenedFiles: () => [],
    appShell: fakeAppShell(),
    grants: new PathGrants(),
    applyOpenAtLogin: () => undefined,
  } satisfies HandlerContext;
  const handlers = createRequestHandlers(context);

  test('main answers exactly the requests the preload sends it over IPC; every other one is the engine’s', () => {
    expect(Object.keys(createMainHandlers(context)).sort()).toEqual([...mainRequestNames].sort());
    expect(Object.keys(createEngineHandlers(context)).sort()).toEqual(
      requestNames.filter((name) => !answeredByMain(name)).sort(),
    );
  });

  test('registers one handler per request of the contract, and removes them', () => {
    const { registered, unregister } = register(handlers);
    expect([...registered.keys()].sort()).toEqual(requestNames.map(channelOf).sort());
    unregister();
    expect(registered.size).toBe(0);
  });

  test('answers a trusted, valid request', async () => {
    const { invoke } = register(handlers);
    expect(await invoke('app.info', undefined)).toEqual({
      ok: true,
      value: { name: 'Shotput', version: '1.2.3', platform: 'linux' },
    });
    expect(await invoke('settings.set', { theme: 'dark' })).toEqual({
      ok: true,
      value: { ...defaultSettings, theme: 'dark' },
    });
    expect(emitted).toContainEqual(['settings.changed', { ...defaultSettings, theme: 'dark' }]);
  });

  test('refuses a request from another frame before running the handler', async () => {
    const spy = vi.fn();
    const { invoke, log } = register({ ...handlers, 'app.info': spy });
    const answer = await invoke('app.info', undefined, 'https://evil.example/');
    expect(answer).toMatchObject({ ok: false, error: { code: 'untrusted-sender' } });
    expect(spy).not.toHaveBeenCalled();
    expect(log.join('\n')).toContain('untrusted frame');
  });

  test.each([
    ['settings.set', { theme: 'purple' }],
    ['settings.set', { theme: 'dark', extra: true }],
    ['settings.set', 'dark'],
    ['auth.signIn', { service: 'somewhere' }],
    ['app.info', { unexpected: 1 }],
  ])('refuses %s with an invalid payload %j', async (name, payload) => {
    const { invoke, log } = register(handlers);
    const answer = (await invoke(name, payload)) as { ok: boolean; error: { code: string; message: string } };
    expect(answer.ok).toBe(false);
    expect(answer.error.code).toBe('invalid-payload');
    // The log names the request and the field; the person at the window never reads either.
    expect(log.join('\n')).toContain(name);
    expect(answer.error.message).toBe(INVALID_PAYLOAD_MESSAGE);
    expect(answer.error.message).not.toContain(name);
    expect(answer.error.message).not.toMatch(/request|payload|malformed|Expected/i);
  });

  test('turns a crashing handler into a failure the UI can show', async () => {
    const { invoke, log } = register({
      ...handlers,
      'app.info': () => {
        throw new Error('disk on fire');
      },
    });
    expect(await invoke('app.info', undefined)).toMatchObject({ ok: false, error: { code: 'internal-error' } });
    expect(log.join('\n')).toContain('disk on fire');
  });

  test('a sign-in that cannot start answers a sentence with a next step, and the state stays signed out', async () => {
    const { invoke } = register(handlers);
    expect(await invoke('auth.state', undefined)).toMatchObject({
      ok: true,
      value: { status: 'signed-out', service: 'sandbox' },
    });
    const answer = (await invoke('auth.signIn', { service: 'sandbox' })) as { ok: boolean; error: { message: string } };
    expect(answer.ok).toBe(false);
    expect(answer.error.message).toMatch(/Could not reach the service\..*Check your internet connection/);
    const real = (await invoke('auth.signIn', { service: 'real' })) as { ok: boolean; error: { message: string } };
    expect(real).toMatchObject({ ok: false, error: { code: 'missing-credentials' } });
    expect(real.error.message).toMatch(/client ID/);
    expect(await invoke('auth.state', undefined)).toMatchObject({ ok: true, value: { status: 'signed-out' } });
  });

  test('hands a port to the engine only to the app’s own frame: one end to the page, the other to the engine', async () => {
    const registered = new Map<string, Handler>();
    const log: string[] = [];
    const toEngine: unknown[] = [];
    const kinds: Array<string | undefined> = [];
    const port = registerWindowEnginePort(
      {
        handle: (channel: string, handler: Handler) => registered.set(channel, handler),
        removeHandler: (channel: string) => registered.delete(channel),
      } as never,
      {
        connectWindow: async (end: unknown, kind?: string) => {
          toEngine.push(end);
          kinds.push(kind);
        },
      },
      FakeMessageChannelMain as never,
      { isTrustedSender: createSenderCheck(undefined), log: (line) => log.push(line) },
    );
    const posted: Array<{ channel: string; ports: unknown[] }> = [];
    const page = {
      isDestroyed: () => false,
      postMessage: (channel: string, _message: unknown, ports: unknown[]) => void posted.push({ channel, ports }),
    };
    const ask = (url: string) =>
      registered.get(enginePortChannel)?.({ sender: page, senderFrame: { url, parent: null } });
    expect(await ask('https://evil.example/')).toBe(false);
    expect(posted).toEqual([]);
    expect(toEngine).toEqual([]);
    expect(log).toEqual(['Refused a port to the engine to an untrusted frame (https://evil.example/).']);

    expect(await ask('app://shotput/index.html')).toBe(true);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.channel).toBe(enginePortChannel);
    expect(toEngine).toHaveLength(1);
    // The two ends of one channel: what the page posts reaches the engine's end.
    const heard = new Promise((resolve) => (toEngine[0] as FakeMessagePortMain).once('message', resolve));
    (toEngine[0] as FakeMessagePortMain).start();
    (posted[0]!.ports[0] as FakeMessagePortMain).postMessage('hello');
    expect(await heard).toEqual({ data: 'hello', ports: [] });
    // After a restart main offers one unasked; none to a window already gone.
    port.offer(page as never);
    port.offer({ ...page, isDestroyed: () => true } as never);
    expect(posted).toHaveLength(2);

    // The motion Worker's port: the same check, its own channel, and the engine told which it is.
    const askMotion = (url: string) =>
      registered.get(motionPortChannel)?.({ sender: page, senderFrame: { url, parent: null } });
    expect(await askMotion('https://evil.example/')).toBe(false);
    expect(log.at(-1)).toBe(
      'Refused a motion Worker’s port to the engine to an untrusted frame (https://evil.example/).',
    );
    expect(await askMotion('app://shotput/index.html')).toBe(true);
    expect(posted.map(({ channel }) => channel)).toEqual([enginePortChannel, enginePortChannel, motionPortChannel]);
    expect(kinds).toEqual(['window', 'window', 'motion']);
    port.dispose();
    expect(registered.size).toBe(0);
  });
});
