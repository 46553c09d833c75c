// Script in the window cannot make main open a file the user never gave the app: drafts.add and
// watch.add refuse a path that was not dropped or picked, in the same words whether it exists or
// not. A drop (the built preload resolving the File's path) grants it, and the very next request
// may use it.
import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, test, vi } from 'vitest';
import { waitForShell } from './harness/index';
import { useLaunchedApp } from './support/launched-app';

vi.mock('electron', () => import('./harness/electron-module'));

describe('paths the user granted', () => {
  const app = useLaunchedApp();

  test('a path from page script is refused until it is dropped; a folder chosen in the dialog can be watched', async () => {
    const dir = await app.scratchDir('grants');
    const secret = join(dir, 'private.png');
    await sharp({ create: { width: 640, height: 480, channels: 3, background: '#335577' } })
      .png()
      .toFile(secret);
    const launched = await app.launch();
    const { page, electron } = launched;
    await waitForShell(page);

    const refused = await page.evaluate(
      async (paths) => {
        const shotput = window.shotput!;
        return [
          await shotput.drafts.add({ paths: [paths.secret] }),
          await shotput.drafts.add({ paths: [paths.missing] }),
          await shotput.watch.add({ path: paths.dir }),
        ];
      },
      { secret, missing: join(dir, 'missing.png'), dir },
    );
    expect(refused[0]).toEqual({
      ok: false,
      error: {
        code: 'not-granted',
        message: 'Shotput opens only files you chose or dropped in its window; choose or drop them again.',
      },
    });
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

  test('a link inside a granted folder that leads out of it is refused, in the words of a path never granted', async () => {
    const dir = await app.scratchDir('grants-link');
    const granted = join(dir, 'granted');
    await mkdir(join(dir, 'private'), { recursive: true });
    await mkdir(granted);
    await symlink('../private', join(granted, 'photos'));
    await sharp({ create: { width: 640, height: 480, channels: 3, background: '#aa2233' } })
      .png()
      .toFile(join(dir, 'private', 'secret.png'));
    await sharp({ create: { width: 640, height: 480, channels: 3, background: '#22aa33' } })
      .png()
      .toFile(join(granted, 'mine.png'));
    const launched = await app.launch();
    const { page } = launched;
    await waitForShell(page);

    const answers = await page.evaluate(
      async (paths) => {
        const shotput = window.shotput!;
        // The user drops the folder `granted` on the window.
        const fromDrop = new File([new Uint8Array([1])], 'granted', { type: '' });
        Object.defineProperty(fromDrop, Symbol.for('shotput.e2e.path'), { value: paths.granted });
        shotput.pathsOf([fromDrop]);
        const secret = await shotput.drafts.add({ paths: [paths.secret] });
        const missing = await shotput.drafts.add({ paths: [paths.missing] });
        const folder = await shotput.drafts.add({ paths: [paths.granted] });
        const drafts = await shotput.drafts.list();
        const previews = [];
        for (const draft of drafts.ok ? drafts.value : [])
          previews.push({
            name: draft.name,
            preview: await shotput.images.preview({ draftId: draft.id, prepare: {} }),
          });
        const watched = await shotput.watch.add({ path: paths.photos });
        return { secret, missing, folder, drafts, previews, watched };
      },
      {
        granted,
        secret: join(granted, 'photos', 'secret.png'),
        missing: join(granted, 'photos', 'missing.png'),
        photos: join(granted, 'photos'),
      },
    );

    const refusal = {
      ok: false,
      error: {
        code: 'not-granted',
        message: 'Shotput opens only files you chose or dropped in its window; choose or drop them again.',
      },
    };
    expect(answers.secret).toEqual(refusal);
    expect(answers.missing).toEqual(refusal);
    // The folder itself gives its own image, and nothing reached through the link.
    expect(answers.folder).toMatchObject({ ok: true, value: { drafts: [{ name: 'mine.png' }] } });
    expect(answers.drafts).toMatchObject({ ok: true, value: [{ name: 'mine.png' }] });
    expect(answers.previews.map((p) => p.name)).toEqual(['mine.png']);
    expect(answers.watched).toEqual({
      ok: false,
      error: {
        code: 'not-granted',
        message: 'Shotput watches only a folder you chose or dropped in its window; choose it again.',
      },
    });
  }, 180_000);
});
