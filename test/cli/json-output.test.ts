// Every command's --json against the documented shapes (main/cli/json-shapes.ts, README "JSON
// output"): one spelling of each field, documents for lists and JSON lines for streams.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli';
import { startFixture } from '../service/sandbox-fixture';
import type { Fixture } from '../service/sandbox-fixture';
import { sandboxUserToken } from '../../main/auth/sandbox-token';
import {
  CommentJson,
  QueuedJobJson,
  PrepareLineJson,
  ProblemJson,
  ShotJson,
  UploadLineJson,
  UserJson,
} from '../../main/cli/json-shapes';

let fixture: Fixture;
let root: string;
let token: string;
const cli = (...argv: string[]) =>
  runCli(['--json', '--data-dir', path.join(root, 'data'), '--api', fixture.sandbox.api, '--token', token, ...argv], {
    env: { SHOTPUT_EXPECTED_PROCESSING_MS: '100' },
  });
const document = (text: string) => JSON.parse(text) as unknown;
const jsonLines = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
const check = <S extends v.GenericSchema>(schema: S, value: unknown) => {
  const result = v.safeParse(schema, value);
  expect(
    result.success,
    JSON.stringify(result.issues?.map((i) => [i.path?.map((p) => p.key).join('.'), i.message])),
  ).toBe(true);
};

async function image(name: string, colour: string, size = { width: 820, height: 620 }): Promise<string> {
  const file = path.join(root, 'files', name);
  await sharp({ create: { ...size, channels: 3, background: colour } })
    .png()
    .toFile(file);
  return file;
}

beforeAll(async () => {
  fixture = await startFixture({ processingMs: 100 });
  root = await mkdtemp(path.join(os.tmpdir(), 'shotput-json-'));
  await mkdir(path.join(root, 'files'));
  token = (await sandboxUserToken(fixture.sandbox, 'ada')).access_token;
});
afterAll(async () => {
  await fixture.close();
  await rm(root, { recursive: true, force: true });
});

