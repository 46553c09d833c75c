// The desktop around the window, with Electron mocked and the real engine (session, queue, watched
// folders, in its own process) on a real sandbox: dock/taskbar progress, the notification at the
// end of a batch, the tray icon while folders are watched (its menu pauses and resumes uploads
// in the engine), and "open at login" on macOS and Windows only.
import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { photo, scratch } from '../images/fixtures';
import type { Scratch } from '../images/fixtures';
import { control, startFixture } from '../service/sandbox-fixture';
import type { Fixture } from '../service/sandbox-fixture';

interface MenuItem {
  label?: string;
  type?: string;
  enabled?: boolean;
  click?: () => void;
}

const electron = vi.hoisted(() => {
  const trays: Array<{
    image: unknown;
    tooltip: string;
    menu: { items: MenuItem[] } | null;
    destroyed: boolean;
    listeners: Map<string, () => void>;
  }> = [];
  const notifications: Array<{ title: string; body: string; click?: () => void }> = [];
  const loginItems: unknown[] = [];
  class Tray {
    tooltip = '';
    menu: { items: MenuItem[] } | null = null;
    destroyed = false;
    listeners = new Map<string, () => void>();
    constructor(readonly image: unknown) {
      trays.push(this);
    }
    setToolTip(text: string) {
      this.tooltip = text;
    }
    setContextMenu(menu: { items: MenuItem[] }) {
      this.menu = menu;
    }
    on(event: string, listener: () => void) {
      this.listeners.set(event, listener);
    }
    destroy() {
      this.destroyed = true;
    }
  }
  class Notification {
    static isSupported = () => true;
    private click?: () => void;
    constructor(private readonly options: { title: string; body: string }) {}
    on(event: string, listener: () => void) {
      if (event === 'click') this.click = listener;
    }
    show() {
      notifications.push({ ...this.options, click: this.click });
    }
  }
  return {
    trays,
    notifications,
    loginItems,
    module: {
      app: { setLoginItemSettings: (settings: unknown) => loginItems.push(settings), quit: () => undefined },
      Menu: { buildFromTemplate: (items: MenuItem[]) => ({ items }) },
      nativeImage: {
        createFromBuffer: (buffer: Buffer) => ({
          buffer,
          template: false,
          setTemplateImage(this: { template: boolean }, on: boolean) {
            this.template = on;
          },
        }),
      },
      Notification,
      Tray,
    },
  };
});
vi.mock('electron', () => electron.module);

const { applyOpenAtLogin, attachDesktopIntegration, supportsOpenAtLogin } =
  await import('../../main/app/desktop-integration');
const { startTestEngine } = await import('./engine-for-tests');

let sandbox: Fixture;
let files: Scratch;
beforeAll(async () => {
  sandbox = await startFixture({ processingMs: 100 });
  files = await scratch();
});
afterAll(async () => {
  await sandbox?.close();
  await files?.cleanup();
});

