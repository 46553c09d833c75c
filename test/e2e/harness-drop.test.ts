// The harness's dropFiles() delivers real files to the page as a drop event would.
import { createHash, randomBytes } from 'node:crypto';
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
    // A camera photo's size, in bytes no compression could shorten: what arrives must be every byte.
    const photo = join(dir, 'DSC_0412.jpg');
    const photoBytes = randomBytes(11 * 1024 * 1024);
    await writeFile(photo, photoBytes);
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
            sha256: file
              .arrayBuffer()
              .then(async (bytes) =>
                Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)), (byte) =>
                  byte.toString(16).padStart(2, '0'),
                ).join(''),
              ),
          });
        }
      });
    });
    await dropFiles(page, page.getByRole('main'), [png, notes, photo]);
    const dropped = await page.evaluate(() =>
      Promise.all(
        (window as unknown as { dropped: { sha256: Promise<string> }[] }).dropped.map(async (file) => ({
          ...file,
          sha256: await file.sha256,
        })),
      ),
    );
    const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
    expect(dropped).toEqual([
      {
        name: 'shot.png',
        type: 'image/png',
        size: 7,
        path: png,
        sha256: sha256(Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])),
      },
      { name: 'notes.txt', type: 'text/plain', size: 5, path: notes, sha256: sha256('hello') },
      { name: 'DSC_0412.jpg', type: 'image/jpeg', size: photoBytes.length, path: photo, sha256: sha256(photoBytes) },
    ]);
  }, 180_000);
});
