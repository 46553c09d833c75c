// One dropped file is decoded and encoded once on its way to the service: the draft's prepared
// image is the one the queue sends. Counted through the image pipeline's own counter, on a real
// desktop signed in to a real sandbox. The framing changed after the preview makes it twice; an
// image the queue cannot trust (the process ended before the queue took it) is prepared again from
// the content the queue kept, as the journal allows. The file itself is read once in all: the
// queue takes the content the draft read, so a file edited after the drop is sent as it was shown.
import { readFile, stat, utimes } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Desktop } from '../../main/desktop/desktop';
import { preparePipelinesRun } from '../../main/images/index';
import { hashBytes } from '../../main/uploads/index';
import type { JobView } from '../../common/contract/index';
import { photo, scratch } from '../images/fixtures';
import type { Scratch } from '../images/fixtures';
import { value } from '../app/handler-results';
import { signedInDesktop } from './signed-in-desktop';
import { signedInClient, startFixture } from '../service/sandbox-fixture';
import type { Fixture } from '../service/sandbox-fixture';

let sandbox: Fixture;
let files: Scratch;
beforeAll(async () => {
  sandbox = await startFixture({ processingMs: 50 });
  files = await scratch();
});
afterAll(async () => {
  await sandbox?.close();
  await files?.cleanup();
});