async function until(check: () => boolean, timeoutMs = 4_000): Promise<void> {
  for (let i = 0; i < timeoutMs / 10 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

describe('desktop integration', () => {
  it('opens at login only where Electron can (macOS, Windows)', () => {
    expect([supportsOpenAtLogin('darwin'), supportsOpenAtLogin('win32'), supportsOpenAtLogin('linux')]).toEqual([
      true,
      true,
      false,
    ]);
    applyOpenAtLogin(true, 'linux');
    applyOpenAtLogin(true, 'darwin');
    applyOpenAtLogin(false, 'win32');
    expect(electron.loginItems).toEqual([{ openAtLogin: true }, { openAtLogin: false }]);
  });

  it('shows the batch on the dock/taskbar, a notification when it ends, and a tray icon while folders are watched', async () => {
    const {
      engine,
      window: appWindow,
      signIn,
    } = await startTestEngine({
      dataDir: files.file('integration'),
      sandbox,
      env: { SHOTPUT_WATCH_STABLE_MS: '100' },
    });
    await signIn('ada');
    const progress: number[] = [];
    const window = { isDestroyed: () => false, setProgressBar: (value: number) => progress.push(value) };
    const shown: string[] = [];
    const integration = attachDesktopIntegration({
      engine,
      window: () => window as never,
      showWindow: () => shown.push('window'),
      platform: 'darwin',
      log: () => undefined,
    });
    expect(integration.hasTray).toBe(false);

    // What the engine's notes become on main's side.
    engine.emit('batchProgress', 0.4);
    engine.emit('batchProgress', -1);
    expect(progress).toEqual([0.4, -1]);
    engine.emit('batchDone', { total: 2, published: 2, scheduled: 0, failed: 0, cancelled: 0 });
    expect(electron.notifications.map(({ title, body }) => ({ title, body }))).toEqual([
      { title: '2 shots uploaded', body: '2 published.' },
    ]);
    electron.notifications[0]!.click?.();
    expect(shown).toEqual(['window']);

    const folder = files.file('tray-folder');
    await mkdir(folder, { recursive: true });
    appWindow.grant([folder]);
    const added = await appWindow.request('watch.add', { path: folder });
    const [watched] = added.ok ? (added.value as Array<{ id: string }>) : [];
    await until(() => integration.hasTray && electron.trays.at(-1)?.tooltip === 'Shotput: watching 1 folder');
    const tray = electron.trays.at(-1)!;
    expect((tray.image as { template: boolean; buffer: Buffer }).template).toBe(true);
    expect((tray.image as { buffer: Buffer }).buffer.subarray(1, 4).toString()).toBe('PNG');
    const labels = () => tray.menu!.items.map((item) => item.label ?? item.type);
    expect(labels()).toEqual(['Open Shotput', 'Pause uploads', 'separator', 'Quit Shotput']);
    tray.menu!.items[1]!.click!();
    await until(() => engine.status.paused && labels()[1] === 'Resume uploads');
    tray.menu!.items[1]!.click!();
    await until(() => !engine.status.paused && labels()[1] === 'Pause uploads');
    tray.listeners.get('click')?.();
    expect(shown).toEqual(['window', 'window']);

    await appWindow.request('watch.update', { id: watched!.id, enabled: false });
    await until(() => !integration.hasTray);
    expect(tray.destroyed).toBe(true);

    integration.dispose();
    engine.emit('batchProgress', 0.5);
    expect(progress).toEqual([0.4, -1]);
    await engine.close();
  });

  it('says an outage in the tray while folders are watched, and pauses the taskbar bar on Windows', async () => {
    const {
      engine,
      window: appWindow,
      signIn,
    } = await startTestEngine({
      dataDir: files.file('integration-outage'),
      sandbox,
      env: { SHOTPUT_WATCH_STABLE_MS: '100' },
    });
    await signIn('ada');
    const bar: Array<{ value: number; mode?: string }> = [];
    const window = {
      isDestroyed: () => false,
      setProgressBar: (value: number, options?: { mode?: string }) => bar.push({ value, mode: options?.mode }),
    };
    const integration = attachDesktopIntegration({
      engine,
      window: () => window as never,
      showWindow: () => undefined,
      platform: 'win32',
      log: () => undefined,
    });
    const folder = files.file('outage-folder');
    await mkdir(folder, { recursive: true });
    appWindow.grant([folder]);
    await appWindow.request('watch.add', { path: folder });
    await until(() => integration.hasTray && electron.trays.at(-1)?.tooltip === 'Shotput: watching 1 folder');
    const tray = electron.trays.at(-1)!;
    engine.emit('batchProgress', 0.25);
    expect(bar.at(-1)).toEqual({ value: 0.25, mode: 'normal' });
    try {
      await control(sandbox.sandbox, 'faults', { reset_rate: 1 });
      // A file lands in the watched folder while the service does not answer: its upload waits.
      await photo(800, 600).png().toFile(files.file('outage-folder/night.png'));
      const host = new URL(sandbox.sandbox.url).host;
      const line = `Cannot reach ${host}: uploads wait; nothing is lost.`;
      await until(() => tray.tooltip === `Shotput: watching 1 folder. ${line}`, 30_000);
      expect(tray.menu!.items.slice(0, 2)).toEqual([{ label: line, enabled: false }, { type: 'separator' }]);
      expect(bar.at(-1)).toEqual({ value: 0.25, mode: 'paused' });
    } finally {
      await control(sandbox.sandbox, 'faults', { reset_rate: 0 });
    }
    await until(() => tray.tooltip === 'Shotput: watching 1 folder', 60_000);
    expect(tray.menu!.items[0]!.label).toBe('Open Shotput');
    expect(bar.at(-1)).toEqual({ value: 0.25, mode: 'normal' });
    integration.dispose();
    await engine.close();
  }, 120_000);
});
