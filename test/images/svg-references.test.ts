// An SVG draws only itself: the files it names beside it (a subfolder, a dot file, a PNG under
// another extension) never reach a preview, a prepared image or an uploaded shot.
import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../main/cli';
import { prepare, preview, probe } from '../../main/images';
import { removeSvgReferences } from '../../main/images/svg-references';
import { scratch } from './fixtures';
import type { Scratch } from './fixtures';

let tmp: Scratch;
let folder: string;
let moodboard: string;
let blank: string;

const solid = (background: string) =>
  sharp({ create: { width: 200, height: 150, channels: 3, background } })
    .png()
    .toBuffer();

/** Three pictures side by side, each an <image> naming a file in the SVG's folder. */
function moodboardSvg(images: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="800" height="600">
  <rect width="800" height="600" fill="#ffffff"/>${images}
</svg>`;
}
const REFERENCES = `
  <image href="Family/kid.png" x="0" y="0" width="260" height="600"/>
  <image xlink:href=".hidden.png" x="270" y="0" width="260" height="600"/>
  <image href="notes.dat" x="540" y="0" width="260" height="600"/>`;

async function pixels(image: Buffer | string): Promise<Buffer> {
  return sharp(image).removeAlpha().raw().toBuffer();
}

beforeAll(async () => {
  tmp = await scratch();
  folder = tmp.file('kit');
  await mkdir(path.join(folder, 'Family'), { recursive: true });
  await writeFile(path.join(folder, 'Family', 'kid.png'), await solid('#ff0000'));
  await writeFile(path.join(folder, '.hidden.png'), await solid('#00ff00'));
  await writeFile(path.join(folder, 'notes.dat'), await solid('#0000ff'));
  moodboard = path.join(folder, 'Moodboard.svg');
  await writeFile(moodboard, moodboardSvg(REFERENCES));
  blank = await tmp.write('blank.svg', moodboardSvg(''));
});
afterAll(() => tmp.cleanup());

describe('an SVG that names other files', () => {
  it('prepares to exactly the image without them, and the draft says they were left out', async () => {
    const prepared = await prepare(moodboard, { format: 'png' });
    const expected = await prepare(blank, { format: 'png' });
    expect((await pixels(prepared.buffer)).equals(await pixels(expected.buffer))).toBe(true);
    const warning = prepared.warnings.find((w) => w.code === 'svg-references-removed');
    expect(warning?.message).toBe(
      'The SVG points at 3 other files or addresses (Family/kid.png, .hidden.png, notes.dat); left out: only what is embedded in the SVG itself is drawn.',
    );
  });

  it('previews and probes without them too', async () => {
    const shown = await preview(moodboard, { maxSize: 400 });
    const expected = await preview(blank, { maxSize: 400 });
    expect((await pixels(shown.buffer)).equals(await pixels(expected.buffer))).toBe(true);
    expect(await probe(moodboard)).toMatchObject({ format: 'svg', width: 800, height: 600 });
  });

  it('can never be opened by its path once the pipeline is loaded: libvips refuses it as an unsupported format', async () => {
    await expect(sharp(moodboard).metadata()).rejects.toThrow(/unsupported image format/);
    // The same file as bytes is an SVG, and the pipeline only ever hands SVGs over that way.
    expect((await sharp(await readFile(moodboard)).metadata()).format).toBe('svg');
  });

  it('cleans a gzipped SVG (an .svgz under any name) the same way', async () => {
    const zipped = path.join(folder, 'Moodboard-zipped.svg');
    await writeFile(zipped, gzipSync(await readFile(moodboard)));
    const prepared = await prepare(zipped, { format: 'png' });
    const expected = await prepare(blank, { format: 'png' });
    expect((await pixels(prepared.buffer)).equals(await pixels(expected.buffer))).toBe(true);
    expect(prepared.warnings.map((w) => w.code)).toEqual(['svg-references-removed']);
  });

  it('keeps images embedded as data: URIs and same-document references', async () => {
    const red = (await solid('#ff0000')).toString('base64');
    const file = await tmp.write(
      'embedded.svg',
      moodboardSvg(
        `<defs><image id="r" href="data:image/png;base64,${red}" width="260" height="600" preserveAspectRatio="none"/></defs><use href="#r"/>`,
      ),
    );
    const prepared = await prepare(file, { format: 'png' });
    expect(prepared.warnings).toEqual([]);
    const { data } = await sharp(prepared.buffer).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([255, 0, 0]);
  });

  it('takes out every other shape of reference, whatever its quoting or encoding', () => {
    const svg = `<?xml version="1.0"?>
<?xml-stylesheet type="text/css" href="theme.css"?>
<!DOCTYPE svg [<!ENTITY diary SYSTEM "file:///home/me/diary.txt">]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xi="http://www.w3.org/2001/XInclude">
  <style>@import url("fonts.css"); rect { fill: url('paint.svg#g') }</style>
  <use href='sprites.svg#star'/><feImage xlink:href="&#x6b;id.png"/>
  <rect style="filter:url(filters.svg#blur)" mask="url(#local)"/>
  <xi:include href="/etc/passwd" parse="text"/>
  <script>fetch("https://example.invalid")</script><foreignObject><img src="x.png"/></foreignObject>
  <image href="data:image/svg+xml;base64,PHN2Zy8+"/><image href="#ok"/><image href="it's.png"/>
</svg>`;
    const { svg: cleaned, removed } = removeSvgReferences(Buffer.from(svg));
    expect(removed).toEqual([
      'file:///home/me/diary.txt',
      'theme.css',
      'sprites.svg#star',
      'kid.png',
      '/etc/passwd',
      'data:image/svg+xml;base64,PHN2Zy8+',
      "it's.png",
      'url("fonts.css")',
      'paint.svg#g',
      'filters.svg#blur',
    ]);
    const text = cleaned.toString();
    for (const gone of [
      'theme.css',
      'diary',
      'sprites',
      '&#x6b;id',
      'passwd',
      'fonts.css',
      'paint.svg',
      'filters.svg',
      'fetch',
      'x.png',
      "it's",
    ])
      expect(text).not.toContain(gone);
    expect(text).toContain('url(#local)');
    expect(text).toContain('href="#ok"');
  });

  it('is drawn from its bytes, where librsvg resolves no reference even with the files in the working directory', async () => {
    // The first layer on its own: the raw (uncleaned) bytes, with cwd holding every named file.
    const script = `import sharp from 'sharp'; import fs from 'node:fs';
const raw = await sharp(fs.readFileSync('Moodboard.svg')).removeAlpha().raw().toBuffer();
const file = await sharp('Moodboard.svg').removeAlpha().raw().toBuffer();
const blank = await sharp(fs.readFileSync(${JSON.stringify(blank)})).removeAlpha().raw().toBuffer();
console.log(JSON.stringify({ bytes: raw.equals(blank), path: file.equals(blank) }));`;
    const sharpEntry = path.join(process.cwd(), 'node_modules', 'sharp', 'dist', 'index.mjs');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--input-type=module', '-e', script.replace("from 'sharp'", `from ${JSON.stringify(sharpEntry)}`)],
      { cwd: folder },
    );
    // By its path libvips gives librsvg the folder, and the other files are drawn: what this avoids.
    expect(JSON.parse(stdout)).toEqual({ bytes: true, path: false });
  });
});

describe('the CLI with such an SVG', () => {
  async function cli(argv: string[], dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    let out = '';
    let err = '';
    stdout.on('data', (c: Buffer) => (out += c.toString()));
    stderr.on('data', (c: Buffer) => (err += c.toString()));
    const code = await main(
      argv,
      { stdout, stderr, stdin: new PassThrough() },
      { SHOTPUT_DATA_DIR: dataDir, SHOTPUT_EXPECTED_PROCESSING_MS: '300' },
    );
    return { code, stdout: out, stderr: err };
  }

  it('prepare writes the image without them and names the warning', async () => {
    const out = tmp.file('prepared');
    const { code, stdout } = await cli(['--json', 'prepare', moodboard, '--out', out], tmp.file('data-prepare'));
    expect(code).toBe(0);
    const line = JSON.parse(stdout.trim()) as { output: string; warnings: Array<{ code: string }> };
    expect(line.warnings.map((w) => w.code)).toContain('svg-references-removed');
    const expected = await prepare(blank, { format: 'png' });
    expect((await pixels(line.output)).equals(await pixels(expected.buffer))).toBe(true);
  });

  it('watch --once uploads a shot whose image holds none of them', { timeout: 90_000 }, async () => {
    const watched = tmp.file('watched');
    await mkdir(path.join(watched, 'Family'), { recursive: true });
    for (const name of ['Family/kid.png', '.hidden.png', 'notes.dat', 'Moodboard.svg'])
      await writeFile(path.join(watched, name), await readFile(path.join(folder, name)));
    const data = tmp.file('data-watch');
    const { code, stderr } = await cli(['watch', watched, '--once', '--stable-ms', '100'], data);
    expect(stderr).not.toMatch(/error/i);
    expect(code).toBe(0);
    const uploaded = (await readdir(path.join(data, 'sandbox', 'images', 'u'), { recursive: true })).filter((name) =>
      name.endsWith('hidpi.png'),
    );
    expect(uploaded).toHaveLength(1);
    const expected = await prepare(blank, { format: 'png' });
    const shot = path.join(data, 'sandbox', 'images', 'u', uploaded[0]!);
    expect((await pixels(shot)).equals(await pixels(expected.buffer))).toBe(true);
  });
});
