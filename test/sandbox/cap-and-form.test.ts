// The daily cap held everywhere in the sandbox: checked and counted at once (uploads sent together
// never pass it), and kept with the sandbox's data across a restart. And the form PUT follows the
// spec for team_id: an empty value removes the team.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, control, createShot, postShot, start, token } from './helpers';
import type { Sandbox } from './helpers';

let root: string;
const sandboxes: Sandbox[] = [];

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shotput-sandbox-cap-'));
});
afterAll(async () => {
  for (const sb of sandboxes) await sb.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function open(options: Parameters<typeof start>[0]): Promise<Sandbox> {
  const sb = await start(options);
  sandboxes.push(sb);
  return sb;
}

describe('the daily cap', () => {
  it('lets exactly the cap through when uploads arrive together', async () => {
    const sb = await open({ profile: 'deployed', dailyCap: 5 });
    const ada = await token(sb, 'ada', ['public', 'upload']);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => postShot(sb, ada, { title: `together ${i}` })),
    );
    expect(answers.filter((a) => a.status === 202)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(7);
    const listed = (await api<{ title: string }[]>(sb, 'GET', '/v2/user/shots?per_page=100', ada)).json;
    expect(listed.filter((s) => s.title.startsWith('together '))).toHaveLength(5);
  });

  it("keeps the day's count with the sandbox's data across a restart, and a new day starts afresh", async () => {
    const dataDir = path.join(root, 'persisted');
    const first = await open({ profile: 'deployed', dailyCap: 2, dataDir });
    const ada = await token(first, 'ada', ['public', 'upload']);
    expect((await postShot(first, ada, { title: 'one' })).status).toBe(202);
    expect((await postShot(first, ada, { title: 'two' })).status).toBe(202);
    await first.close();

    const second = await open({ profile: 'deployed', dailyCap: 2, dataDir });
    const refused = await postShot(second, ada, { title: 'three' });
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual([{ attribute: 'user', message: 'reached the daily limit of 2 shots' }]);
    await control(second, 'clock', { advance_s: 86_400 });
    expect((await postShot(second, ada, { title: 'tomorrow' })).status).toBe(202);
  });
});

describe('a form-encoded PUT', () => {
  it('removes the team with an empty team_id, and leaves the other empty fields unchanged', async () => {
    const sb = await open({});
    const ada = await token(sb, 'ada', ['public', 'upload']);
    const id = await createShot(sb, ada, { title: 'For the studio', description: 'kept', tags: 'a,b', team_id: '4' });
    expect((await api(sb, 'GET', `/v2/shots/${id}`, ada)).json.team).toMatchObject({ id: 4 });
    const form = new URLSearchParams([
      ['title', ''],
      ['description', ''],
      ['tags', ''],
      ['team_id', ''],
      ['low_profile', ''],
    ]);
    const res = await api(sb, 'PUT', `/v2/shots/${id}`, ada, form);
    expect(res.status).toBe(200);
    expect(res.json).not.toHaveProperty('team');
    expect(res.json).toMatchObject({ title: 'For the studio', tags: ['a', 'b'] });
    expect(res.json.description).toContain('kept');
  });
});
