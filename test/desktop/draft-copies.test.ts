// What a draft read is kept across a restart of the app: a draft restored prepares from its copy,
// so a file edited while the app was closed is still sent as the draft showed it, and the card
// says the file changed. A draft whose copy is gone reads its file again and says that too. The
// copies' neighbours: the editor's exact preview, other accounts' drafts, closing, and the Queue
// row's picture all go by what was read, not by the file as it is now.
import { mkdir, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import type { Desktop } from '../../main/desktop/desktop';
import { hashBytes } from '../../main/uploads/index';
import type { DraftView } from '../../common/contract/index';
import { photo } from '../images/fixtures';
import type { Scratch } from '../images/fixtures';
import { value } from '../app/handler-results';
import type { Fixture } from '../service/sandbox-fixture';
import { signedInDesktop, useSandboxAndScratch } from './signed-in-desktop';

let sandbox: Fixture;
let files: Scratch;
useSandboxAndScratch((started, scratchFiles) => {
  sandbox = started;
  files = scratchFiles;
});

async function restoredDraft(desktop: Desktop, file: string): Promise<DraftView> {
  for (let i = 0; i < 800; i++) {
    const draft = desktop.drafts.list().find((view) => view.path === file);
    if (draft && draft.state !== 'loading') return draft;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no restored draft of ${file}: ${JSON.stringify(desktop.drafts.list())}`);
}

/** A 1200x900 draft made and kept, the app closed, the file then edited into a 1600x1200 one. */
async function draftThenEdit(
  name: string,
  username: string,
): Promise<{ dataDir: string; file: string; shown: string }> {
  const dataDir = files.file(`${name}-data`);
  const file = files.file(`${name}.jpg`);
  await photo(1200, 900).jpeg().toFile(file);
  const shown = hashBytes(await readFile(file));
  const first = await signedInDesktop({ dataDir, sandbox, username });
  await first.drafts.add([file]);
  await first.drafts.whenIdle();
  await first.close();
  await photo(1600, 1200, '#aa3355').jpeg().toFile(file);
  await utimes(file, new Date(), new Date(Date.now() + 5_000));
  return { dataDir, file, shown };
}

it('restores a draft from what it read, sends that, and says its file changed', async () => {
  const { dataDir, file, shown } = await draftThenEdit('kept', 'ada');
  const again = await signedInDesktop({ dataDir, sandbox, username: 'ada', restored: true });
  try {
    const draft = await restoredDraft(again, file);
    expect(draft.state).toBe('ready');
    expect(draft.facts).toMatchObject({ width: 1200, height: 900 });
    expect(draft.warnings.map((warning) => warning.code)).toContain('source-changed');
    const [result] = value(
      await again.uploads.enqueueDrafts(again.drafts, [{ draftId: draft.id, metadata: { title: 'Kept' } }]),
    );
    expect(again.uploads.queue()!.get(result!.jobId!)!.contentHash).toBe(shown);
  } finally {
    await again.close();
  }
});

it('reads the file again when the copy is gone, and says it changed since the draft read it', async () => {
  const { dataDir, file } = await draftThenEdit('lost', 'ben');
  await rm(path.join(dataDir, 'draft-copies'), { recursive: true, force: true });
  const again = await signedInDesktop({ dataDir, sandbox, username: 'ben', restored: true });
  try {
    const draft = await restoredDraft(again, file);
    expect(draft.state).toBe('ready');
    expect(draft.facts).toMatchObject({ width: 1600, height: 1200 });
    expect(draft.warnings.map((warning) => warning.code)).toContain('source-changed');
    const [result] = value(
      await again.uploads.enqueueDrafts(again.drafts, [{ draftId: draft.id, metadata: { title: 'Lost' } }]),
    );
    expect(again.uploads.queue()!.get(result!.jobId!)!.contentHash).toBe(hashBytes(await readFile(file)));
  } finally {
    await again.close();
  }
});

it('lets go at start-up of copies no kept draft refers to, and keeps every copy while a drafts file cannot be read', async () => {
  const { dataDir } = await draftThenEdit('swept', 'ada');
  const copies = path.join(dataDir, 'draft-copies');
  const [held] = await readdir(copies);
  // Left by a run that stopped between removing a draft and deleting its copy.
  const orphan = 'f'.repeat(64);
  await writeFile(path.join(copies, orphan), 'left behind');
  const torn = path.join(dataDir, 'drafts', 'torn', 'drafts.json');
  await mkdir(path.dirname(torn), { recursive: true });
  await writeFile(torn, '{"version":1,"drafts":[{"id"');
  const careful = await signedInDesktop({ dataDir, sandbox, username: 'ada', restored: true });
  await careful.close();
  expect((await readdir(copies)).sort()).toEqual([held, orphan].sort());

  await rm(torn);
  const again = await signedInDesktop({ dataDir, sandbox, username: 'ada', restored: true });
  try {
    expect(await readdir(copies)).toEqual([held]);
  } finally {
    await again.close();
  }
});

it("keeps a copy another account's kept draft holds when the same file's draft is removed", async () => {
  const dataDir = files.file('shared-data');
  const file = files.file('shared.jpg');
  await photo(1200, 900).jpeg().toFile(file);
  const ada = await signedInDesktop({ dataDir, sandbox, username: 'ada' });
  await ada.drafts.add([file]);
  await ada.drafts.whenIdle();
  // Signing out puts Ada's drafts away in her folder.
  await ada.session.signOut();
  await ada.close();
  const copies = path.join(dataDir, 'draft-copies');
  const [held] = await readdir(copies);
  expect(held).toBe(hashBytes(await readFile(file)));

  // Ben, on the same computer, drops the same file and removes his draft: Ada's draft, on disk
  // and not loaded, still holds the copy.
  const ben = await signedInDesktop({ dataDir, sandbox, username: 'ben' });
  try {
    await ben.drafts.add([file]);
    await ben.drafts.whenIdle();
    const [draft] = ben.drafts.list();
    ben.drafts.remove([draft!.id]);
    await ben.session.signOut();
  } finally {
    await ben.close();
  }
  expect(await readdir(copies)).toEqual([held]);

  // Removing the last draft that holds it lets it go.
  await photo(1600, 1200, '#aa3355').jpeg().toFile(file);
  const last = await signedInDesktop({ dataDir, sandbox, username: 'ada' });
  try {
    const draft = await restoredDraft(last, file);
    expect(draft.facts).toMatchObject({ width: 1200, height: 900 });
    last.drafts.remove([draft.id]);
  } finally {
    await last.close();
  }
  expect(await readdir(copies)).toEqual([]);
});

it('makes the editor’s exact preview from what the draft read, not from the file edited since', async () => {
  const dataDir = files.file('preview-data');
  const file = files.file('preview.jpg');
  await photo(1200, 900).jpeg().toFile(file);
  const desktop = await signedInDesktop({ dataDir, sandbox, username: 'ada' });
  try {
    const [draft] = (await desktop.drafts.add([file])).drafts;
    await desktop.drafts.whenIdle();
    // Replaced by a picture too small for 800x600: its preview would be 400x300.
    await photo(500, 400, '#aa3355').jpeg().toFile(file);
    const preview = await desktop.drafts.finalPreview(draft!.id, { size: 'auto', fit: 'contain' });
    expect(preview).toMatchObject({ width: 800, height: 600 });
  } finally {
    await desktop.close();
  }
});

/** Tens of megabytes of noise: its copy takes a while to write. */
async function noise(file: string): Promise<void> {
  const noise = { type: 'gaussian', mean: 128, sigma: 60 } as const;
  await sharp({ create: { width: 4000, height: 3000, channels: 4, background: '#000', noise } })
    .png({ compressionLevel: 0 })
    .toFile(file);
}

/** The copies folder as closing left it stays so: nothing is written or let go after, no part file. */
async function expectNoChangeAfterClose(copies: string): Promise<void> {
  const after = (await readdir(copies).catch(() => [])).sort();
  await new Promise((r) => setTimeout(r, 500));
  expect((await readdir(copies).catch(() => [])).sort()).toEqual(after);
  expect(after.filter((name) => name.endsWith('.part'))).toEqual([]);
}

it('closes only once the copies being written are in place: nothing lands in the data folder after', async () => {
  const dataDir = files.file('closing-data');
  const file = files.file('large.png');
  await noise(file);
  const desktop = await signedInDesktop({ dataDir, sandbox, username: 'ada' });
  const copies = path.join(dataDir, 'draft-copies');
  await desktop.drafts.add([file]);
  // Closed while the draft reads the file, before its copy is begun: the copy is not begun after.
  await desktop.close();
  await expectNoChangeAfterClose(copies);
});

it('closes only once the copy being written is in place', async () => {
  const dataDir = files.file('closing-write-data');
  const file = files.file('large-written.png');
  await noise(file);
  const desktop = await signedInDesktop({ dataDir, sandbox, username: 'ada' });
  const copies = path.join(dataDir, 'draft-copies');
  await desktop.drafts.add([file]);
  // Closed once the copy is being written.
  for (let i = 0; i < 4000; i++) {
    if ((await readdir(copies).catch(() => [])).length > 0) break;
    await new Promise((r) => setImmediate(r));
  }
  await desktop.close();
  await expectNoChangeAfterClose(copies);
});

it('shows a queued job’s picture from what the job sends, not from its file edited since', async () => {
  const dataDir = files.file('thumbnail-data');
  const file = files.file('queued.png');
  const colour = async (buffer: Buffer) => {
    const { data } = await sharp(buffer).removeAlpha().resize(1, 1).raw().toBuffer({ resolveWithObject: true });
    return [...data];
  };
  await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2266aa' } })
    .png()
    .toFile(file);
  const desktop = await signedInDesktop({ dataDir, sandbox, username: 'ada' });
  try {
    value(desktop.uploads.pauseAll());
    // Queued as a watched folder or the CLI queues it: no draft's card to show.
    const [result] = value(
      await desktop.uploads.enqueue([
        { draftId: 'none', sourcePath: file, metadata: { title: 'Queued' }, prepare: { size: 'auto', fit: 'cover' } },
      ]),
    );
    await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#dd3311' } })
      .png()
      .toFile(file);
    const picture = await desktop.uploads.thumbnail(result!.jobId!);
    const [r, , b] = await colour(picture!.buffer);
    expect(b, 'the blue of what was queued').toBeGreaterThan(r!);
    value(desktop.uploads.resumeAll());
  } finally {
    await desktop.close();
  }
});
