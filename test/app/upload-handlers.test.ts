// The upload, watch and settings handlers on a real desktop signed in to a real sandbox as ben (not
// pro, on no team): what they refuse, with which sentence, before anything reaches the queue.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Desktop } from '../../main/desktop/desktop';
import { PathGrants } from '../../main/desktop/path-grants';
import { createRequestHandlers } from '../../main/desktop/handlers/index';
import type { RequestHandlers } from '../../main/app/ipc-registration';
import { defaultSettings, type Settings } from '../../common/contract/index';
import { photo, scratch } from '../images/fixtures';
import type { Scratch } from '../images/fixtures';
import { signedInDesktop } from '../desktop/signed-in-desktop';
import { startFixture } from '../service/sandbox-fixture';
import type { Fixture } from '../service/sandbox-fixture';
import { fakeAppShell } from './app-shell-fake';

vi.mock('electron', () => ({}));

let sandbox: Fixture;
let files: Scratch;
let desktop: Desktop;
let handlers: RequestHandlers;
const grants = new PathGrants();
const picks: string[][] = [];
const loginItems: boolean[] = [];
const openedExternally: string[] = [];

beforeAll(async () => {
  sandbox = await startFixture({ processingMs: 100 });
  files = await scratch();
  desktop = await signedInDesktop({ dataDir: files.file('data'), sandbox, username: 'ben' });

  let settings: Settings = { ...defaultSettings };
  handlers = createRequestHandlers({
    appInfo: { name: 'Shotput', version: '0.0.0', platform: 'darwin' },
    settings: {
      loadProblem: undefined,
      get: () => settings,
      set: async (patch) => (settings = { ...settings, ...patch }),
    },
    emit: () => undefined,
    session: desktop.session,
    openExternal: async (url) => void openedExternally.push(url),
    drafts: desktop.drafts,
    uploads: desktop.uploads,
    motion: desktop.motion,
    appShell: fakeAppShell(),
    watch: desktop.watch,
    pickPaths: async () => picks.shift() ?? [],
    takeOpenedFiles: () => [],
    grants,
    applyOpenAtLogin: (open) => void loginItems.push(open),
  });
});
afterAll(async () => {
  await desktop?.close();
  await sandbox?.close();
  await files?.cleanup();
});

