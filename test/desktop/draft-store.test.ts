// The drafts' file on disk: written atomically (a crash leaves the old or the new file, never half),
// coalesced (a thousand edits in a burst are one or two writes, not a thousand), and a torn or
// foreign file is set aside and reported, never crashed on.
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DraftStore, DRAFTS_FILE } from '../../main/desktop/draft-store';
import type { StoredDraft } from '../../main/desktop/draft-store';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'shotput-draft-store-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

function draft(n: number, title = `Board ${n}`): StoredDraft {
  return {
    id: randomUUID(),
    path: `/work/boards/board-${n}.png`,
    prepare: { fit: 'contain', background: '#112233', size: 'auto' },
    words: {
      title,
      description: 'For the spring show.',
      tags: ['poster', 'spring'],
      lowProfile: n % 2 === 0,
      team: '',
      rebound: '',
      publish: 'at',
      at: '2031-03-04T09:30',
    },
  };
}

describe('DraftStore', () => {
  it('keeps every draft with every field, and a second store on the same folder reads them back in order', async () => {
    const drafts = [draft(1), draft(2), { ...draft(3), words: null }];
    const store = new DraftStore({ folder, snapshot: () => drafts, delayMs: 20 });
    store.schedule();
    await store.close();
    const again = await new DraftStore({ folder, snapshot: () => [] }).load();
    expect(again).toEqual(drafts);
    // Nothing is left beside it: the temporary file was renamed over the old one.
    expect(await readdir(folder)).toEqual([DRAFTS_FILE]);
  });

  it('writes a burst of a thousand edits to a thousand drafts once, within its delay, and not before', async () => {
    const drafts = Array.from({ length: 1000 }, (_, n) => draft(n));
    const store = new DraftStore({ folder, snapshot: () => drafts, delayMs: 300 });
    const started = performance.now();
    for (let edit = 0; edit < 1000; edit++) {
      drafts[edit]!.words!.title = `Edited ${edit}`;
      store.schedule();
    }
    expect(store.writes).toBe(0);
    // Within the delay (and the write's own time on a busy machine) the last edit is on disk.
    for (let i = 0; i < 200 && store.writes === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    const tookMs = performance.now() - started;
    expect(store.writes).toBe(1);
    expect(tookMs).toBeLessThan(1000);
    const text = await readFile(path.join(folder, DRAFTS_FILE), 'utf8');
    expect(text).toContain('Edited 999');
    await store.close();
    expect(store.writes).toBe(1);
  });

  it('an edit made while a write is under way is written after it, not lost', async () => {
    const drafts = [draft(1)];
    const store = new DraftStore({ folder, snapshot: () => drafts.map((d) => structuredClone(d)), delayMs: 5 });
    store.schedule();
    await new Promise((resolve) => setTimeout(resolve, 6));
    drafts[0]!.words!.title = 'Changed during the write';
    store.schedule();
    await store.close();
    const [back] = await new DraftStore({ folder, snapshot: () => [] }).load();
    expect(back?.words?.title).toBe('Changed during the write');
  });

  it('sets a torn file aside, says so, and starts without it', async () => {
    const whole = JSON.stringify({ version: 1, drafts: [draft(1), draft(2)] });
    await writeFile(path.join(folder, DRAFTS_FILE), whole.slice(0, Math.floor(whole.length / 2)));
    const logged: string[] = [];
    const store = new DraftStore({ folder, snapshot: () => [], log: (line) => logged.push(line) });
    expect(await store.load()).toEqual([]);
    const names = await readdir(folder);
    expect(names).not.toContain(DRAFTS_FILE);
    expect(names.some((name) => name.startsWith(`${DRAFTS_FILE}.unreadable-`))).toBe(true);
    expect(logged.join('\n')).toMatch(/set aside .*not whole/);
  });

  it('sets aside a file of another shape, and leaves out only the entries it cannot read', async () => {
    await writeFile(path.join(folder, DRAFTS_FILE), JSON.stringify({ version: 99, drafts: [] }));
    expect(await new DraftStore({ folder, snapshot: () => [] }).load()).toEqual([]);
    expect((await readdir(folder)).some((name) => name.includes('unreadable'))).toBe(true);

    const good = draft(1);
    await writeFile(
      path.join(folder, DRAFTS_FILE),
      JSON.stringify({
        version: 1,
        drafts: [good, { id: 'not-a-draft' }, { ...draft(2), prepare: { fit: 'squash' } }],
      }),
    );
    const logged: string[] = [];
    expect(await new DraftStore({ folder, snapshot: () => [], log: (line) => logged.push(line) }).load()).toEqual([
      good,
    ]);
    expect(logged.join('\n')).toContain('2 stored drafts could not be read');
  });

  it('a write cut short before its rename leaves the previous file whole', async () => {
    const first = [draft(1)];
    const store = new DraftStore({ folder, snapshot: () => first, delayMs: 5 });
    store.schedule();
    await store.close();
    // What a crash between writing the temporary file and renaming it leaves behind.
    await writeFile(path.join(folder, `${DRAFTS_FILE}.4242.tmp`), '{"version":1,"drafts":[{"id":');
    expect(await new DraftStore({ folder, snapshot: () => [] }).load()).toEqual(first);
  });
});
