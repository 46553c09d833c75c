// The CLI against the sandbox playing the service as deployed (--profile deployed): `login` instead
// of `username`, few counts, v1 retired, and a daily cap of 2 shots. A saved sign-in, as `login`
// leaves it, is used for every command, and must survive the retired comments.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli';
import { startFixture } from '../service/sandbox-fixture';
import type { Fixture } from '../service/sandbox-fixture';
import { sandboxUserToken } from '../../main/auth/sandbox-token';
import { cliTokenStore } from '../../main/cli/session';
import { serviceIdForApi } from '../../main/auth/service-settings';

let fixture: Fixture;
let dataDir: string;
let files: string;
const cli = (...argv: string[]) =>
  runCli(['--data-dir', dataDir, '--api', fixture.sandbox.api, ...argv], { env: { SHOTPUT_PROCESSING_MS: '300' } });

async function sandboxState(): Promise<Record<string, unknown>> {
  return (await (await fetch(`${fixture.sandbox.url}/_sandbox/state`)).json()) as Record<string, unknown>;
}

async function image(name: string, colour: string): Promise<string> {
  const file = path.join(files, name);
  await writeFile(
    file,
    await sharp({ create: { width: 900, height: 700, channels: 3, background: colour } })
      .png()
      .toBuffer(),
  );
  return file;
}

beforeAll(async () => {
  fixture = await startFixture({ profile: 'deployed', dailyCap: 2, processingMs: 200 });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shotput-deployed-'));
  files = await mkdtemp(path.join(os.tmpdir(), 'shotput-deployed-files-'));
  // What `shotput login` leaves behind: the sign-in saved for this service.
  const token = await sandboxUserToken(fixture.sandbox, 'ada');
  await cliTokenStore(dataDir).saveAccount({
    serviceId: serviceIdForApi(fixture.sandbox.api),
    accessToken: token.access_token,
    tokenType: token.token_type,
    scope: token.scope,
    user: { id: 1, username: 'ada', name: 'Ada Lovelace' },
    signedInAt: new Date().toISOString(),
  });
});

afterAll(async () => {
  await fixture.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(files, { recursive: true, force: true });
});

