// Drafts kept per account, in plain Node against a real sandbox: what is typed comes back after the
// desktop is closed and opened again, after a sign-out and sign-in of the same account, and not for
// another account; a drop while signed out is kept for whoever signs in; a draft whose file has
// gone says so and keeps its words; a title from a decomposed (NFD) file name is composed (NFC).
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AccountManager } from '../../main/auth/account-manager';
import { fileModeSecretBox, ownerOnlyFile } from '../../main/auth/file-persistence';
import { TokenStore } from '../../main/auth/token-store';
import { openDesktop } from '../../main/desktop/desktop';
import type { Desktop } from '../../main/desktop/desktop';
import type { DraftView, DraftWords } from '../../common/contract/index';
import { TestBrowser } from '../auth/browser';
import { photo } from '../images/fixtures';
import type { Scratch } from '../images/fixtures';
import type { Fixture } from '../service/sandbox-fixture';
import { useSandboxAndScratch } from './signed-in-desktop';

let sandbox: Fixture;
let files: Scratch;
useSandboxAndScratch((started, scratchFiles) => {
  sandbox = started;
  files = scratchFiles;
});

interface Harness {
  desktop: Desktop;
  opened: string[];
}

async function open(dataDir: string): Promise<Harness> {
  const opened: string[] = [];
  const desktop = await openDesktop({
    dataDir,
    accounts: new AccountManager({
      store: new TokenStore(fileModeSecretBox, ownerOnlyFile(path.join(dataDir, 'accounts.json'))),
      openExternal: async (url) => void opened.push(url),
      sandbox: async () => sandbox.sandbox,
    }),
    prepareDefaults: () => ({ size: 'auto', fit: 'cover' }),
  });
  return { desktop, opened };
}

async function signIn(h: Harness, username: string): Promise<void> {
  const signing = h.desktop.session.signIn({ service: 'sandbox' });
  for (let i = 0; i < 200 && h.opened.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
  await h.desktop.session.handleDeepLink(
    await new TestBrowser().authorize(h.opened.shift()!, { username, password: 'sandbox', decision: 'allow' }),
  );
  expect((await signing).ok).toBe(true);
  await h.desktop.keeper.flush();
}

async function until<T>(read: () => T, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting; last: ${JSON.stringify(value).slice(0, 400)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const words = (title: string, extra: Partial<DraftWords> = {}): DraftWords => ({
  title,
  description: `About ${title}`,
  tags: ['poster', title.toLowerCase()],
  lowProfile: false,
  team: '',
  rebound: '',
  publish: 'at',
  at: '2031-05-06T10:15',
  ...extra,
});

const byPath = (views: DraftView[]) => Object.fromEntries(views.map((view) => [path.basename(view.path), view]));

describe('drafts kept per account', () => {
  it('come back with their words and framing after a restart and after a sign-out and sign-in, never for another account', async () => {
    const dataDir = files.file('keeper-data');
    const a = await files.write('a.png', await photo(1200, 900).png().toBuffer());
    const b = await files.write('b.png', await photo(900, 700).png().toBuffer());
    const first = await open(dataDir);
    await signIn(first, 'ada');
    const added = await first.desktop.drafts.add([a, b]);
    const [da, db] = added.drafts;
    first.desktop.drafts.setWords([{ id: da!.id, words: words('Alpha', { lowProfile: true }) }]);
    first.desktop.drafts.setPrepare([db!.id], { fit: 'contain', background: '#203040', size: '400x300' });
    first.desktop.drafts.setWords([{ id: db!.id, words: words('Beta', { publish: 'now' }) }]);
    await first.desktop.close();

    const second = await open(dataDir);
    const restored = await until(
      () => second.desktop.drafts.list(),
      (views) => views.length === 2,
    );
    expect(restored.map((view) => view.id)).toEqual([da!.id, db!.id]);
    expect(byPath(restored)['a.png']!.words).toEqual(words('Alpha', { lowProfile: true }));
    expect(byPath(restored)['b.png']!.prepare).toEqual({ fit: 'contain', background: '#203040', size: '400x300' });
    expect(byPath(restored)['b.png']!.words?.publish).toBe('now');
    // The previews are made again from the files.
    await until(
      () => second.desktop.drafts.list(),
      (views) => views.every((view) => view.state === 'ready' && view.result !== null),
    );

    // Signed out: the account's drafts are put away; another account sees none of them.
    await second.desktop.session.signOut();
    await second.desktop.keeper.flush();
    expect(second.desktop.drafts.list()).toEqual([]);
    await signIn(second, 'ben');
    expect(second.desktop.drafts.list()).toEqual([]);
    await second.desktop.session.signOut();
    await signIn(second, 'ada');
    expect(second.desktop.drafts.list().map((view) => view.words?.title)).toEqual(['Alpha', 'Beta']);
    await second.desktop.close();
  });

  it('keeps a drop made while signed out, across a restart, for whoever signs in next', async () => {
    const dataDir = files.file('signed-out-data');
    const c = await files.write('c.png', await photo(1000, 750).png().toBuffer());
    const first = await open(dataDir);
    const added = await first.desktop.drafts.add([c]);
    expect(added.drafts).toHaveLength(1);
    first.desktop.drafts.setWords([{ id: added.drafts[0]!.id, words: words('Dropped before signing in') }]);
    await first.desktop.close();

    const second = await open(dataDir);
    await until(
      () => second.desktop.drafts.list(),
      (views) => views.length === 1,
    );
    await signIn(second, 'ada');
    expect(second.desktop.drafts.list().map((view) => view.words?.title)).toEqual(['Dropped before signing in']);
    // Now the account's: a sign-out puts it away with hers, and it no longer waits for anyone else.
    await second.desktop.session.signOut();
    await second.desktop.keeper.flush();
    expect(second.desktop.drafts.list()).toEqual([]);
    await signIn(second, 'ben');
    expect(second.desktop.drafts.list()).toEqual([]);
    await second.desktop.close();
  });

  it('a draft whose file has gone says so and keeps its words', async () => {
    const dataDir = files.file('gone-data');
    const d = await files.write('gone.png', await photo(1000, 750).png().toBuffer());
    const first = await open(dataDir);
    await signIn(first, 'ada');
    const [draft] = (await first.desktop.drafts.add([d])).drafts;
    first.desktop.drafts.setWords([{ id: draft!.id, words: words('Still here') }]);
    await first.desktop.close();
    await rm(d);

    const second = await open(dataDir);
    const [view] = await until(
      () => second.desktop.drafts.list(),
      (views) => views.length === 1 && views[0]!.state === 'error',
    );
    expect(view!.missing).toBe(true);
    expect(view!.errorCode).toBe('image-not-found');
    expect(view!.error).toBe(
      `gone.png is no longer in ${path.dirname(d)}; its title and settings are kept. Put the file back, or remove this draft.`,
    );
    expect(view!.words?.title).toBe('Still here');
    await second.desktop.close();
  });

  it('titles a draft from a decomposed (NFD) file name in composed form (NFC)', async () => {
    const dataDir = files.file('nfc-data');
    const decomposed = 'Cafe\u0301 menu.png';
    const file = await files.write(decomposed, await photo(1000, 750).png().toBuffer());
    const h = await open(dataDir);
    const [draft] = (await h.desktop.drafts.add([file])).drafts;
    expect(draft!.title).toBe('Caf\u00e9 menu');
    expect(draft!.title).toBe(draft!.title.normalize('NFC'));
    await h.desktop.close();
  });
});
