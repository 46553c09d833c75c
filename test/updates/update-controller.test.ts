// The updater against a local generic feed, under plain Node: electron-updater's own AppImageUpdater
// (the class the Linux AppImage runs) checks latest-linux.yml and downloads the artifact through
// builder-util-runtime, which verifies its sha512; only quitAndInstall, the Electron boundary, is
// never reached here.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import electronUpdater from 'electron-updater';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UpdateController, type UpdateTimers, type UpdaterPort } from '../../main/updates/update-controller';
import { CHECKSUM_ONLY, updateSupport } from '../../main/updates/update-support';
import { NodeHttpExecutor } from './node-http-executor';
import { startFeedServer, type FeedServer } from './update-feed-server';

const { AppImageUpdater } = electronUpdater;

/** Timers that only fire when the test says so. */
function manualTimers(): UpdateTimers & { pending: { ms: number; callback: () => void }[] } {
  const pending: { ms: number; callback: () => void }[] = [];
  return {
    pending,
    now: () => Date.now(),
    setTimeout: (callback, ms) => {
      const entry = { ms, callback };
      pending.push(entry);
      return entry;
    },
    clearTimeout: (handle) => {
      const index = pending.indexOf(handle as (typeof pending)[number]);
      if (index >= 0) pending.splice(index, 1);
    },
  };
}

let folder: string;
let feed: FeedServer;
const previousAppImage = process.env['APPIMAGE'];
const previousArch = process.env['TEST_UPDATER_ARCH'];

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'shotput-update-'));
  feed = await startFeedServer('0.2.0');
  // The AppImage being replaced, as its runtime announces it.
  process.env['APPIMAGE'] = join(folder, 'Shotput-0.1.0-x86_64.AppImage');
  process.env['TEST_UPDATER_ARCH'] = 'x64';
  await writeFile(process.env['APPIMAGE'], 'the running version');
});

afterEach(async () => {
  await feed.close();
  await rm(folder, { recursive: true, force: true });
  if (previousAppImage === undefined) delete process.env['APPIMAGE'];
  else process.env['APPIMAGE'] = previousAppImage;
  if (previousArch === undefined) delete process.env['TEST_UPDATER_ARCH'];
  else process.env['TEST_UPDATER_ARCH'] = previousArch;
});

