// One damaged file, seen three ways: a draft of it in the window, a job of it in the real queue,
// and `shotput prepare --json`. Each keeps the image's code (`image-<code>`) and says the same
// sentence, because each takes the image pipeline's Problem as it is instead of wording its own.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../main/cli';
import { jobJson } from '../../main/cli/json-shapes';
import { Drafts } from '../../main/desktop/drafts';
import { UploadQueue, imagePreparer } from '../../main/uploads/index';
import type { UploadService } from '../../main/uploads/index';
import type { DraftView } from '../../common/contract/index';
import { fail } from '../../common/problem';
import { photo, scratch } from '../images/fixtures';
import type { Scratch } from '../images/fixtures';

let files: Scratch;
let damaged: string;
beforeAll(async () => {
  files = await scratch();
  const png = await photo(1200, 900).png().toBuffer();
  // The header is intact (the file is taken as an image); decoding finds the damage.
  damaged = await files.write('cut.png', png.subarray(0, Math.floor(png.length / 2)));
});
afterAll(() => files.cleanup());

/** A service never reached: the job fails while its image is prepared, before any request. */
const unreachable: UploadService = {
  createShot: () => Promise.resolve(fail('offline', 'Not in this test.', true)),
  getShotAt: () => Promise.resolve(fail('offline', 'Not in this test.', true)),
  listMyShots: () => Promise.resolve(fail('offline', 'Not in this test.', true)),
  currentAccount: () => Promise.resolve(fail('offline', 'Not in this test.', true)),
};

async function jobFailure(): Promise<ReturnType<typeof jobJson>> {
  const queue = UploadQueue.open({ dataDir: files.file('queue'), service: unreachable, preparer: imagePreparer });
  try {
    const [added] = await queue.add([{ sourcePath: damaged, metadata: { title: 'Cut' } }]);
    expect(added?.status).toBe('added');
    await queue.whenIdle();
    const [job] = queue.list();
    expect(job?.state).toBe('failed');
    expect(job?.failure).toEqual({ code: 'image-corrupt', message: expect.any(String), retryable: false });
    return jobJson(job!);
  } finally {
    await queue.close();
  }
}

async function draftError(): Promise<DraftView> {
  const drafts = new Drafts({ pasteDir: files.file('pasted'), defaults: () => ({}) });
  const latest = new Map<string, DraftView>();
  drafts.on('changed', ({ changed }) => {
    for (const view of changed) latest.set(view.id, view);
  });
  try {
    const added = await drafts.add([damaged]);
    await drafts.whenIdle();
    // Changes reach the window in batches: wait for the last one.
    await new Promise((r) => setTimeout(r, 150));
    return latest.get(added.drafts[0]!.id)!;
  } finally {
    drafts.close();
  }
}

async function prepareLine(): Promise<Record<string, unknown>> {
  const stdout = new PassThrough();
  let out = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const argv = ['--json', 'prepare', damaged, '--out', files.file('out')];
  const code = await main(
    argv,
    { stdout, stderr: new PassThrough(), stdin: new PassThrough() },
    {
      SHOTPUT_DATA_DIR: files.file('data'),
    },
  );
  expect(code).toBe(1);
  return JSON.parse(out.trim()) as Record<string, unknown>;
}

describe('an image that fails to prepare', () => {
  it('keeps its code and sentence in the job, the draft and the CLI alike', { timeout: 60_000 }, async () => {
    const job = await jobFailure();
    const draft = await draftError();
    const line = await prepareLine();
    expect(line).toMatchObject({ type: 'problem', file: damaged, code: 'image-corrupt' });
    const sentence = line.message as string;
    expect(sentence).toMatch(/damaged or incomplete/);
    // The job as `shotput queue list --json` prints it: the reason with its code beside it.
    expect(job).toMatchObject({ state: 'failed', reason: sentence, code: 'image-corrupt', retryable: false });
    expect(draft).toMatchObject({ state: 'error', error: sentence, errorCode: 'image-corrupt' });
  });
});
