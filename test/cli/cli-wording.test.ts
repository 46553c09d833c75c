// One wording per situation, in the words of the command line (issue: the CLI's wording).
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli';
import { openQueueForEditing } from '../../main/cli/upload-session';
import { accountQueueDir } from '../../main/uploads/index';
import { SKIPPED_ENDING } from '../../main/cli/messages';

let root: string;
let dataDir: string;
const env = { SHOTPUT_EXPECTED_PROCESSING_MS: '100', TZ: 'Asia/Tokyo' };
const cli = (...argv: string[]) => runCli(['--data-dir', dataDir, ...argv], { env });

async function image(file: string, colour: string, width = 820, height = 620): Promise<string> {
  await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toFile(file);
  return file;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'shotput-wording-'));
  dataDir = path.join(root, 'data');
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the CLI says each thing one way', () => {
  it('a file skipped by upload and by watch ends the same way', async () => {
    const folder = path.join(root, 'once');
    await mkdir(folder);
    const file = await image(path.join(root, 'same.png'), '#123456');
    expect((await cli('upload', file)).code).toBe(0);
    // The same content through other requests: a copy given to upload, another found by a watch.
    // (The same request again is not a skip: it reports the job that published it.)
    await copyFile(file, path.join(root, 'copy-for-upload.png'));
    await copyFile(file, path.join(folder, 'copy-in-folder.png'));
    const upload = await cli('upload', path.join(root, 'copy-for-upload.png'));
    const watch = await cli('watch', folder, '--once');
    const skipped = [upload.stdout, watch.stdout].map((out) =>
      out.split('\n').find((line) => line.startsWith('skipped')),
    );
    for (const line of skipped)
      expect(line).toMatch(
        new RegExp(
          `copy-[a-z-]+\\.png was already uploaded as shot \\d+ from same\\.png; ${SKIPPED_ENDING.replace(/[.]/g, '\\.')}$`,
        ),
      );
  }, 30_000);

  it('shots show says what the sizes are: the normal image, and the hidpi image an 800x600 upload became', async () => {
    const file = await image(path.join(root, 'big.png'), '#654321', 1000, 750);
    const run = await runCli(['--json', '--data-dir', dataDir, 'upload', file, '--size', '800x600'], { env });
    const shotId = run.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { shot_id?: number })
      .find((l) => l.shot_id)!.shot_id!;
    const show = await cli('shots', 'show', String(shotId));
    expect(show.stdout).toContain('sizes: normal image 400x300, hidpi image 800x600 (uploaded at 800x600)');
    expect(show.stdout).not.toMatch(/, 400x300/);
  }, 30_000);

  it('times are in the user zone without milliseconds', async () => {
    const list = await cli('shots', 'list');
    expect(list.stdout).toMatch(/published \d{4}-\d\d-\d\d \d\d:\d\d(:\d\d)? GMT\+9/);
    expect(list.stdout).not.toMatch(/\d\.\d{3}Z/);
  });

  it('a page past the end says so, with the count, instead of "No shots yet."', async () => {
    const total = (JSON.parse((await cli('--json', 'shots', 'list', '--all')).stdout) as unknown[]).length;
    const run = await cli('shots', 'list', '--page', '999');
    const pages = Math.ceil(total / 30);
    expect(run.stdout.trim()).toBe(
      `Page 999 is past the end: you have ${total} shots, on ${pages} page${pages === 1 ? '' : 's'} of 30.`,
    );
  });

  it('rescheduling a published shot is not something to "correct"', async () => {
    const [shot] = JSON.parse((await cli('--json', 'shots', 'list')).stdout) as Array<{ id: number }>;
    const run = await cli('shots', 'update', String(shot!.id), '--schedule', '2031-01-02T03:04:05Z');
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/the publish time cannot be changed/);
    expect(run.stderr).not.toContain('Correct it, then try again.');
  });

  it('a paused job that was cancelled reads "cancelled", not "cancelled (paused)"', async () => {
    const file = await image(path.join(root, 'held.png'), '#777777');
    // The signed-in account's queue, where `queue` finds the job by its id.
    const me = JSON.parse((await cli('--json', 'whoami')).stdout) as { id: number };
    const queue = openQueueForEditing(accountQueueDir(dataDir, { service: 'sandbox', userId: me.id }));
    const [added] = await queue.add([{ sourcePath: file, origin: 'cli', metadata: { title: 'held' } }]);
    await queue.close();
    const id = (added as { job: { id: string } }).job.id;
    expect((await cli('queue', 'pause', id)).code).toBe(0);
    expect((await cli('queue', 'cancel', id, '--yes')).code).toBe(0);
    const line = (await cli('queue', 'list')).stdout.split('\n').find((l) => l.startsWith(`  ${id}`))!;
    expect(line).toMatch(new RegExp(`^  ${id}  cancelled `));
    expect(line).not.toContain('paused');
  });

  it('a second logout says it was not signed in', async () => {
    await cli('whoami');
    expect((await cli('logout')).stdout).toBe('Signed out of sandbox.\n');
    expect((await cli('logout')).stdout).toBe('Was not signed in to sandbox.\n');
  });

  it('"Not signed in" suggests a secret file, not the secret on the command line', async () => {
    const run = await cli('--api', 'http://127.0.0.1:59999', 'whoami');
    expect(run.stderr).toContain('--client-secret-file FILE');
    expect(run.stderr).not.toContain('--client-secret SECRET');
  });

  it('a crop that drops much of the image points to the flag, --fit contain', async () => {
    const file = await image(path.join(root, 'strip.png'), '#00ff00', 1600, 300);
    const run = await cli('prepare', file, '--out', path.join(root, 'prepared'), '--size', '400x300');
    expect(run.stdout).toContain('add --fit contain to show all of it.');
    expect(run.stdout).not.toContain('choose Fit');
  });
});
