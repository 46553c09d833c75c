// A dropped clip is read once, like a still: its draft streams it into a private copy, and every
// decode after that (the preparation, the strip, the live estimate, the exact preview) and the
// queue read the copy. So a clip re-exported over the same name after the drop is sent, stripped
// and estimated as the draft showed it, and the card says the file changed. Real clips made by
// ffmpeg, decoded by ffmpeg in main (no window here), a real desktop signed in to a real sandbox.
import { readFile, utimes } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { hashBytes } from '../../main/uploads/index';
import type { JobView } from '../../common/contract/index';
import type { Scratch } from '../images/fixtures';
import { H264, ffmpegClip, movingSquare } from '../images/motion-fixtures';
import { value } from '../app/handler-results';
import type { Fixture } from '../service/sandbox-fixture';
import { signedInDesktop, useSandboxAndScratch } from './signed-in-desktop';

let sandbox: Fixture;
let files: Scratch;
useSandboxAndScratch((started, scratchFiles) => {
  sandbox = started;
  files = scratchFiles;
});

it('reads a dropped clip once: what the draft showed is what is stripped, estimated and sent', async () => {
  const file = files.file('walkthrough.mp4');
  await ffmpegClip(file, movingSquare('640x480', 10, 2), H264);
  const shown = hashBytes(await readFile(file));
  const desktop = await signedInDesktop({ dataDir: files.file('data'), sandbox, username: 'ada' });
  try {
    const [added] = (await desktop.drafts.add([file])).drafts;
    const id = added!.id;
    await desktop.drafts.whenIdle();
    expect(desktop.drafts.get(id)).toMatchObject({ state: 'ready', facts: { durationMs: 2000 } });

    // Exported again over the same name, one second long.
    await ffmpegClip(file, movingSquare('640x480', 10, 1), H264);
    await utimes(file, new Date(), new Date(Date.now() + 5_000));

    const strip = await desktop.drafts.strip(id, 4);
    expect(strip.at(-1)!.timeMs, 'the strip spans the two seconds the draft read').toBeGreaterThan(1000);
    const estimate = await desktop.drafts.estimate(id, { size: 'auto', fit: 'cover' });
    expect(estimate).toMatchObject({ durationMs: 2000 });
    const preview = await desktop.drafts.finalPreview(id, { size: '400x300', fit: 'cover' });
    expect(preview).toMatchObject({ width: 400, height: 300 });

    const [result] = value(
      await desktop.uploads.enqueueDrafts(desktop.drafts, [{ draftId: id, metadata: { title: 'Walkthrough' } }]),
    );
    expect(desktop.uploads.queue()!.get(result!.jobId!)!.contentHash).toBe(shown);
    let jobs: JobView[] = [];
    for (let i = 0; i < 1200 && !jobs.some((job) => job.state === 'published'); i++) {
      await new Promise((r) => setTimeout(r, 25));
      jobs = desktop.uploads.view().jobs;
    }
    expect(jobs.find((job) => job.title === 'Walkthrough')).toMatchObject({ state: 'published', sourceChanged: true });
  } finally {
    await desktop.close();
  }
}, 120_000);

it('brings a clip draft back after a restart from its copy, and says the file changed since', async () => {
  const dataDir = files.file('restart-data');
  const file = files.file('prototype.mp4');
  await ffmpegClip(file, movingSquare('640x480', 10, 2), H264);
  const first = await signedInDesktop({ dataDir, sandbox, username: 'ben' });
  await first.drafts.add([file]);
  await first.drafts.whenIdle();
  await first.close();
  await ffmpegClip(file, movingSquare('640x480', 10, 1), H264);
  await utimes(file, new Date(), new Date(Date.now() + 5_000));

  const again = await signedInDesktop({ dataDir, sandbox, username: 'ben', restored: true });
  try {
    let draft = again.drafts.list().find((view) => view.path === file);
    for (let i = 0; i < 800 && draft?.state !== 'ready'; i++) {
      await new Promise((r) => setTimeout(r, 25));
      draft = again.drafts.list().find((view) => view.path === file);
    }
    expect(draft).toMatchObject({ state: 'ready', facts: { durationMs: 2000 } });
    expect(draft!.warnings.map((warning) => warning.code)).toContain('source-changed');
  } finally {
    await again.close();
  }
}, 120_000);
