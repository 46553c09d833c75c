// With dataDir, state (and uploaded images) survive a restart; without it, state is in memory.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { api, control, createShot, image, start, token } from './helpers';

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'sandbox-data-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('persistence', () => {
  it('keeps shots, comments, likes, tokens, sessions, clock and images across a restart', async () => {
    const dataDir = tempDir();
    const first = await start({ dataDir });
    const tok = await token(first, 'ada', ['public', 'upload', 'comment', 'write']);
    const id = await createShot(first, tok, { title: 'Persistent', 'tags[]': ['keep'] }, await image(800, 600));
    const comment = (await api(first, 'POST', `/v1/shots/${id}/comments`, tok, { body: 'Still here @ben' })).json;
    await api(first, 'POST', `/v1/shots/${id}/comments/${comment.id}/like`, tok);
    await control(first, 'clock', { now: '2032-02-02T00:00:00Z' });
    const before = (await api(first, 'GET', `/v2/shots/${id}`, tok)).json;
    const hidpiBefore = Buffer.from(await (await fetch(before.images.hidpi)).arrayBuffer());
    await first.close();

    expect(existsSync(join(dataDir, 'state.json'))).toBe(true);
    expect(readdirSync(dataDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    const second = await start({ dataDir });
    try {
      const after = await api(second, 'GET', `/v2/shots/${id}`, tok);
      expect(after.status).toBe(200);
      expect(after.json).toMatchObject({ id, title: 'Persistent', tags: ['keep'] });
      const hidpiAfter = Buffer.from(await (await fetch(after.json.images.hidpi)).arrayBuffer());
      expect(hidpiAfter.equals(hidpiBefore)).toBe(true);
      const c = (await api(second, 'GET', `/v1/shots/${id}/comments/${comment.id}`, tok)).json;
      expect(c.likes_count).toBe(1);
      // Links inside stored HTML follow the new address.
      expect(c.body).toContain(`href="${second.url}/ben"`);
      const state = await control<{ now: string }>(second, 'state');
      expect(Date.parse(state.now)).toBeGreaterThanOrEqual(Date.parse('2032-02-02T00:00:00Z'));
      // Ids continue after the restart.
      const next = await createShot(second, tok);
      expect(next).toBe(id + 1);
    } finally {
      await second.close();
    }
  });

  it('writes the state atomically (no temp file left, always valid JSON)', async () => {
    const dataDir = tempDir();
    const sb = await start({ dataDir });
    try {
      const tok = await token(sb, 'ben', ['public', 'comment']);
      for (let i = 0; i < 20; i++) {
        await api(sb, 'POST', '/v1/shots/1001/comments', tok, { body: `n${i}` });
        const parsed = JSON.parse(readFileSync(join(dataDir, 'state.json'), 'utf8')) as { comments: unknown[] };
        expect(parsed.comments.length).toBeGreaterThan(15 + i);
      }
      expect(readdirSync(dataDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    } finally {
      await sb.close();
    }
  });

  it('starts from the seed when the state file is unreadable, keeping the bad file aside', async () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'state.json'), '{"half":');
    const sb = await start({ dataDir });
    try {
      const s = await control<{ users: unknown[] }>(sb, 'state');
      expect(s.users).toHaveLength(4);
      expect(readdirSync(dataDir).some((f) => f.startsWith('state.json.corrupt-'))).toBe(true);
    } finally {
      await sb.close();
    }
  });

  it('reset with dataDir also removes uploaded images', async () => {
    const dataDir = tempDir();
    const sb = await start({ dataDir });
    try {
      const tok = await token(sb, 'ada', ['public', 'upload']);
      const id = await createShot(sb, tok);
      const shot = (await api(sb, 'GET', `/v2/shots/${id}`, tok)).json;
      expect((await fetch(shot.images.normal)).status).toBe(200);
      await control(sb, 'reset', {});
      expect((await fetch(shot.images.normal)).status).toBe(404);
      expect(existsSync(join(dataDir, 'images', 'u', String(id)))).toBe(false);
    } finally {
      await sb.close();
    }
  });

  it('without dataDir, state lives in memory only', async () => {
    const a = await start();
    const tok = await token(a, 'ada', ['public', 'upload']);
    const id = await createShot(a, tok);
    await a.close();
    const b = await start();
    try {
      expect((await api(b, 'GET', `/v2/shots/${id}`, await token(b, 'ada'))).status).toBe(404);
    } finally {
      await b.close();
    }
  });
});
