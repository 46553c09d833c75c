// The harness's dropFiles() delivers real files to the page as a drop event would.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { dropFiles, launchApp, waitForShell, type LaunchedApp } from './harness/index';

vi.mock('electron', () => import('./harness/electron-module'));

describe('harness: dropFiles', () => {
  let launched: LaunchedApp | undefined;
  let dir = '';
  afterEach(async () => {
    await launched?.close();
    launched = undefined;
    if (dir !== '') await rm(dir, { recursive: true, force: true });
  });

  test('drops files with their names, types, bytes and disk paths', async () => {
    dir = await mkdtemp(join(tmpdir(), 'shotput-drop-'));
    const png = join(dir, 'shot.png');
    const notes = join(dir, 'notes.txt');
    await writeFile(png, Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
    await writeFile(notes, 'hello');
    launched = await launchApp();
    const { page } = launched;
    await waitForShell(page);
    await page.evaluate(() => {
      const seen: unknown[] = [];
      (window as unknown as { dropped: unknown[] }).dropped = seen;
      document.addEventListener('drop', (event) => {
        for (const file of event.dataTransfer?.files ?? []) {
          seen.push({
            name: file.name,
            type: file.type,
            size: file.size,
            path: (file as unknown as Record<symbol, string>)[Symbol.for('shotput.e2e.path')],
          });
        }
      });
    });
    await dropFiles(page, page.getByRole('main'), [png, notes]);
    expect(await page.evaluate(() => (window as unknown as { dropped: unknown[] }).dropped)).toEqual([
      { name: 'shot.png', type: 'image/png', size: 7, path: png },
      { name: 'notes.txt', type: 'text/plain', size: 5, path: notes },
    ]);
  }, 180_000);
});
