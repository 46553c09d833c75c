// Script in the window cannot make main open a file the user never gave the app: drafts.add and
// watch.add refuse a path that was not dropped or picked, in the same words whether it exists or
// not. A drop (the built preload resolving the File's path) grants it, and the very next request
// may use it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { launchApp, waitForShell, type LaunchedApp } from './harness/index';

vi.mock('electron', () => import('./harness/electron-module'));

describe('paths the user granted', () => {
  let launched: LaunchedApp | undefined;
  let dir = '';
  afterEach(async () => {
    await launched?.close();
    launched = undefined;
    if (dir !== '') await rm(dir, { recursive: true, force: true });
  });

  test('a path from page script is refused until it is dropped; a folder chosen in the dialog can be watched', async () => {
    dir = await mkdtemp(join(tmpdir(), 'shotput-grants-'));
    const secret = join(dir, 'private.png');
    await sharp({ create: { width: 640, height: 480, channels: 3, background: '#335577' } }).png().toFile(secret);
    launched = await launchApp();
    const { page, electron } = launched;
    await waitForShell(page);

    const refused = await page.evaluate(async (paths) => {
      const shotput = window.shotput!;
      return [
        await shotput.drafts.add({ paths: [paths.secret] }),
        await shotput.drafts.add({ paths: [paths.missing] }),
        await shotput.watch.add({ path: paths.dir }),
      ];
    }, { secret, missing: join(dir, 'missing.png'), dir });
    expect(refused[0]).toEqual({ ok: false, error: { code: 'not-granted', message: 'Shotput opens only files you chose or dropped in its window; choose or drop them again.' } });
    expect(refused[1]).toEqual(refused[0]);
    expect(refused[2]).toMatchObject({ ok: false, error: { code: 'not-granted' } });

    // A File that page script makes has no path; one from a drop has (the harness marks it as Electron would).
    const dropped = await page.evaluate(async (path) => {
      const shotput = window.shotput!;
      const made = new File([new Uint8Array([1])], 'private.png', { type: 'image/png' });
      const fromDrop = new File([new Uint8Array([1])], 'private.png', { type: 'image/png' });
      Object.defineProperty(fromDrop, Symbol.for('shotput.e2e.path'), { value: path });
      const paths = shotput.pathsOf([made, fromDrop]);
      return { paths, added: await shotput.drafts.add({ paths }) };
    }, secret);
    expect(dropped.paths).toEqual([secret]);
    expect(dropped.added).toMatchObject({ ok: true, value: { drafts: [{ name: 'private.png' }] } });

    electron.dialog.answerOpenDialog([dir]);
    const watched = await page.evaluate(async () => window.shotput!.watch.add({}));
    expect(watched).toMatchObject({ ok: true, value: [{ path: dir }] });
  }, 180_000);
});
