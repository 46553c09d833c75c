// Re-running `shotput upload` as people do: the same file with fixed flags after a refusal, in a
// later batch, a renamed copy of a published file, and the same command again after success.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImages, sandboxToken, startSandboxProcess, stopChild } from '../../bench/lib/uploads-sandbox';
import type { SandboxProcess } from '../../bench/lib/uploads-sandbox';
import { runCli } from '../uploads/cli-process';
import type { CliRun } from '../uploads/cli-process';

let root: string;
let sandbox: SandboxProcess | undefined;
let globals: string[];
let reader: string;
const children: CliRun[] = [];

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shotput-reruns-'));
  sandbox = await startSandboxProcess({
    dataDir: path.join(root, 'sandbox'),
    processingMs: 200,
    rateLimit: 300,
    rateWindowS: 5,
  });
  globals = ['--api', sandbox.url, '--token', await sandboxToken(sandbox.url), '--data-dir', path.join(root, 'data')];
  reader = await sandboxToken(sandbox.url, 'ada', 'web-demo');
});

afterAll(async () => {
  for (const run of children) await stopChild(run.child, 'SIGKILL');
  await sandbox?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

async function upload(...args: string[]): Promise<{ code: number | null; run: CliRun }> {
  const run = runCli(globals, ['upload', ...args], { SHOTPUT_EXPECTED_PROCESSING_MS: '200' });
  children.push(run);
  return { code: await run.exited, run };
}

interface Shot {
  id: number;
  title: string;
  tags: string[];
}

async function shotsTitled(title: string): Promise<Shot[]> {
  const response = await fetch(`${sandbox!.url}/v2/user/shots?per_page=100`, {
    headers: { authorization: `Bearer ${reader}` },
  });
  return ((await response.json()) as Shot[]).filter((s) => s.title === title);
}

describe('upload run again', () => {
  it('applies the flags typed now after a refusal, alone and inside a later batch', { timeout: 90_000 }, async () => {
    const [icon, other, third] = await makeImages(path.join(root, 'icons'), 3, 'play-icon', 10);
    const thirteen = Array.from({ length: 13 }, (_, i) => String.fromCharCode(97 + i)).join(',');
    const refused = await upload(icon!, '--tags', thirteen);
    expect(refused.code).toBe(1);
    expect(refused.run.lines.find((l) => l.type === 'job' && l.state === 'failed')?.reason).toMatch(/12 tags/);

    const fixed = await upload(icon!, '--title', 'Play button', '--tags', 'icon');
    expect(fixed.code, fixed.run.stderr()).toBe(0);
    expect(fixed.run.lines.find((l) => l.type === 'summary')).toMatchObject({ published: 1, failed: 0, skipped: 0 });
    expect((await shotsTitled('Play button')).map((s) => s.tags)).toEqual([['icon']]);

    // The same refusal, then the fix inside a batch with other files.
    await upload(other!, '--tags', thirteen);
    const batch = await upload(other!, third!, '--tags', 'icon,batch');
    expect(batch.code, batch.run.stderr()).toBe(0);
    expect(batch.run.lines.find((l) => l.type === 'summary')).toMatchObject({ published: 2, failed: 0 });
    expect((await shotsTitled('play-icon-001')).map((s) => s.tags)).toEqual([['icon', 'batch']]);
  });

  it(
    'reports a renamed copy of published content as already published, naming the shot, and --force uploads it',
    { timeout: 90_000 },
    async () => {
      const dir = path.join(root, 'photos');
      const [photo] = await makeImages(dir, 1, 'DSCF4821', 40);
      const first = await upload(photo!);
      expect(first.code).toBe(0);
      const [shot] = await shotsTitled('DSCF4821-000');
      expect(shot).toBeDefined();

      const copy = path.join(dir, 'DSCF4821-copy.png');
      fs.copyFileSync(photo!, copy);
      const again = await upload(copy);
      expect(again.code, again.run.stderr()).toBe(0);
      expect(again.run.lines.filter((l) => l.type === 'job')).toEqual([]);
      const skipped = again.run.lines.find((l) => l.type === 'skipped');
      expect(skipped).toMatchObject({ file: copy });
      expect(String(skipped?.message)).toBe(
        `DSCF4821-copy.png was already uploaded as shot ${shot!.id} from DSCF4821-000.png; it was not sent again. Add --force to upload it anyway.`,
      );
      expect(again.run.lines.find((l) => l.type === 'summary')).toEqual({
        type: 'summary',
        published: 0,
        scheduled: 0,
        failed: 0,
        skipped: 1,
      });
      expect(await shotsTitled('DSCF4821-copy')).toEqual([]);

      // The very same command again after its success: reported as done by its job, with its shot; nothing sent.
      const repeat = await upload(photo!);
      expect(repeat.run.lines.find((l) => l.type === 'summary')).toMatchObject({ published: 1, skipped: 0 });
      expect(repeat.run.lines.filter((l) => l.type === 'skipped')).toEqual([]);
      expect(repeat.run.lines.filter((l) => l.type === 'job')).toMatchObject([
        { file: photo, state: 'published', shot_id: shot!.id },
      ]);
      expect(await shotsTitled('DSCF4821-000')).toHaveLength(1);

      const forced = await upload(copy, '--force');
      expect(forced.code).toBe(0);
      expect(forced.run.lines.find((l) => l.type === 'summary')).toMatchObject({ published: 1, skipped: 0 });
      expect(await shotsTitled('DSCF4821-copy')).toHaveLength(1);
      expect(await shotsTitled('DSCF4821-000')).toHaveLength(1);
    },
  );
});
