// The Electron double refuses what Electron refuses, and what a platform does not have, instead of
// accepting it: so a call that would fail on a user's machine fails a test here (no browser needed).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeApp } from './harness/fake-app';
import { createFakeNotificationClass, createFakeTrayClass } from './harness/fake-desktop';
import type { ShownNotification } from './harness/fake-desktop';
import { FakeDialog } from './harness/fake-dialog';
import { FakeMenu } from './harness/fake-menu';
import { FakeSafeStorage } from './harness/fake-safe-storage';
import { defaultPlatform, PLATFORMS } from './harness/platform-rules';
import { repoRoot } from './harness/repo-paths';

let dir = '';
let image = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shotput-double-'));
  image = join(dir, 'a.png');
  await writeFile(image, 'x');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe.each(PLATFORMS)('the double on %s', (platform) => {
  const mac = platform === 'darwin';
  const app = () => new FakeApp({ appPath: repoRoot, userDataDir: dir, singleInstanceLock: true, platform });

  it('menus: an unknown role throws everywhere, a macOS-only role off macOS', () => {
    const menu = new FakeMenu(platform);
    expect(() => menu.buildFromTemplate([{ role: 'toggleEverything' }])).toThrow(
      'Invalid menu item role: toggleEverything',
    );
    const withHide = () =>
      menu.buildFromTemplate([{ label: 'Edit', submenu: [{ role: 'copy' }, { role: 'hideothers' }] }]);
    if (mac) expect(withHide).not.toThrow();
    else expect(withHide).toThrow('exists only on macOS');
    expect(() => menu.buildFromTemplate([{}])).toThrow('must have at least one of label, role or type');
    expect(() => menu.buildFromTemplate({} as never)).toThrow('Menu template must be an array');
  });

  it('open dialog: files and folders together is a folder selector except on macOS; bad options throw', async () => {
    const dialog = new FakeDialog(platform);
    dialog.answerOpenDialog([image, dir]);
    const both = await dialog.showOpenDialog({ properties: ['openFile', 'openDirectory', 'multiSelections'] });
    expect(both.filePaths).toEqual(mac ? [image, dir] : [dir]);
    dialog.answerOpenDialog([image]);
    expect(await dialog.showOpenDialog({ properties: ['openDirectory'] })).toEqual({ canceled: true, filePaths: [] });
    await expect(dialog.showOpenDialog({ properties: ['openFiles'] })).rejects.toThrow('no property named "openFiles"');
    await expect(dialog.showOpenDialog({ filters: [{ name: 'Images', extensions: ['.png'] }] })).rejects.toThrow(
      'without dots or wildcards',
    );
    await expect(dialog.showOpenDialog({ titel: 'x' })).rejects.toThrow('no option named "titel"');
    dialog.answerOpenDialog([image]);
    await dialog.showOpenDialog({ properties: ['openFile', 'createDirectory'] });
    expect(dialog.calls.at(-1)?.ignored).toEqual(mac ? [] : ['createDirectory']);
  });

  it('login items do nothing on Linux; the secret store backend is asked on Linux only', () => {
    const fake = app();
    fake.setLoginItemSettings({ openAtLogin: true });
    expect(fake.getLoginItemSettings().openAtLogin).toBe(platform !== 'linux');
    expect(() => fake.setLoginItemSettings({ openAtLogin: 'yes' } as never)).toThrow();
    const storage = new FakeSafeStorage('gnome_libsecret', platform);
    if (platform === 'linux') expect(storage.getSelectedStorageBackend()).toBe('gnome_libsecret');
    else expect(() => storage.getSelectedStorageBackend()).toThrow('Linux only');
    if (platform !== 'linux') expect(() => new FakeSafeStorage('basic_text', platform)).toThrow("is Linux's");
  });

  it('links and files from the OS: open-url and open-file on macOS only, second-instance only after ready', () => {
    const fake = app();
    if (mac) {
      expect(() => fake.openFile(image)).not.toThrow();
      expect(() => fake.openFile('a.png')).toThrow('absolute path');
    } else {
      expect(() => fake.openUrl('app.shotput://x')).toThrow('macOS only');
      expect(() => fake.openFile(image)).toThrow('macOS only');
    }
    expect(() => fake.launchAgain([image])).toThrow('only after');
  });

  it('tray and notifications: no AppIndicator host or notification server, no icon and no toast', () => {
    const bare = { trayHost: false, notifications: false };
    const Tray = createFakeTrayClass([], platform, bare);
    const tray = new Tray('icon.png');
    expect(tray.shown).toBe(platform !== 'linux');
    if (platform === 'linux') {
      expect(() => tray.clickIcon()).toThrow('no AppIndicator host');
      const WithHost = createFakeTrayClass([], platform, { trayHost: true, notifications: true });
      expect(() => new WithHost('icon.png').clickIcon()).toThrow('click is not delivered');
    } else expect(() => tray.clickIcon()).not.toThrow();
    const shown: ShownNotification[] = [];
    const Silent = createFakeNotificationClass(shown, bare, platform, () => 'app.shotput.desktop');
    expect(Silent.isSupported()).toBe(false);
    expect(() => new Silent({ title: 't' }).show()).toThrow('isSupported');
    const Toasts = createFakeNotificationClass(
      shown,
      { trayHost: true, notifications: true },
      platform,
      () => undefined,
    );
    new Toasts({ title: 'without an AppUserModelID' }).show();
    expect(shown.length).toBe(platform === 'win32' ? 0 : 1);
  });
});

describe('the platform the double plays', () => {
  it('is Linux unless SHOTPUT_E2E_PLATFORM names another; a wrong name is refused', () => {
    expect(defaultPlatform({})).toBe('linux');
    expect(defaultPlatform({ SHOTPUT_E2E_PLATFORM: 'win32' })).toBe('win32');
    expect(() => defaultPlatform({ SHOTPUT_E2E_PLATFORM: 'windows' })).toThrow('must be one of darwin, win32, linux');
  });
});