async function makeUpdater(url: string): Promise<InstanceType<typeof AppImageUpdater> & { installs: number }> {
  // What electron-builder writes into the packed app (resources/app-update.yml).
  const configPath = join(folder, 'app-update.yml');
  await writeFile(configPath, `provider: generic\nurl: ${url}\nupdaterCacheDirName: shotput-updater\n`);
  const app = {
    version: '0.1.0',
    name: 'Shotput',
    isPackaged: true,
    appUpdateConfigPath: configPath,
    userDataPath: join(folder, 'user-data'),
    baseCachePath: join(folder, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: () => undefined,
  };
  const updater = new AppImageUpdater(undefined, app) as InstanceType<typeof AppImageUpdater> & { installs: number };
  // Before the feed is set: the provider takes the executor it is given then.
  (updater as unknown as { httpExecutor: NodeHttpExecutor }).httpExecutor = new NodeHttpExecutor();
  updater.setFeedURL({ provider: 'generic', url });
  updater.disableDifferentialDownload = true;
  updater.logger = process.env.UPD_DEBUG ? console : null;
  updater.installs = 0;
  // The Electron boundary: counted, never run.
  updater.quitAndInstall = () => void updater.installs++;
  return updater;
}

function controllerFor(
  updater: UpdaterPort,
  timers: UpdateTimers,
  uploads = { idle: true, listeners: [] as (() => void)[] },
) {
  return new UpdateController({
    updater,
    currentVersion: '0.1.0',
    support: { supported: true, verification: CHECKSUM_ONLY },
    enabled: true,
    uploadsIdle: () => uploads.idle,
    onUploadsIdle: (listener) => {
      uploads.listeners.push(listener);
      return () => uploads.listeners.splice(uploads.listeners.indexOf(listener), 1);
    },
    timers,
    intervalMs: 4 * 3_600_000,
    retryMs: 30 * 60_000,
  });
}

async function downloaded(): Promise<string[]> {
  return readdir(join(folder, 'cache', 'shotput-updater', 'pending')).catch(() => []);
}

describe('update checks against a local generic feed', () => {
  it('finds nothing when the feed has the running version, and checks again in four hours', async () => {
    feed.set({ version: '0.1.0' });
    const timers = manualTimers();
    const controller = controllerFor(await makeUpdater(feed.url), timers);
    const view = await controller.checkNow();
    expect(view).toMatchObject({ status: 'idle', availableVersion: null, problem: null });
    expect(view.lastCheckedAt).not.toBeNull();
    // The channel file of this system: latest-linux.yml on Linux (latest-mac.yml, latest.yml elsewhere).
    const channelFile =
      { linux: '/latest-linux.yml', darwin: '/latest-mac.yml' }[process.platform as string] ?? '/latest.yml';
    expect(feed.requests).toContain(channelFile);
    expect(feed.requests.some((path) => path.endsWith('.AppImage'))).toBe(false);
    expect(timers.pending.map((entry) => entry.ms)).toEqual([4 * 3_600_000]);
  });

  it('downloads a newer version, verifies its sha512, and offers the restart', async () => {
    const timers = manualTimers();
    const updater = await makeUpdater(feed.url);
    const controller = controllerFor(updater, timers);
    const seen: string[] = [];
    controller.on('changed', (view) => seen.push(view.status));
    const view = await controller.checkNow();
    expect(view).toMatchObject({ status: 'ready', availableVersion: '0.2.0', percent: 100, problem: null });
    expect(seen).toEqual(expect.arrayContaining(['checking', 'downloading', 'ready']));
    expect(await downloaded()).toContain('Shotput-0.2.0-x86_64.AppImage');
    // Ready: no more checks until it is installed.
    expect(timers.pending).toEqual([]);
    expect(controller.restart(false)).toBe('restarting');
    expect(updater.installs).toBe(1);
  });

  it('refuses a download whose bytes do not match the feed, keeps nothing, and tries again later', async () => {
    feed.set({ corrupt: true });
    const timers = manualTimers();
    const updater = await makeUpdater(feed.url);
    const controller = controllerFor(updater, timers);
    const view = await controller.checkNow();
    expect(view.status).toBe('idle');
    expect(view.problem).toBe(
      'The downloaded update did not match its published checksum, so it was discarded. Shotput will try again later.',
    );
    expect(await downloaded()).not.toContain('Shotput-0.2.0-x86_64.AppImage');
    expect(controller.restart(true)).toBe('nothing-to-install');
    expect(updater.installs).toBe(0);
    expect(timers.pending.map((entry) => entry.ms)).toEqual([30 * 60_000]);
    // The next try, with good bytes, succeeds.
    feed.set({ corrupt: false });
    timers.pending.shift()!.callback();
    await new Promise<void>((resolve) => controller.on('changed', (next) => next.status === 'ready' && resolve()));
    expect(await downloaded()).toContain('Shotput-0.2.0-x86_64.AppImage');
  });

  it('treats an unreachable server as a quiet retry, not an error', async () => {
    const url = feed.url;
    await feed.close();
    const timers = manualTimers();
    const logged: string[] = [];
    const controller = new UpdateController({
      updater: await makeUpdater(url),
      currentVersion: '0.1.0',
      support: { supported: true, verification: CHECKSUM_ONLY },
      enabled: true,
      uploadsIdle: () => true,
      onUploadsIdle: () => () => undefined,
      timers,
      log: { info: (line) => logged.push(`info ${line}`), warn: (line) => logged.push(`warn ${line}`) },
    });
    // electron-updater tries a refused connection three more times, 0, 1 and 2 s apart, on the
    // global setTimeout: those waits are the library's, not what this test is about, so that timer
    // is faked and moved on while the real connections fail.
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    let view;
    try {
      let settled = false;
      const checking = controller.checkNow().finally(() => (settled = true));
      while (!settled) {
        await new Promise((resolve) => setImmediate(resolve));
        vi.advanceTimersByTime(100);
      }
      view = await checking;
    } finally {
      vi.useRealTimers();
    }
    expect(view).toMatchObject({
      status: 'idle',
      problem: 'The update server could not be reached. Shotput will try again later.',
    });
    expect(timers.pending.map((entry) => entry.ms)).toEqual([30 * 60_000]);
    expect(logged.filter((line) => line.startsWith('warn'))).toEqual([]);
    expect(logged.join('\n')).toMatch(/update check failed \(offline\)/);
    feed = await startFeedServer('0.1.0'); // for afterEach
  });
});

describe('restarting to update', () => {
  it('waits for the uploads in flight, unless the user chooses to restart now', async () => {
    const timers = manualTimers();
    const updater = await makeUpdater(feed.url);
    const uploads = { idle: false, listeners: [] as (() => void)[] };
    const controller = controllerFor(updater, timers, uploads);
    await controller.checkNow();
    expect(controller.restart(false)).toBe('waiting-for-uploads');
    expect(controller.view().restartWhenIdle).toBe(true);
    expect(updater.installs).toBe(0);
    uploads.idle = true;
    for (const listener of [...uploads.listeners]) listener();
    expect(updater.installs).toBe(1);
    expect(controller.restart(true)).toBe('restarting');
    expect(updater.installs).toBe(2);
  });
});

describe('the Settings switch and unsupported installs', () => {
  it('schedules nothing when switched off, and checks again when switched on', async () => {
    const timers = manualTimers();
    const controller = new UpdateController({
      updater: await makeUpdater(feed.url),
      currentVersion: '0.1.0',
      support: { supported: true, verification: CHECKSUM_ONLY },
      enabled: false,
      uploadsIdle: () => true,
      onUploadsIdle: () => () => undefined,
      timers,
      firstCheckDelayMs: 1000,
    });
    controller.start();
    expect(controller.view().status).toBe('off');
    expect(timers.pending).toEqual([]);
    expect(controller.setEnabled(true).status).toBe('idle');
    expect(timers.pending.map((entry) => entry.ms)).toEqual([1000]);
    expect(controller.setEnabled(false).status).toBe('off');
    expect(timers.pending).toEqual([]);
  });

  it('says why an install cannot update itself and never asks the server', async () => {
    const controller = new UpdateController({
      updater: await makeUpdater(feed.url),
      currentVersion: '0.1.0',
      support: { supported: false, reason: 'the deb is updated by the package manager' },
      enabled: true,
      uploadsIdle: () => true,
      onUploadsIdle: () => () => undefined,
      timers: manualTimers(),
    });
    controller.start();
    expect(await controller.checkNow()).toMatchObject({
      status: 'unsupported',
      unsupportedReason: 'the deb is updated by the package manager',
    });
    expect(feed.requests).toEqual([]);
  });

  it('an unsigned Windows build never checks, downloads or installs by itself, and says where to get new versions', async () => {
    const controller = new UpdateController({
      updater: await makeUpdater(feed.url),
      currentVersion: '0.1.0',
      // No publisherName in app-update.yml: electron-updater would skip the signature check.
      support: updateSupport({ platform: 'win32', isPackaged: true, windowsPublisher: undefined }),
      enabled: true,
      uploadsIdle: () => true,
      onUploadsIdle: () => () => undefined,
      timers: manualTimers(),
    });
    controller.start();
    const view = await controller.checkNow();
    expect(view).toMatchObject({
      status: 'unsupported',
      unsupportedReason: expect.stringMatching(/not signed.*releases page/),
    });
    expect(controller.restart(true)).toBe('nothing-to-install');
    expect(feed.requests).toEqual([]);
  });

  it('tells Settings how a download is verified where updates run', async () => {
    const controller = new UpdateController({
      updater: await makeUpdater(feed.url),
      currentVersion: '0.1.0',
      support: updateSupport({ platform: 'linux', isPackaged: true, appImagePath: '/opt/Shotput.AppImage' }),
      enabled: false,
      uploadsIdle: () => true,
      onUploadsIdle: () => () => undefined,
      timers: manualTimers(),
    });
    expect(controller.view().verification).toBe(CHECKSUM_ONLY);
  });
});