describe('the CLI on the service as deployed', () => {
  it('whoami reads a user known by login, with teams by login and id', async () => {
    const me = await (
      await fetch(`${fixture.sandbox.api}/v2/user`, {
        headers: {
          authorization: `Bearer ${(await cliTokenStore(dataDir).account(serviceIdForApi(fixture.sandbox.api)))!.accessToken}`,
        },
      })
    ).json();
    expect(me).toMatchObject({ login: 'ada', type: 'User' });
    expect(me).not.toHaveProperty('username');
    const run = await cli('whoami');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout.trim()).toMatch(/^ada \(Ada Lovelace\) on .*: User, pro, teams: studio "Studio" \(id 4\)$/);
    const json = await cli('--json', 'whoami');
    expect(JSON.parse(json.stdout)).toMatchObject({ login: 'ada', followers_count: 0 });
  });

  it('uploads 4 files under a daily cap of 2: 2 published, 2 waiting with the reason, exit 1, one refused POST each at most', async () => {
    const batch = await Promise.all(
      ['#c0392b', '#27ae60', '#2980b9', '#8e44ad'].map((colour, i) => image(`capped-${i + 1}.png`, colour)),
    );
    const run = await cli('upload', ...batch);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      '2 published, 0 scheduled, 0 not uploaded, 0 skipped (already uploaded or in the queue), 2 waiting.',
    );
    expect(run.stderr).toContain(
      'shotput: Daily upload limit reached: the service takes no more shots from this account today (reached the daily limit of 2 shots).',
    );
    expect(run.stderr).toMatch(
      /2 files wait for the daily upload limit: run the same command again after \d{4}-\d\d-\d\d \d\d:\d\d [A-Z]+/,
    );
    const state = await sandboxState();
    expect(state.daily_cap_refusals).toBeGreaterThanOrEqual(1);
    expect(state.daily_cap_refusals).toBeLessThanOrEqual(2);
    const listed = await cli('--json', 'shots', 'list');
    const shots = JSON.parse(listed.stdout) as { title: string }[];
    const onService = shots
      .map((s) => s.title)
      .filter((t) => t.startsWith('capped'))
      .sort();
    expect(onService).toHaveLength(2);
    // Which two went first depends on which were prepared first (two at a time, the files' own
    // pace): the queue holds exactly the other two, waiting.
    const queued = JSON.parse((await cli('--json', 'queue', 'list')).stdout) as Array<{ title: string; state: string }>;
    expect(
      queued
        .filter((j) => j.state !== 'published')
        .map((j) => j.title)
        .sort(),
    ).toEqual(['capped-1', 'capped-2', 'capped-3', 'capped-4'].filter((t) => !onService.includes(t)));

    // The same command again the same day sends nothing the service would refuse: the hold is remembered.
    const held = await cli('upload', ...batch);
    expect(held.code).toBe(1);
    expect((await sandboxState()).daily_cap_refusals).toBe(state.daily_cap_refusals);

    // With room again, "queue retry" asks the service now, and the same command sends what waited.
    await fetch(`${fixture.sandbox.url}/_sandbox/profile`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ daily_cap: 4 }),
    });
    const jobs = JSON.parse((await cli('--json', 'queue', 'list')).stdout) as Array<{ id: string; state: string }>;
    const waiting = jobs.find((j) => j.state !== 'published');
    expect((await cli('queue', 'retry', waiting!.id)).code).toBe(0);
    const again = await cli('upload', ...batch);
    expect(again.code).toBe(0);
    const after = JSON.parse((await cli('--json', 'shots', 'list')).stdout) as { title: string }[];
    expect(
      after
        .map((s) => s.title)
        .filter((t) => t.startsWith('capped'))
        .sort(),
    ).toEqual(['capped-1', 'capped-2', 'capped-3', 'capped-4']);
  });

  it('shots show, update and delete work with the deployed shapes (team by username, null description, slug)', async () => {
    const [first] = JSON.parse((await cli('--json', 'shots', 'list')).stdout) as {
      id: number;
      html_url: string;
      description: unknown;
    }[];
    expect(first!.html_url).toMatch(/\/shots\/\d+-capped-\d$/);
    expect(first!.description).toBeNull();
    const shown = await cli('shots', 'show', String(first!.id));
    expect(shown.code).toBe(0);
    const updated = await cli(
      'shots',
      'update',
      String(first!.id),
      '--title',
      'Renamed on the deployed service',
      '--team',
      '4',
    );
    expect(updated.code).toBe(0);
    const json = JSON.parse((await cli('--json', 'shots', 'show', String(first!.id))).stdout) as {
      title: string;
      team: Record<string, unknown>;
    };
    expect(json.title).toBe('Renamed on the deployed service');
    expect(json.team).toMatchObject({ id: 4, username: 'studio' });
    expect((await cli('shots', 'delete', String(first!.id), '--yes')).code).toBe(0);
    const gone = await cli('shots', 'show', String(first!.id));
    expect(gone.stderr.trim()).toBe(
      `shotput: Shot ${first!.id} is not among your shots: it does not exist, or it was deleted.`,
    );
  });

  it('comments: one sentence that the service offers none, exit 1, and the sign-in is kept', async () => {
    const [shot] = JSON.parse((await cli('--json', 'shots', 'list')).stdout) as { id: number }[];
    const run = await cli('comments', String(shot!.id), 'list');
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      'shotput: This service does not offer comments: its comments API (v1) is retired, while your sign-in still works for shots.',
    );
    expect(await cliTokenStore(dataDir).account(serviceIdForApi(fixture.sandbox.api))).toBeDefined();
    expect((await cli('whoami')).code).toBe(0);
  });

  it('watch --once uploads a folder on the deployed service', async () => {
    await fetch(`${fixture.sandbox.url}/_sandbox/profile`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ daily_cap: null }),
    });
    const folder = await mkdtemp(path.join(files, 'watched-'));
    await sharp({ create: { width: 820, height: 620, channels: 3, background: '#f39c12' } })
      .jpeg()
      .toFile(path.join(folder, 'sunset-study.jpg'));
    const run = await cli('watch', folder, '--once');
    expect(run.code).toBe(0);
    const shots = JSON.parse((await cli('--json', 'shots', 'list')).stdout) as { title: string }[];
    expect(shots.map((s) => s.title)).toContain('sunset-study');
  });
});