describe('upload handlers', () => {
  it('refuses a schedule for an account that may not schedule, a team it is not on, and a draft that is gone', async () => {
    const file = files.file('ben.png');
    await photo(800, 600).png().toFile(file);
    grants.grant([file]); // as a drop does
    const added = await handlers['drafts.add']({ paths: [file] });
    if (!added.ok) throw new Error(added.error.message);
    const draftId = added.value.drafts[0]!.id;
    const later = new Date(Date.now() + 86_400_000).toISOString();

    const scheduled = await handlers['queue.enqueue']({
      items: [{ draftId, metadata: { title: 'x', scheduledFor: later } }],
    });
    // Each draft is answered on its own (one bad draft stops alone), with the sentence for its card.
    expect(scheduled).toMatchObject({ ok: true, value: [{ draftId, status: 'error', jobId: null }] });
    if (scheduled.ok)
      expect(scheduled.value[0]!.message).toMatch(
        /Scheduling is for pro accounts, teams and team members.*Publish now/,
      );
    const spaced = await handlers['queue.enqueue']({
      items: [{ draftId, metadata: { title: 'x' } }],
      spacing: { start: later, everyHours: 2 },
    });
    expect(spaced).toMatchObject({ ok: false, error: { code: 'cannot-schedule' } });
    const team = await handlers['queue.enqueue']({ items: [{ draftId, metadata: { title: 'x', teamId: 4 } }] });
    expect(team).toMatchObject({
      ok: true,
      value: [
        {
          draftId,
          status: 'error',
          message: 'This account is not a member of the chosen team. Choose one of your teams, or none.',
        },
      ],
    });
    const gone = await handlers['queue.enqueue']({
      items: [{ draftId: '00000000-0000-0000-0000-000000000000', metadata: { title: 'x' } }],
    });
    expect(gone).toMatchObject({
      ok: false,
      error: { code: 'unknown-draft', message: 'A draft is no longer there; add the files again.' },
    });
    expect(desktop.uploads.view().jobs).toEqual([]);

    const sent = await handlers['queue.enqueue']({ items: [{ draftId, metadata: { title: 'Now' } }] });
    expect(sent).toMatchObject({ ok: true, value: [{ draftId, status: 'added' }] });
    const refusal = await handlers['queue.cancel']({ id: 'no-such-job' });
    expect(refusal).toMatchObject({
      ok: false,
      error: { code: 'refused', message: 'No job no-such-job in the queue.' },
    });
  });

  it('opens a published shot in the browser, and says why not before it is created', async () => {
    for (let i = 0; i < 400 && desktop.uploads.view().jobs[0]?.state !== 'published'; i++)
      await new Promise((r) => setTimeout(r, 25));
    const job = desktop.uploads.view().jobs[0]!;
    expect(await handlers['queue.openShot']({ id: job.id })).toEqual({ ok: true, value: null });
    expect(openedExternally.at(-1)).toMatch(new RegExp(`^${sandbox.sandbox.url}/`));
    expect(await handlers['queue.openShot']({ id: 'nope' })).toMatchObject({
      ok: false,
      error: { message: 'This upload is no longer in the queue.' },
    });
  });

  it('uses the system pickers for files and folders, and a cancelled picker changes nothing', async () => {
    expect(await handlers['drafts.pick'](undefined)).toEqual({ ok: true, value: { drafts: [], problems: [] } });
    const folder = files.file('picked');
    await mkdir(folder, { recursive: true });
    await photo(400, 300).jpeg().toFile(path.join(folder, 'one.jpg'));
    picks.push([folder]);
    const picked = await handlers['drafts.pick'](undefined);
    expect(picked.ok && picked.value.drafts.map((d) => d.name)).toEqual(['one.jpg']);

    expect(await handlers['watch.add']({})).toEqual({ ok: true, value: [] });
    picks.push([folder]);
    const watched = await handlers['watch.add']({});
    expect(watched.ok && watched.value.map((f) => f.path)).toEqual([folder]);
    expect(await handlers['watch.add']({ path: folder })).toMatchObject({
      ok: false,
      error: { code: 'refused', message: 'picked is already watched.' },
    });
    const image = await handlers['images.preview']({ draftId: '00000000-0000-0000-0000-000000000000', prepare: {} });
    expect(image).toMatchObject({ ok: false, error: { code: 'image-not-found' } });
  });

  it('opens only paths the user dropped or picked, with one sentence whether the file exists or not', async () => {
    const outside = files.file('outside');
    await mkdir(outside, { recursive: true });
    const secret = path.join(outside, 'private.png');
    await photo(300, 200).png().toFile(secret);
    const missing = path.join(outside, 'missing.png');
    const existing = await handlers['drafts.add']({ paths: [secret] });
    const absent = await handlers['drafts.add']({ paths: [missing] });
    expect(existing).toEqual({
      ok: false,
      error: {
        code: 'not-granted',
        message: 'Shotput opens only files you chose or dropped in its window; choose or drop them again.',
      },
    });
    expect(absent).toEqual(existing);
    // One path outside the grants refuses the whole request, granted ones included.
    const dropped = files.file('dropped');
    await mkdir(dropped, { recursive: true });
    await photo(300, 200).png().toFile(path.join(dropped, 'ok.png'));
    grants.grant([dropped]);
    expect(await handlers['drafts.add']({ paths: [path.join(dropped, 'ok.png'), secret] })).toEqual(existing);
    expect(await handlers['drafts.add']({ paths: [path.join(dropped, '..', 'outside', 'private.png')] })).toEqual(
      existing,
    );
    const inside = await handlers['drafts.add']({ paths: [path.join(dropped, 'ok.png')] });
    expect(inside.ok && inside.value.drafts.map((d) => d.name)).toEqual(['ok.png']);

    const folder = await handlers['watch.add']({ path: outside });
    expect(folder).toEqual({
      ok: false,
      error: {
        code: 'not-granted',
        message: 'Shotput watches only a folder you chose or dropped in its window; choose it again.',
      },
    });
    expect(await handlers['watch.add']({ path: path.join(outside, 'nope') })).toEqual(folder);
    expect(desktop.watch.list().map((f) => f.path)).not.toContain(outside);
    const watched = await handlers['watch.add']({ path: dropped });
    expect(watched.ok && watched.value.map((f) => f.path)).toContain(dropped);
    await handlers['watch.remove']({ id: watched.ok ? watched.value.find((f) => f.path === dropped)!.id : '' });
  });

  it('applies “open at login” when it is changed, and only then', async () => {
    await handlers['settings.set']({ theme: 'dark' });
    await handlers['settings.set']({ openAtLogin: true });
    expect(loginItems).toEqual([true]);
  });
});