describe('--json of every command', () => {
  it('upload: JSON lines of upload results; a skipped file carries its shot id as a field', async () => {
    const file = await image('hero.png', '#3366cc');
    const first = await cli('upload', file, '--tags', 'json');
    expect(first.code, first.stderr).toBe(0);
    const lines = jsonLines(first.stdout);
    for (const line of lines) check(UploadLineJson, line);
    const published = lines.find((l) => l.type === 'job' && l.state === 'published')!;
    expect(published).toMatchObject({
      file,
      shot_id: expect.any(Number),
      html_url: expect.stringContaining('/shots/'),
    });
    expect(lines.at(-1)).toEqual({ type: 'summary', published: 1, scheduled: 0, failed: 0, skipped: 0 });

    const again = jsonLines((await cli('upload', file)).stdout);
    for (const line of again) check(UploadLineJson, line);
    expect(again[0]).toEqual({
      type: 'skipped',
      file,
      shot_id: published.shot_id,
      message: expect.stringMatching(/it was not sent again\. Add --force to upload it anyway\.$/),
    });
    for (const line of [...lines, ...again]) expect(Object.keys(line).filter((key) => /[A-Z]/.test(key))).toEqual([]);
  });

  it('upload of a file that cannot be read: a problem line', async () => {
    const run = await cli('upload', path.join(root, 'files', 'missing.png'));
    expect(run.code).toBe(1);
    const [problem, summary] = jsonLines(run.stdout);
    check(UploadLineJson, problem);
    expect(problem).toMatchObject({ type: 'problem', file: path.join(root, 'files', 'missing.png') });
    check(UploadLineJson, summary);
  });

  it("upload of a damaged image: a failed job with the image's code beside its reason, as prepare gives it", async () => {
    const whole = await sharp({ create: { width: 820, height: 620, channels: 3, background: '#118844' } })
      .png()
      .toBuffer();
    const file = path.join(root, 'files', 'cut.png');
    await writeFile(file, whole.subarray(0, Math.floor(whole.length / 2)));
    const run = await cli('upload', file);
    expect(run.code).toBe(1);
    const lines = jsonLines(run.stdout);
    for (const line of lines) check(UploadLineJson, line);
    const failed = lines.find((l) => l.type === 'job' && l.state === 'failed');
    expect(failed).toMatchObject({ file, code: 'image-corrupt', reason: expect.any(String), retryable: false });
    const [prepared] = jsonLines((await cli('prepare', file, '--out', path.join(root, 'prepared'))).stdout);
    check(PrepareLineJson, prepared);
    expect(prepared).toMatchObject({ type: 'problem', code: failed!.code, message: failed!.reason });
  });

  it('watch --once: JSON lines ending with one folder line', async () => {
    const folder = path.join(root, 'watched');
    await mkdir(folder);
    await sharp({ create: { width: 800, height: 600, channels: 3, background: '#aa2200' } })
      .png()
      .toFile(path.join(folder, 'red.png'));
    const run = await cli('watch', folder, '--once');
    expect(run.code, run.stderr).toBe(0);
    const lines = jsonLines(run.stdout);
    for (const line of lines) check(UploadLineJson, line);
    expect(lines.at(-1)).toMatchObject({ type: 'folder', seen: 1, uploaded: 1 });
  });

  it('queue list: a document, an array of jobs; retry and the like: one job', async () => {
    const run = await cli('queue', 'list');
    const jobs = document(run.stdout) as unknown[];
    expect(Array.isArray(jobs)).toBe(true);
    expect(jobs.length).toBeGreaterThan(0);
    for (const job of jobs) check(QueuedJobJson, job);
  });

  it('shots list, show, update: shots; delete: {"deleted"}', async () => {
    const shots = document((await cli('shots', 'list')).stdout) as Array<{ id: number }>;
    for (const shot of shots) check(ShotJson, shot);
    check(ShotJson, document((await cli('shots', 'show', String(shots[0]!.id))).stdout));
    check(ShotJson, document((await cli('shots', 'update', String(shots[0]!.id), '--tags', 'a,b')).stdout));
    expect(document((await cli('shots', 'delete', String(shots.at(-1)!.id), '--yes')).stdout)).toEqual({
      deleted: shots.at(-1)!.id,
    });
  });

  it('popular: an array of shots; comments list: an array of comments; whoami: the user', async () => {
    for (const shot of document((await cli('popular')).stdout) as unknown[]) check(ShotJson, shot);
    const shots = document((await cli('shots', 'list')).stdout) as Array<{ id: number }>;
    check(CommentJson, document((await cli('comments', String(shots[0]!.id), 'add', 'Fine', 'work')).stdout));
    const comments = document((await cli('comments', String(shots[0]!.id), 'list')).stdout) as unknown[];
    expect(comments.length).toBeGreaterThan(0);
    for (const comment of comments) check(CommentJson, comment);
    check(UserJson, document((await cli('whoami')).stdout));
    expect(document((await cli('logout')).stdout)).toEqual({ service: expect.any(String), signed_out: false });
    expect(document((await cli('version')).stdout)).toEqual({ version: expect.any(String) });
  });

  it('a command that fails prints its problem as JSON on stderr, and nothing on stdout', async () => {
    const run = await cli('shots', 'show', '424242');
    expect(run).toMatchObject({ code: 1, stdout: '' });
    const problem = JSON.parse(run.stderr) as unknown;
    check(ProblemJson, problem);
    expect(problem).toEqual({
      type: 'problem',
      message: 'Shot 424242 is not among your shots: it does not exist, or it was deleted.',
    });
  });

  it('prepare: JSON lines of prepared files and problems', async () => {
    const file = await image('wide.png', '#00aa66', { width: 1600, height: 500 });
    const run = await cli('prepare', file, path.join(root, 'files', 'nope.png'), '--out', path.join(root, 'out'));
    const lines = jsonLines(run.stdout);
    for (const line of lines) check(PrepareLineJson, line);
    expect(lines.map((l) => l.type)).toEqual(['prepared', 'problem']);
  });
});
