// Issue 33, finding 1: the single journal an earlier CLI kept in the data folder is moved into
// per-account queues once. A job that records its service and account goes to that account's
// queue; a job that records none (every job of earlier versions) is never sent to a guessed
// account: it waits in a queue of its own, which `queue list` shows and each run names.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Journal, JOURNAL_FILE } from '../../main/uploads/journal';
import { newJob } from '../../main/uploads/job-machine';
import { UNRECORDED_FOLDER, accountQueueDir, migrateSingleJournal, queueFolders } from '../../main/uploads/index';
import type { JobOwner, UploadJob } from '../../main/uploads/index';
import { start, token } from '../sandbox/helpers';
import type { Sandbox } from '../sandbox/helpers';
import { runCli } from '../cli/run-cli';

let root: string;
let sb: Sandbox;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shotput-migrate-'));
  sb = await start();
});

afterAll(async () => {
  await sb?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function png(file: string, shade: number): Promise<string> {
  await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: shade, g: 40, b: 90 } } })
    .png()
    .toFile(file);
  return file;
}

function job(file: string, hash: string, owner?: JobOwner, state: UploadJob['state'] = 'queued'): UploadJob {
  const made = newJob({ sourcePath: file, metadata: { title: path.parse(file).name } }, file, hash);
  return { ...made, state, ...(owner ? { owner } : {}) };
}

describe('the single journal of an earlier version', () => {
  it('moves recorded jobs to their account and keeps the others apart, once', async () => {
    const data = path.join(root, 'unit');
    const ada = { service: 'http://127.0.0.1:4001', userId: 1 };
    const ben = { service: 'sandbox', userId: 2 };
    const legacy = Journal.open(data);
    const jobs = [
      job('/x/ada.png', 'a'.repeat(64), ada),
      job('/x/ben.png', 'b'.repeat(64), ben, 'processing'),
      job('/x/nobody.png', 'c'.repeat(64)),
    ];
    for (const j of jobs) legacy.writeJob(j);
    legacy.recordUploaded('d'.repeat(64), 1234);
    await legacy.close();

    expect(await migrateSingleJournal(data)).toEqual({ moved: 2, unrecorded: 1 });
    expect(fs.existsSync(path.join(data, JOURNAL_FILE))).toBe(false);
    expect(Journal.read(accountQueueDir(data, ada)).jobs.map((j) => j.id)).toEqual([jobs[0]!.id]);
    expect(Journal.read(accountQueueDir(data, ben)).jobs.map((j) => j.state)).toEqual(['processing']);
    const unrecorded = Journal.read(path.join(data, 'uploads', UNRECORDED_FOLDER));
    expect(unrecorded.jobs.map((j) => j.id)).toEqual([jobs[2]!.id]);
    // Known uploads name no account: they stay with the unrecorded jobs, not in anyone's queue.
    expect(unrecorded.uploaded.get('d'.repeat(64))?.shotId).toBe(1234);
    expect(Journal.read(accountQueueDir(data, ada)).uploaded.size).toBe(0);
    expect(queueFolders(data).map((f) => f.owner?.service)).toEqual(['http://127.0.0.1:4001', 'sandbox', undefined]);
    expect(await migrateSingleJournal(data)).toBeUndefined();
  });

  it('a run sends none of the unrecorded jobs, names them, and queue list shows them', async () => {
    const data = path.join(root, 'cli');
    const waiting = await png(path.join(root, 'left-behind.png'), 10);
    const legacy = Journal.open(data);
    legacy.writeJob(job(waiting, 'e'.repeat(64)));
    await legacy.close();
    const ada = await token(sb, 'ada', ['public', 'upload']);
    const fresh = await png(path.join(root, 'fresh.png'), 200);
    const run = await runCli(['--api', sb.api, '--token', ada, '--data-dir', data, 'upload', fresh]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      '1 upload waits in a queue whose account was never recorded; no run sends it: upload the file again signed in as its account (`shotput queue list` names it).',
    );
    const titles = (
      (await (
        await fetch(`${sb.api}/v2/user/shots?per_page=100`, { headers: { authorization: `Bearer ${ada}` } })
      ).json()) as { title: string }[]
    ).map((s) => s.title);
    expect(titles).toContain('fresh');
    expect(titles).not.toContain('left-behind');
    const list = await runCli(['--data-dir', data, 'queue', 'list']);
    expect(list.stdout).toContain('Queue of an account an earlier version did not record:');
    expect(list.stdout).toMatch(/Queue of ada \(user \d+\) on http:\/\/127\.0\.0\.1:\d+:/);
  });
});
