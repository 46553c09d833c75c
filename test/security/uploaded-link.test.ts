// `watch --move-uploaded` with a planted link named `uploaded` (-> a folder elsewhere): the file and
// its sidecar stay where they are, and the folder's error says why. The desktop's "move uploaded
// files" runs the same WatchedFolder code.
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'shotput-uploaded-link-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('a link named uploaded', () => {
  it('is not followed by watch --once --move-uploaded, and says so', { timeout: 90_000 }, async () => {
    const folder = path.join(root, 'drop');
    const elsewhere = path.join(root, 'elsewhere');
    await mkdir(folder);
    await mkdir(elsewhere);
    await symlink(elsewhere, path.join(folder, 'uploaded'));
    await sharp({ create: { width: 400, height: 300, channels: 3, background: '#e76f51' } })
      .png()
      .toFile(path.join(folder, 'holiday.png'));
    await writeFile(path.join(folder, 'holiday.json'), JSON.stringify({ title: 'Holiday' }));

    const run = await runCli(
      ['--data-dir', path.join(root, 'data'), 'watch', folder, '--once', '--move-uploaded', '--stable-ms', '100'],
      { env: { SHOTPUT_EXPECTED_PROCESSING_MS: '200' } },
    );
    expect(run.stdout + run.stderr).toContain(
      'Uploaded, but left where it is: uploaded beside it is a link, not a folder, and Shotput moves files only into a real folder; remove the link.',
    );
    expect(await readdir(elsewhere)).toEqual([]);
    expect((await readdir(folder)).sort()).toEqual(['holiday.json', 'holiday.png', 'uploaded']);
    // The shot is published: the run itself succeeded.
    expect(run.code).toBe(0);
  });
});
