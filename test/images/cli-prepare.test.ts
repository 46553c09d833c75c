// `shotput prepare`: files written, one JSON line per input, exit 1 on any failure, 2 on bad usage.
import { execFile } from 'node:child_process';
import { mkdir, readFile, readdir, stat, symlink } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../main/cli';
import { photo, scratch } from './fixtures';
import type { Scratch } from './fixtures';

let tmp: Scratch;
let jpeg: string;
let png: string;
beforeAll(async () => {
  tmp = await scratch();
  jpeg = tmp.file('holiday.jpg');
  png = tmp.file('mockup.png');
  await photo(1000, 800).jpeg().toFile(jpeg);
  await photo(300, 240).png().toFile(png);
});
afterAll(() => tmp.cleanup());

async function cli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c: Buffer) => (out += c.toString()));
  stderr.on('data', (c: Buffer) => (err += c.toString()));
  // No service address and no sandbox: prepare must not need either.
  const code = await main(argv, { stdout, stderr, stdin: new PassThrough() }, { SHOTPUT_DATA_DIR: tmp.file('data') });
  return { code, stdout: out, stderr: err };
}

describe('shotput prepare', () => {
  it('--json prints one object per input, writes the good ones and exits 1 for the bad one', async () => {
    const bad = await tmp.write('notes.png', 'just text');
    const out = tmp.file('out-json');
    const { code, stdout } = await cli(['--json', 'prepare', jpeg, bad, png, '--out', out]);
    expect(code).toBe(1);
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({
      type: 'prepared',
      file: jpeg,
      output: `${out}/holiday.jpg`,
      width: 800,
      height: 600,
      format: 'jpeg',
      warnings: [],
    });
    expect(lines[1]).toMatchObject({ type: 'problem', file: bad, message: expect.stringMatching(/not an image/) });
    expect(lines[2]).toMatchObject({
      type: 'prepared',
      file: png,
      output: `${out}/mockup.png`,
      width: 400,
      height: 300,
      format: 'png',
    });
    expect((lines[2]!.warnings as Array<{ code: string }>).map((w) => w.code)).toEqual(['enlarged']);
    expect((await readdir(out)).sort()).toEqual(['holiday.jpg', 'mockup.png']);
    // Writing into the inputs' own folder never replaces an input.
    const beside = await cli(['prepare', jpeg, '--out', tmp.dir, '--format', 'jpeg']);
    expect(beside.code).toBe(0);
    expect(beside.stdout).toContain(`${tmp.dir}/holiday-prepared.jpg`);
    expect((await sharp(jpeg).metadata()).width).toBe(1000);
    const written = await sharp(`${out}/holiday.jpg`).metadata();
    expect([written.width, written.height, written.format]).toEqual([800, 600, 'jpeg']);
    expect(lines[0]!.bytes).toBe((await stat(`${out}/holiday.jpg`)).size);
  });

  it('applies --size, --fit, --background and --format, and exits 0 when all succeed', async () => {
    const out = tmp.file('out-options');
    const { code, stdout, stderr } = await cli([
      'prepare',
      jpeg,
      '--out',
      out,
      '--size',
      '400x300',
      '--fit',
      'contain',
      '--background',
      '#ff00ff',
      '--format',
      'png',
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/holiday\.jpg -> .*holiday\.png \(400x300 png/);
    // 1000x800 in 400x300: 375x300 centred, magenta bands left and right.
    const [r, g, b] = await sharp(`${out}/holiday.png`)
      .extract({ left: 3, top: 150, width: 1, height: 1 })
      .raw()
      .toBuffer();
    expect([r, g, b]).toEqual([255, 0, 255]);
  });

  it('--crop and --focus reach prepare; inputs sharing a name get -2, in input order', async () => {
    const out = tmp.file('out-crop');
    const other = tmp.file('sub');
    await mkdir(other);
    await photo(1000, 800).jpeg().toFile(`${other}/holiday.jpg`);
    const { code, stdout } = await cli([
      '--json',
      'prepare',
      jpeg,
      `${other}/holiday.jpg`,
      '--out',
      out,
      '--crop',
      '0,0,1000,600',
    ]);
    expect(code).toBe(0);
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { output: string; warnings: Array<{ code: string }> });
    expect(lines.map((l) => l.output)).toEqual([`${out}/holiday.jpg`, `${out}/holiday-2.jpg`]);
    expect(lines[0]!.warnings.map((w) => w.code)).toEqual(['crop-reshaped']);
    const focused = await cli(['prepare', jpeg, '--out', tmp.file('out-focus'), '--focus', 'attention']);
    expect(focused.code).toBe(0);
  });

  it('exits 2 with the usage on bad usage', async () => {
    for (const argv of [
      ['prepare', jpeg],
      ['prepare', '--out', tmp.file('x')],
      ['prepare', jpeg, '--out', tmp.file('x'), '--size', '1024x768'],
      ['prepare', jpeg, '--out', tmp.file('x'), '--focus', '2,2'],
      ['prepare', jpeg, '--out', tmp.file('x'), '--crop', '1,2,3'],
      ['prepare', jpeg, '--out', tmp.file('x'), '--background', 'pink'],
      ['prepare', jpeg, '--out', tmp.file('x'), '--fit', 'contain', '--focus', 'entropy'],
      ['prepare', jpeg, '--out', tmp.file('x'), '--colour', 'red'],
    ]) {
      const { code, stderr } = await cli(argv);
      expect(code, argv.join(' ')).toBe(2);
      expect(stderr).toMatch(/Usage: shotput prepare FILE\.\.\. --out DIR/);
    }
  });

  it('runs as the real command line with the real exit status', async () => {
    const out = tmp.file('out-bin');
    const run = promisify(execFile);
    const failed = await run(
      process.execPath,
      ['bin/shotput.js', '--json', 'prepare', jpeg, tmp.file('missing.png'), '--out', out],
      { cwd: process.cwd() },
    ).then(
      () => ({ code: 0, stdout: '' }),
      (error: { code: number; stdout: string }) => error,
    );
    expect(failed.code).toBe(1);
    const lines = failed.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { message?: string; format?: string });
    expect(lines.map((l) => l.format ?? l.message)).toEqual(['jpeg', expect.stringMatching(/does not exist/)]);
    expect(await readdir(out)).toEqual(['holiday.jpg']);
  }, 60_000);
});

describe('shotput prepare and links', () => {
  it('never writes through a link already in the output folder', async () => {
    const out = tmp.file('out-linked');
    await mkdir(out, { recursive: true });
    const victim = await tmp.write('victim.txt', 'keep me');
    await symlink(victim, `${out}/holiday.jpg`);
    // Not replaced without --overwrite, and not written through with it.
    expect(JSON.parse((await cli(['--json', 'prepare', jpeg, '--out', out])).stdout.trim())).toMatchObject({
      type: 'problem',
      file: jpeg,
      code: 'output-exists',
    });
    const { code, stdout } = await cli(['--json', 'prepare', jpeg, '--out', out, '--overwrite']);
    expect(code).toBe(1);
    expect(JSON.parse(stdout.trim())).toMatchObject({ type: 'problem', file: jpeg, code: 'write-failed' });
    expect(await readFile(victim, 'utf8')).toBe('keep me');
  });
});
