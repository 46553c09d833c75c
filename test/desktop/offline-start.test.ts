// A start while the service cannot be reached, with a real desktop on a real sandbox that drops
// every connection (reset_rate 1, as an outage looks from here). The saved sign-in used to be
// answered "could not reach the service" and the app started signed out: the account's drafts
// and queue stayed on disk, out of sight, until the designer signed in again by hand. Only the
// service refusing the token means signed out; an outage keeps the account, as last known.
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { value } from '../app/handler-results';
import { photo } from '../images/fixtures';
import type { Scratch } from '../images/fixtures';
import { control, type Fixture } from '../service/sandbox-fixture';
import type { Desktop } from '../../main/desktop/desktop';
import { signedInDesktop, useSandboxAndScratch } from './signed-in-desktop';

let sandbox: Fixture;
let files: Scratch;
useSandboxAndScratch((made, scratch) => {
  sandbox = made;
  files = scratch;
});

/** The signed-in account's picture as the window shows it (null: not yet; undefined: not signed in). */
function avatarShown(desktop: Desktop): string | null | undefined {
  const now = desktop.session.state();
  return now.status === 'signed-in' ? now.account.avatar : undefined;
}

it('keeps the saved account signed in as last known, with its drafts and queue, and takes its user when the service answers', async () => {
  const dataDir = files.file('offline-data');
  const drafted = files.file('drafted.png');
  const queued = files.file('queued.png');
  await photo(800, 600).png().toFile(drafted);
  await photo(900, 700).png().toFile(queued);

  const first = await signedInDesktop({ dataDir, sandbox, username: 'ada' });
  value(first.uploads.pauseAll());
  const [draft] = (await first.drafts.add([drafted])).drafts;
  await first.drafts.whenIdle();
  const [job] = value(
    await first.uploads.enqueue([
      { draftId: 'none', sourcePath: queued, metadata: { title: 'Queued' }, prepare: { size: 'auto', fit: 'cover' } },
    ]),
  );
  await first.close();

  await control(sandbox.sandbox, 'faults', { reset_rate: 1 });
  const startedAt = Date.now();
  const again = await signedInDesktop({ dataDir, sandbox, username: 'ada', restored: true, beforeSignedIn: true });
  try {
    await again.session.started;
    const state = again.session.state();
    expect(state).toMatchObject({ status: 'signed-in', problem: null });
    // The window's account says it is offline, and since when, from the start: in every tab.
    const since = state.status === 'signed-in' ? state.account.offlineSince : null;
    expect(Date.parse(since ?? '')).toBeGreaterThanOrEqual(startedAt - 1);
    // The profile the service sent last time: name, pro, teams; no picture until it answers.
    expect(state.status === 'signed-in' && state.account).toMatchObject({
      username: 'ada',
      name: 'Ada Lovelace',
      pro: true,
      teams: [{ login: 'studio' }],
      avatar: null,
    });
    await again.drafts.settled;
    expect(again.drafts.list().map((d) => d.id)).toEqual([draft!.id]);
    await again.uploads.settled;
    const queue = again.uploads.view();
    expect(queue.available).toBe(true);
    expect(queue.jobs.map((j) => j.id)).toEqual([job!.jobId]);
    // The queue's one banner says the service does not answer.
    expect(queue.offline?.host).toBe(new URL(sandbox.sandbox.api).host);

    // The service answers again: the next request of the account (the queue's, here one of the
    // window's) finds it, and the session takes the user and picture the service sends now.
    await control(sandbox.sandbox, 'faults', { reset_rate: 0 });
    await again.session.client()!.listUserShots();
    await expect.poll(() => avatarShown(again)).toMatch(/^data:image\//);
    expect(again.uploads.view().offline ?? null).toBeNull();
    expect(again.session.state()).toMatchObject({ account: { offlineSince: null } });
  } finally {
    await control(sandbox.sandbox, 'faults', { reset_rate: 0 });
    await again.close();
  }
});

it('says the account is offline while a signed-in session loses the service, with no upload waiting, and not after', async () => {
  const desktop = await signedInDesktop({ dataDir: files.file('mid-session-data'), sandbox, username: 'ada' });
  const shown: (string | null)[] = [];
  desktop.session.onChange((state) => {
    if (state.status === 'signed-in') shown.push(state.account.offlineSince);
  });
  try {
    expect(desktop.session.state()).toMatchObject({ status: 'signed-in', account: { offlineSince: null } });
    // The picture fetched after the sign-in is shown first: arriving during the outage, it would be
    // another change of the account, beside the mark's, in what this test counts.
    await expect.poll(() => avatarShown(desktop)).toMatch(/^data:image\//);
    shown.length = 0;
    await control(sandbox.sandbox, 'faults', { reset_rate: 1 });
    const lostAt = Date.now();
    // Two requests of one outage: one change of the mark, not one per failure.
    for (let i = 0; i < 2; i++)
      await desktop.session
        .client()!
        .listUserShots()
        .catch(() => undefined);
    const state = desktop.session.state();
    const since = state.status === 'signed-in' ? state.account.offlineSince : null;
    expect(Date.parse(since ?? '')).toBeGreaterThanOrEqual(lostAt - 1);
    expect(desktop.uploads.view().jobs).toEqual([]);
    await control(sandbox.sandbox, 'faults', { reset_rate: 0 });
    await desktop.session.client()!.listUserShots();
    expect(desktop.session.state()).toMatchObject({ status: 'signed-in', account: { offlineSince: null } });
    expect(shown.filter((value) => value !== null)).toEqual([since]);
    expect(shown.at(-1)).toBeNull();
  } finally {
    await control(sandbox.sandbox, 'faults', { reset_rate: 0 });
    await desktop.close();
  }
});

it('the offline mark goes by itself when the service answers again, with nothing queued and nothing asked', async () => {
  const desktop = await signedInDesktop({ dataDir: files.file('quiet-outage-data'), sandbox, username: 'ada' });
  const offline = () => {
    const state = desktop.session.state();
    return state.status === 'signed-in' ? state.account.offlineSince : 'signed out';
  };
  try {
    await control(sandbox.sandbox, 'faults', { reset_rate: 1 });
    await desktop.session
      .client()!
      .listUserShots()
      .catch(() => undefined);
    expect(offline()).toEqual(expect.any(String));
    await control(sandbox.sandbox, 'faults', { reset_rate: 0 });
    // Real time is the subject: the account's own question 5 s after the outage began (account-check.ts).
    // Before, nothing was sent while the window was quiet, so the mark stayed on.
    await expect.poll(offline, { timeout: 20_000, interval: 100 }).toBeNull();
    expect(desktop.session.state()).toMatchObject({ status: 'signed-in', account: { username: 'ada' } });
  } finally {
    await control(sandbox.sandbox, 'faults', { reset_rate: 0 });
    await desktop.close();
  }
});

/** A desktop signed in as `username` and closed, then opened again on its data folder during an outage. */
async function restartedOffline(username: string, dataDir: string, beforeStart = async () => {}) {
  const first = await signedInDesktop({ dataDir, sandbox, username });
  const userId = first.session.user()!.id;
  await first.close();
  await beforeStart();
  await control(sandbox.sandbox, 'faults', { reset_rate: 1 });
  const again = await signedInDesktop({ dataDir, sandbox, username, restored: true, beforeSignedIn: true });
  await again.session.started;
  return { again, userId };
}

it('signs out with the one sentence when the service, answering again, no longer accepts the sign-in', async () => {
  const dataDir = files.file('refused-data');
  const { again, userId } = await restartedOffline('ben', dataDir);
  const profile = path.join(dataDir, 'profiles', 'sandbox', String(userId));
  try {
    expect(again.session.state()).toMatchObject({ status: 'signed-in', account: { username: 'ben' } });
    expect(existsSync(profile)).toBe(true);
    const saved = JSON.parse(await readFile(path.join(dataDir, 'accounts.json'), 'utf8')) as {
      accounts: Record<string, string>;
    };
    const token = (JSON.parse(saved.accounts['sandbox']!) as { accessToken: string }).accessToken;
    await control(sandbox.sandbox, 'tokens/revoke', { access_token: token });
    await control(sandbox.sandbox, 'faults', { reset_rate: 0 });
    await again.session
      .client()!
      .listUserShots()
      .catch(() => undefined);
    await expect.poll(() => again.session.state().status).toBe('signed-out');
    expect(again.session.state().problem).toMatchObject({
      code: 'signed-out',
      message: expect.stringMatching(/no longer accepts the saved sign-in\.$/),
    });
    expect(again.session.client()).toBeUndefined();
    // The token and the profile are forgotten, as at a start the service answered.
    expect(await readFile(path.join(dataDir, 'accounts.json'), 'utf8')).not.toContain(token);
    expect(existsSync(profile)).toBe(false);
  } finally {
    await control(sandbox.sandbox, 'faults', { reset_rate: 0 });
    await again.close();
  }
});

it('a sign-in kept from before profiles were kept comes back with its name and handle, and signing out forgets the profile', async () => {
  const dataDir = files.file('summary-data');
  const { again, userId } = await restartedOffline('ada', dataDir, () =>
    rm(path.join(dataDir, 'profiles'), { recursive: true, force: true }),
  );
  try {
    const state = again.session.state();
    expect(state.status === 'signed-in' && state.account).toMatchObject({
      id: userId,
      username: 'ada',
      name: 'Ada Lovelace',
      // Nothing more is known until the service answers: not taken for pro, no teams.
      pro: false,
      teams: [],
    });
    await control(sandbox.sandbox, 'faults', { reset_rate: 0 });
    await again.session.client()!.listUserShots();
    await expect
      .poll(() => {
        const now = again.session.state();
        return now.status === 'signed-in' && now.account.pro;
      })
      .toBe(true);
    const profile = path.join(dataDir, 'profiles', 'sandbox', String(userId), 'user.json');
    await expect.poll(() => existsSync(profile)).toBe(true);
    await again.session.signOut();
    expect(existsSync(profile)).toBe(false);
  } finally {
    await control(sandbox.sandbox, 'faults', { reset_rate: 0 });
    await again.close();
  }
});
