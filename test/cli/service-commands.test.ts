// whoami, shots, popular and comments run in-process against the bundled sandbox (state kept in the
// data dir between commands), plus their usage errors and failures.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli';
import { startFixture } from '../service/sandbox-fixture';
import { sandboxUserToken } from '../../main/auth/sandbox-token';

let dataDir: string;
const cli = (...argv: string[]) => runCli(['--data-dir', dataDir, ...argv]);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shotput-cli-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('whoami', () => {
  it('signs in to the bundled sandbox as the demo user', async () => {
    const run = await cli('whoami');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout.trim()).toBe('ada (Ada Lovelace) on the sandbox: Player, pro, teams: studio "Studio" (id 4)');
  });

  it('prints the service JSON with --json', async () => {
    const run = await cli('whoami', '--json');
    expect(run.code).toBe(0);
    const user = JSON.parse(run.stdout);
    expect(user).toMatchObject({ username: 'ada', pro: true, teams: [expect.objectContaining({ login: 'studio' })] });
  });
});

describe('shots', () => {
  it('lists, shows, updates and deletes, and the data dir keeps the changes', async () => {
    const list = await cli('shots', 'list', '--json');
    expect(list.code).toBe(0);
    const shots = JSON.parse(list.stdout) as Array<{ id: number; title: string }>;
    expect(shots.length).toBeGreaterThan(1);
    const target = shots[0]!;
    const victim = shots[1]!;

    const update = await cli(
      'shots',
      'update',
      String(target.id),
      '--title',
      'Renamed by CLI',
      '--tags',
      'cli, test',
      '--no-team',
      '--low-profile',
      '--schedule',
      '2031-01-02T03:04:05Z',
    );
    // Scheduling an already published shot is refused by the service (422), all in one line.
    expect(update.code).toBe(1);
    expect(update.stderr.trim().split('\n')).toHaveLength(1);
    expect(update.stderr).toMatch(/^shotput: .*the publish time cannot be changed/);

    const updated = await cli(
      'shots',
      'update',
      String(target.id),
      '--title',
      'Renamed by CLI',
      '--tags',
      'cli, test',
      '--no-team',
      '--low-profile',
      '--json',
    );
    expect(updated.code).toBe(0);
    expect(JSON.parse(updated.stdout)).toMatchObject({
      id: target.id,
      title: 'Renamed by CLI',
      tags: ['cli', 'test'],
      low_profile: true,
    });

    const show = await cli('shots', 'show', String(target.id));
    expect(show.code).toBe(0);
    expect(show.stdout).toContain('Renamed by CLI');
    expect(show.stdout).toContain('tags: cli, test');

    expect((await cli('shots', 'delete', String(victim.id), '--yes')).stdout).toContain(`Deleted shot ${victim.id}.`);
    const gone = await cli('shots', 'show', String(victim.id));
    expect(gone).toMatchObject({ code: 1, stdout: '' });
    expect(gone.stderr.trim()).toBe(
      `shotput: Shot ${victim.id} is not among your shots: it does not exist, or it was deleted.`,
    );

    const text = await cli('shots', 'list', '--per-page', '1');
    expect(text.stdout).toMatch(/More: shotput shots list --page 2/);
  });

  it('refuses bad usage with exit 2 before asking the service', async () => {
    for (const argv of [
      ['shots'],
      ['shots', 'frobnicate'],
      ['shots', 'show'],
      ['shots', 'show', 'abc'],
      ['shots', 'update', '1'],
      ['shots', 'update', '1', '--team', '3', '--no-team'],
      ['shots', 'update', '1', '--low-profile', '--no-low-profile'],
      ['shots', 'update', '1', '--schedule', 'tomorrow'],
      ['shots', 'update', '1', '--tags', 'a,b,c,d,e,f,g,h,i,j,k,l,m'],
      ['shots', 'list', '--bogus'],
    ]) {
      const run = await cli(...argv);
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.stderr).toMatch(/^shotput: /);
    }
  });
});

describe('popular', () => {
  it('lists popular shots', async () => {
    const run = await cli('popular', '--json');
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as unknown[]).length).toBeGreaterThan(0);
  });
});

describe('comments', () => {
  it('adds, shows, edits, likes, lists likes, unlikes and deletes a comment', async () => {
    const shots = JSON.parse((await cli('shots', 'list', '--json')).stdout) as Array<{ id: number }>;
    const shot = String(shots[0]!.id);
    const added = await cli('comments', shot, 'add', 'Nice', 'work', '--json');
    expect(added.code).toBe(0);
    const comment = JSON.parse(added.stdout) as { id: number; body: string };
    expect(comment.body).toContain('Nice work');
    const id = String(comment.id);

    expect((await cli('comments', shot, 'list')).stdout).toContain('Nice work');
    expect((await cli('comments', shot, 'show', id)).stdout).toContain('ada');
    expect((await cli('comments', shot, 'edit', id, 'Even', 'nicer')).stdout).toContain(`Updated comment ${id}.`);
    expect((await cli('comments', shot, 'liked', id)).stdout).toContain('You do not like');
    expect((await cli('comments', shot, 'liked', id, '--json')).stdout.trim()).toBe('null');
    expect((await cli('comments', shot, 'like', id)).code).toBe(0);
    expect((await cli('comments', shot, 'liked', id)).stdout).toContain('You like comment');
    expect((await cli('comments', shot, 'likes', id)).stdout).toContain('ada');
    expect((await cli('comments', shot, 'unlike', id)).code).toBe(0);
    expect((await cli('comments', shot, 'delete', id, '--yes')).stdout).toContain(`Deleted comment ${id}.`);
    const gone = await cli('comments', shot, 'show', id);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain(`Comment ${id} on shot ${shot} was not found`);
  });

  it('refuses bad usage with exit 2', async () => {
    for (const argv of [
      ['comments'],
      ['comments', 'x', 'list'],
      ['comments', '1'],
      ['comments', '1', 'wave'],
      ['comments', '1', 'add'],
      ['comments', '1', 'edit', '5'],
      ['comments', '1', 'show'],
      ['comments', '1', 'like', '1', '2'],
    ]) {
      expect((await cli(...argv)).code, argv.join(' ')).toBe(2);
    }
  });
});

describe('a service given with --api', () => {
  it('needs a sign-in, and works with --token', async () => {
    const fixture = await startFixture();
    try {
      const notSignedIn = await cli('--api', fixture.sandbox.api, 'whoami');
      expect(notSignedIn.code).toBe(1);
      expect(notSignedIn.stderr).toMatch(/^shotput: Not signed in to 127\.0\.0\.1:\d+\. Run 'shotput --api .* login/);

      const bad = await cli('--api', fixture.sandbox.api, '--token', 'nope', 'whoami');
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain('--token');

      const token = await sandboxUserToken(fixture.sandbox, 'ben');
      const run = await runCli(['--data-dir', dataDir, 'whoami'], {
        env: { SHOTPUT_API_URL: fixture.sandbox.api, SHOTPUT_TOKEN: token.access_token },
      });
      expect(run.stdout).toContain('ben (');
      expect(run.stdout).toContain('no team');
    } finally {
      await fixture.close();
    }
  });
});
