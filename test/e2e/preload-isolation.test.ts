// What the renderer can reach of the preload. The harness runs the built preload in the page's
// own world (Electron gives it an isolated one), so this proves from the page that the preload
// leaves exactly one thing behind: a frozen window.shotput whose every reachable value is a
// plain function or a frozen object, never ipcRenderer, require or process, and whose event
// listeners receive the payload alone, never the IPC event that holds the sender.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { channelOf, eventNames, requestNames } from '../../common/contract/index';
import { dispatchFunction, invokeBinding } from './harness/preload-init-script';
import { launchApp, waitForShell, type LaunchedApp } from './harness/index';

vi.mock('electron', () => import('./harness/electron-module'));

const launchTimeout = 180_000;

describe('preload isolation', () => {
  let launched: LaunchedApp | undefined;
  afterEach(async () => {
    await launched?.close();
    launched = undefined;
  });

  test(
    'window.shotput is the only global the preload adds, frozen all the way down, with nothing of Node or IPC inside',
    async () => {
      launched = await launchApp();
      const { page, window: appWindow } = launched;
      await waitForShell(page);

      // The globals of the same page in the same Chromium with no preload: the preload may add only shotput.
      const browser = appWindow.context?.browser();
      if (!browser) throw new Error('The window has no browser context.');
      const pristineContext = await browser.newContext();
      const pristinePage = await pristineContext.newPage();
      await pristinePage.goto(page.url());
      const pristine = await pristinePage.evaluate(() => Object.getOwnPropertyNames(window));
      await pristineContext.close();
      const appGlobals = await page.evaluate(() => Object.getOwnPropertyNames(window));
      // The harness's own IPC plumbing, which stands in for Electron's internal channel.
      const harnessPlumbing = (name: string) =>
        [invokeBinding, dispatchFunction].includes(name) || name.startsWith('__playwright');
      expect(appGlobals.filter((name) => !pristine.includes(name) && !harnessPlumbing(name))).toEqual(['shotput']);

      const reach = await page.evaluate(() => {
        const forbidden = [
          'invoke',
          'send',
          'sendSync',
          'sendToHost',
          'postMessage',
          'ipcRenderer',
          'require',
          'process',
          'webUtils',
          'contextBridge',
        ];
        const plainPrototypes: unknown[] = [
          Object.prototype,
          Function.prototype,
          Object.getPrototypeOf(async () => undefined),
        ];
        const seen = new Set<unknown>();
        const found = {
          objects: 0,
          functions: 0,
          unfrozen: [] as string[],
          forbidden: [] as string[],
          other: [] as string[],
        };
        const walk = (value: unknown, path: string): void => {
          if (seen.has(value)) return;
          seen.add(value);
          if (typeof value === 'function') found.functions += 1;
          else if (value !== null && typeof value === 'object') found.objects += 1;
          else {
            found.other.push(path);
            return;
          }
          if (!Object.isFrozen(value)) found.unfrozen.push(path);
          const prototype = Object.getPrototypeOf(value) as unknown;
          if (!plainPrototypes.includes(prototype))
            found.other.push(`${path} inherits from ${Object.prototype.toString.call(prototype)}`);
          for (const key of Reflect.ownKeys(value as object)) {
            const name = String(key);
            if (typeof value === 'function' && ['length', 'name', 'prototype'].includes(name)) continue;
            if (forbidden.includes(name)) found.forbidden.push(`${path}.${name}`);
            walk((value as Record<PropertyKey, unknown>)[key], `${path}.${name}`);
          }
        };
        walk(window.shotput, 'shotput');
        const globals = Object.fromEntries(
          ['require', 'ipcRenderer', 'process', 'module', 'exports', 'Buffer', 'global', 'electron'].map((name) => [
            name,
            typeof (window as unknown as Record<string, unknown>)[name],
          ]),
        );
        return { found, globals };
      });
      const namespaces = new Set(requestNames.map((name) => name.split('.')[0]));
      expect(reach.found).toEqual({
        objects: 1 + namespaces.size,
        // One per request, and on, pathsOf and openMotionPort.
        functions: requestNames.length + 3,
        unfrozen: [],
        forbidden: [],
        other: [],
      });
      expect(Object.values(reach.globals)).toEqual(Array(8).fill('undefined'));
    },
    launchTimeout,
  );

  test(
    'an event listener gets the payload alone, not the IPC event and its sender',
    async () => {
      launched = await launchApp();
      const { page, window: appWindow } = launched;
      await waitForShell(page);
      const event = eventNames[0]!;
      await page.evaluate((name) => {
        const calls: unknown[][] = [];
        (window as unknown as { listenerCalls: unknown[][] }).listenerCalls = calls;
        window.shotput?.on(name as never, (...args: unknown[]) => void calls.push(args));
      }, event);

      appWindow.webContents.send(channelOf(event), { marker: 'payload' });
      await appWindow.webContents.flushEvents();

      const calls = await page.evaluate(() => (window as unknown as { listenerCalls: unknown[][] }).listenerCalls);
      expect(calls).toEqual([[{ marker: 'payload' }]]);
    },
    launchTimeout,
  );
});
