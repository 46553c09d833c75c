// What the terminal says when things go wrong or differ from what the user may think: a missing
// file, the local sandbox standing in for the service and its local links, --help on every
// command, a typo, --team by login or name, an --every batch with a missing file, and Ctrl-C.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImages, stopChild } from '../../bench/lib/uploads-sandbox';
import { runCli as runCliProcess } from '../uploads/cli-process';
import type { CliRun as CliProcess } from '../uploads/cli-process';
import { runCli } from './run-cli';

let root: string;
let dataDir: string;
const children: CliProcess[] = [];
const cli = (...argv: string[]) => runCli(['--data-dir', dataDir, ...argv]);

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shotput-messages-'));
  dataDir = path.join(root, 'data');
});
afterAll(async () => {
  for (const child of children) await stopChild(child.child, 'SIGKILL');
  fs.rmSync(root, { recursive: true, force: true });
});

describe('CLI messages', () => {
  it('says a file is missing in one sentence and counts it as not uploaded', async () => {
    const missing = path.join(root, 'play-icn.png');
    const run = await cli('upload', missing);
    expect(run.code).toBe(1);
    expect(run.stderr).not.toMatch(/ENOENT|no such file or directory/);
    expect(run.stderr).toContain(`There is no file play-icn.png in ${root}.`);
    expect(run.stdout.trim()).toBe(
      '0 published, 0 scheduled, 1 not uploaded, 0 skipped (already uploaded or in the queue).',
    );
  });

  it('gives usage for --help on any command, and suggests the command or option meant', async () => {
    for (const name of ['upload', 'whoami', 'watch', 'queue', 'shots']) {
      const help = await cli(name, '--help');
      expect(help, name).toMatchObject({ code: 0, stderr: '' });
      expect(help.stdout, name).toMatch(new RegExp(`Usage: shotput ${name}`));
    }
    const typo = await cli('uplaod', 'x.png');
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('there is no command "uplaod". Did you mean "upload"?');
    const option = await cli('upload', 'x.png', '--tgas', 'a');
    expect(option.code).toBe(2);
    expect(option.stderr).toContain('there is no option --tgas here. Did you mean "--tags"?');
    expect(option.stderr).not.toMatch(/To specify a positional/);
    expect((await cli('queue', 'retyr', 'abc')).stderr).toContain(
      'there is no queue action "retyr". Did you mean "retry"?',
    );
    expect((await cli('shots', 'lsit')).stderr).toContain('there is no shots action "lsit". Did you mean "list"?');
    expect((await cli('whoami', '--dta-dir', root)).stderr).toContain(
      'there is no option --dta-dir here. Did you mean "--data-dir"?',
    );
    const far = await cli('whoami', '--quux');
    expect(far.stderr.split('\n')[0]).toBe('shotput: there is no option --quux here.');
  });

  it(
    'says the upload goes to the local sandbox, takes --team by login or name, and keeps an --every schedule without gaps',
    { timeout: 60_000 },
    async () => {
      const files = await makeImages(path.join(root, 'batch'), 2, 'every', 20);
      const start = new Date(Date.now() + 48 * 3_600_000);
      start.setUTCMinutes(0, 0, 0);
      const notImage = path.join(root, 'batch', 'notes.png');
      fs.writeFileSync(notImage, 'plain text, not a PNG');
      const run = await cli(
        '--json',
        'upload',
        files[0]!,
        path.join(root, 'batch', 'gone.png'),
        notImage,
        files[1]!,
        '--team',
        'Studio',
        '--schedule',
        start.toISOString(),
        '--every',
        '2',
      );
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/Using the local sandbox at http:\/\/127\.0\.0\.1:\d+, not the real service/);
      const lines = run.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      const scheduled = lines.filter((l) => l.type === 'job' && l.state === 'scheduled');
      expect(scheduled.map((l) => [path.basename(String(l.file)), l.scheduled_for]).sort()).toEqual([
        ['every-000.png', start.toISOString().replace('.000Z', 'Z')],
        ['every-001.png', new Date(start.getTime() + 2 * 3_600_000).toISOString().replace('.000Z', 'Z')],
      ]);
      expect(lines.find((l) => l.type === 'summary')).toEqual({
        type: 'summary',
        published: 0,
        scheduled: 2,
        failed: 2,
        skipped: 0,
      });
      expect(lines.find((l) => l.type === 'problem' && l.file === notImage)?.message).toMatch(
        /^notes\.png was not scheduled: /,
      );

      const shown = await cli('shots', 'show', String(scheduled[0]!.shot_id));
      expect(shown.stdout).toMatch(/team: studio/);
      expect(shown.stderr).toMatch(
        /^Links to 127\.0\.0\.1:\d+ are local to the sandbox, which stops when this command ends/,
      );

      const wrong = await cli('upload', files[0]!, '--team', 'studo');
      expect(wrong.code).toBe(2);
      expect(wrong.stderr).toContain(
        '--team studo: you are on no team with that login, name or id. Did you mean "studio"? Your teams: studio "Studio" (id 4)',
      );
      expect((await cli('whoami')).stdout).toContain('teams: studio "Studio" (id 4)');
    },
  );

  it('exits 130 on Ctrl-C, saying how to resume', { timeout: 60_000 }, async () => {
    const files = await makeImages(path.join(root, 'ctrl-c'), 6, 'ctrl-c', 60, { width: 1600, height: 1200 });
    const run = runCliProcess(['--data-dir', path.join(root, 'data-ctrl-c')], ['upload', ...files]);
    children.push(run);
    expect(await run.waitForLine((l) => l.type === 'job' && l.state === 'preparing')).toBeDefined();
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(130);
    expect(run.stderr()).toContain('interrupted; run the same command again to resume.');
  });
});