async function until(desktop: Desktop, done: (jobs: JobView[]) => boolean): Promise<JobView[]> {
  for (let i = 0; i < 1200; i++) {
    const jobs = desktop.uploads.view().jobs;
    if (done(jobs)) return jobs;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(
    `gave up waiting: ${JSON.stringify(desktop.uploads.view().jobs.map((j) => [j.title, j.state, j.failure]))}`,
  );
}

/** The bytes this process read from files, pipes and sockets (the kernel's count, every thread's). */
const readSoFar = async () => Number(/^rchar: (\d+)$/m.exec(await readFile('/proc/self/io', 'utf8'))![1]);

const published = (title: string) => (jobs: JobView[]) =>
  jobs.some((job) => job.title === title && job.state === 'published');

async function dropped(
  desktop: Desktop,
  name: string,
  width = 1200,
  height = 900,
): Promise<{ id: string; path: string }> {
  const file = files.file(name);
  await photo(width, height).jpeg().toFile(file);
  const [draft] = (await desktop.drafts.add([file])).drafts;
  await desktop.drafts.whenIdle();
  expect(desktop.drafts.get(draft!.id)!.state).toBe('ready');
  return { id: draft!.id, path: file };
}

describe('one file, one pipeline', () => {
  let desktop: Desktop;
  beforeAll(async () => {
    desktop = await signedInDesktop({ dataDir: files.file('data'), sandbox, username: 'ada' });
  });
  afterAll(async () => {
    await desktop?.close();
  });

  it('runs sharp once for a dropped and uploaded file, and main removes the draft the queue took', async () => {
    const before = preparePipelinesRun();
    const draft = await dropped(desktop, 'once.jpg');
    const [result] = value(
      await desktop.uploads.enqueueDrafts(desktop.drafts, [{ draftId: draft.id, metadata: { title: 'Once' } }]),
    );
    expect(result).toMatchObject({ draftId: draft.id, status: 'added' });
    expect(desktop.drafts.get(draft.id)).toBeUndefined();
    await until(desktop, published('Once'));
    expect(preparePipelinesRun() - before).toBe(1);
  });

  it.runIf(process.platform === 'linux')(
    'reads a dropped file once to make its draft (facts, previews, prepared image, the uploaded check)',
    async () => {
      const file = files.file('read-once.png');
      await photo(1600, 1200).png({ compressionLevel: 1 }).toFile(file);
      const size = (await stat(file)).size;
      const before = await readSoFar();
      const [draft] = (await desktop.drafts.add([file])).drafts;
      await desktop.drafts.whenIdle();
      expect(desktop.drafts.get(draft!.id)!.state).toBe('ready');
      const read = (await readSoFar()) - before;
      expect(read / size, `${read} bytes read for a file of ${size}`).toBeLessThan(1.5);
    },
  );

  it('runs it twice when the framing changed after the preview, and sends the new framing', async () => {
    const before = preparePipelinesRun();
    const draft = await dropped(desktop, 'reframed.jpg');
    desktop.drafts.setPrepare([draft.id], {
      size: '400x300',
      fit: 'cover',
      crop: { left: 0, top: 0, width: 800, height: 600 },
    });
    await desktop.drafts.whenIdle();
    value(
      await desktop.uploads.enqueueDrafts(desktop.drafts, [{ draftId: draft.id, metadata: { title: 'Reframed' } }]),
    );
    const jobs = await until(desktop, published('Reframed'));
    expect(preparePipelinesRun() - before).toBe(2);
    // The service got the 400x300 of the new framing (it offers a hidpi image only for 800x600).
    const shot = await (
      await signedInClient(sandbox.sandbox, 'ada')
    ).getShot(jobs.find((job) => job.title === 'Reframed')!.shotId!);
    expect(shot.images.hidpi ?? null).toBeNull();
  });

  it('keeps the prepared image until the queue takes it, however long the queue is paused', async () => {
    const before = preparePipelinesRun();
    const draft = await dropped(desktop, 'paused.jpg');
    value(desktop.uploads.pauseAll());
    value(await desktop.uploads.enqueueDrafts(desktop.drafts, [{ draftId: draft.id, metadata: { title: 'Paused' } }]));
    await new Promise((r) => setTimeout(r, 200));
    value(desktop.uploads.resumeAll());
    await until(desktop, published('Paused'));
    expect(preparePipelinesRun() - before).toBe(1);
  });

  it.runIf(process.platform === 'linux')(
    'reads a dropped and uploaded file once in all: the queue takes what the draft read',
    async () => {
      const file = files.file('uploaded-once.png');
      await photo(1600, 1200).png({ compressionLevel: 1 }).toFile(file);
      const size = (await stat(file)).size;
      const before = await readSoFar();
      const [draft] = (await desktop.drafts.add([file])).drafts;
      await desktop.drafts.whenIdle();
      // Paused: the count is the draft's and the enqueue's, not the upload's (the sandbox runs in this process).
      value(desktop.uploads.pauseAll());
      const [result] = value(
        await desktop.uploads.enqueueDrafts(desktop.drafts, [{ draftId: draft!.id, metadata: { title: 'Read once' } }]),
      );
      const read = (await readSoFar()) - before;
      // Resumed before the checks: a failure here leaves the queue running for the tests after it.
      value(desktop.uploads.resumeAll());
      expect(result).toMatchObject({ status: 'added' });
      expect(read / size, `${read} bytes read for a file of ${size}`).toBeLessThan(1.5);
      await until(desktop, published('Read once'));
    },
  );

  it('sends what the draft showed when the file changed after it was dropped, and says the file changed', async () => {
    const draft = await dropped(desktop, 'changed.jpg');
    const shown = hashBytes(await readFile(draft.path));
    await photo(1600, 1200, '#aa3355').jpeg().toFile(draft.path);
    await utimes(draft.path, new Date(), new Date(Date.now() + 5_000));
    const before = preparePipelinesRun();
    const [result] = value(
      await desktop.uploads.enqueueDrafts(desktop.drafts, [{ draftId: draft.id, metadata: { title: 'Changed' } }]),
    );
    const jobs = await until(desktop, published('Changed'));
    const job = desktop.uploads.queue()!.get(result!.jobId!)!;
    expect(job.contentHash).toBe(shown);
    // The draft's image as it is: nothing prepared again.
    expect(preparePipelinesRun() - before).toBe(0);
    expect(jobs.find((each) => each.title === 'Changed')!.sourceChanged).toBe(true);
  });
});

it('prepares from the source when the app ended between the enqueue and the queue taking the image', async () => {
  const dataDir = files.file('crash-data');
  const first = await signedInDesktop({ dataDir, sandbox, username: 'ben' });
  const draft = await dropped(first, 'crash.jpg');
  value(first.uploads.pauseAll());
  value(await first.uploads.enqueueDrafts(first.drafts, [{ draftId: draft.id, metadata: { title: 'After a crash' } }]));
  await first.close();

  const before = preparePipelinesRun();
  const again = await signedInDesktop({ dataDir, sandbox, username: 'ben', restored: true });
  expect(again.uploads.view().available).toBe(true);
  try {
    value(again.uploads.resumeAll());
    await until(again, published('After a crash'));
    expect(preparePipelinesRun() - before).toBe(1);
  } finally {
    await again.close();
  }
});
