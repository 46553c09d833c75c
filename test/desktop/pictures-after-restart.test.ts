// The window's pictures across a restart of the engine's process, with a real desktop on a real
// sandbox. The window still names the last run's drafts and jobs, and its cards and rows ask the new
// engine for their pictures at once; but the engine brings the signed-out drafts back first and the
// account's drafts and queue only once the service has accepted the saved sign-in. Asked in that
// gap, both pictures were answered "none" (a 404, a broken picture that never loads again: the
// motion restart test's finding in CI).
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { value } from '../app/handler-results';
import { photo } from '../images/fixtures';
import type { Scratch } from '../images/fixtures';
import type { Fixture } from '../service/sandbox-fixture';
import { signedInDesktop, useSandboxAndScratch } from './signed-in-desktop';

let sandbox: Fixture;
let files: Scratch;
useSandboxAndScratch((made, scratch) => {
  sandbox = made;
  files = scratch;
});

const numberOf = (url: string) => Number(url.split('/').at(-1));

it('a draft’s picture and a queued job’s picture asked before the saved sign-in is accepted are answered once it is', async () => {
  const dataDir = files.file('restart-data');
  const drafted = files.file('drafted.png');
  const queued = files.file('queued.png');
  await photo(1200, 900).png().toFile(drafted);
  await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2266aa' } })
    .png()
    .toFile(queued);

  const first = await signedInDesktop({ dataDir, sandbox, username: 'ada' });
  value(first.uploads.pauseAll());
  const [draft] = (await first.drafts.add([drafted])).drafts;
  await first.drafts.whenIdle();
  const resultUrl = first.drafts.get(draft!.id)!.result!.url;
  const [job] = value(
    await first.uploads.enqueue([
      { draftId: 'none', sourcePath: queued, metadata: { title: 'Queued' }, prepare: { size: 'auto', fit: 'cover' } },
    ]),
  );
  await first.close();

  const again = await signedInDesktop({ dataDir, sandbox, username: 'ada', restored: true, beforeSignedIn: true });
  try {
    // The window's card and row ask before the account is back.
    expect(again.uploads.view().available).toBe(false);
    const [draftPicture, jobPicture] = await Promise.all([
      again.drafts.picture(draft!.id, 'result', numberOf(resultUrl)),
      again.uploads.thumbnail(job!.jobId!),
    ]);
    expect(again.uploads.view().available).toBe(true);
    expect(draftPicture?.type).toMatch(/^image\/(jpeg|png)$/);
    expect(draftPicture!.buffer.byteLength).toBeGreaterThan(1000);
    expect(jobPicture?.type).toMatch(/^image\/(jpeg|png)$/);
    const { data } = await sharp(jobPicture!.buffer)
      .removeAlpha()
      .resize(1, 1)
      .raw()
      .toBuffer({ resolveWithObject: true });
    // The job's own blue, not a stand-in.
    [0x22, 0x66, 0xaa].forEach((channel, i) => expect(Math.abs(data[i]! - channel)).toBeLessThan(8));
  } finally {
    await again.close();
  }
});
