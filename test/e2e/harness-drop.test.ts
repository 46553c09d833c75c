// The harness's dropFiles() delivers real files to the page as a drop event would.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { dropFiles, waitForShell } from './harness/index';
import { useLaunchedApp } from './support/launched-app';

vi.mock('electron', () => import('./harness/electron-module'));

describe('harness: dropFiles', () => {
  const app = useLaunchedApp();

  test('drops files with their names, types, bytes and disk paths', async () => {
    const dir = await app.scratchDir('drop');
    const png = join(dir, 'shot.png');
    const notes = join(dir, 'notes.txt');
    await writeFile(png, Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
    await writeFile(notes, 'hello');
    const launched = await app.launch();
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
