// The desktop's watched folders take a folder as a dropped folder is taken: subfolders three
// levels down, and every entry not taken named with why in the folder's list (not only counted).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeImage } from '../../bench/lib/uploads-sandbox';
import type { Scratch } from '../images/fixtures';
import type { Fixture } from '../service/sandbox-fixture';
import { signedInDesktop, useSandboxAndScratch } from './signed-in-desktop';

let sandbox: Fixture;
let files: Scratch;
useSandboxAndScratch((started, scratchFiles) => {
  sandbox = started;
  files = scratchFiles;
});

describe('desktop watched folders and subfolders', () => {
  it('uploads images of subfolders and lists each entry not taken with its reason', { timeout: 120_000 }, async () => {
    const folder = files.file('inbox');
    const taken = ['top.png', 'sub1/one.png', 'sub1/deeper/two.png', 'a/b/c/three.png'];
    for (const [i, file] of [...taken, 'a/b/c/d/four.png'].entries()) {
      await mkdir(path.dirname(path.join(folder, file)), { recursive: true });
      await writeImage(path.join(folder, file), 120 + i);
    }
    for (const name of ['photo.heic', 'layers.psd']) await writeFile(path.join(folder, name), 'not an image');
    const desktop = await signedInDesktop({
      dataDir: files.file('subfolders-data'),
      sandbox,
      username: 'ada',
      watchStableMs: 200,
    });
    try {
      await desktop.watch.add(folder);
      let view = desktop.watch.list()[0]!;
      for (let i = 0; i < 300 && view.counts.uploaded < taken.length; i++) {
        await new Promise((r) => setTimeout(r, 100));
        view = desktop.watch.list()[0]!;
      }
      expect(view.counts).toMatchObject({ uploaded: taken.length, skipped: 3, failed: 0 });
      expect(view.notTaken.map((e) => e.message).sort()).toEqual([
        'The folder d is more than 3 folders deep; its files are not taken.',
        expect.stringContaining('layers.psd is not an image Shotput can read'),
        expect.stringContaining('photo.heic is not an image Shotput can read'),
      ]);
      expect(view.skipped).toEqual([]);
    } finally {
      await desktop.close();
    }
  });
});
