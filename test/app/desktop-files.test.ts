// The paths a launch's command line hands to Shotput ("Open with", "Send to", a desktop entry's
// %U), and the pickers each platform can show.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathsInArgv } from '../../main/app/desktop-files';
import { openDialogOptions } from '../../main/app/open-dialogs';

describe('paths in a launch command line', () => {
  let dir = '';
  let image = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'shotput-argv-'));
    image = join(dir, 'a b.png');
    await writeFile(image, 'x');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('takes existing paths after the executable, absolute, relative to the launch folder or as file:// URLs', () => {
    const argv = [
      '/opt/Shotput/shotput',
      '--no-sandbox',
      image,
      'a b.png',
      pathToFileURL(image).href,
      'app.shotput://oauth/callback?code=x',
      'https://example.com/x.png',
      join(dir, 'missing.png'),
    ];
    expect(
      pathsInArgv(argv, { defaultApp: false, appPath: '/opt/Shotput/resources/app.asar', workingDirectory: dir }),
    ).toEqual([image, image, image]);
  });

  it('run from source, skips the app folder wherever Chromium put it', () => {
    const argv = ['/usr/lib/electron/electron', dir, '--original-process-start-time=1', image, dir];
    expect(pathsInArgv(argv, { defaultApp: true, appPath: dir, workingDirectory: '/' })).toEqual([image]);
  });
});

describe.each(['darwin', 'win32', 'linux'] as const)('the pickers on %s', (platform) => {
  it('Choose files asks for files, with folders only where one dialog can take both (macOS)', () => {
    const options = openDialogOptions('images', platform);
    expect(options.properties).toEqual(
      platform === 'darwin' ? ['openFile', 'openDirectory', 'multiSelections'] : ['openFile', 'multiSelections'],
    );
    expect(options.filters?.[0]?.extensions).toEqual([
      'png',
      'jpg',
      'jpeg',
      'gif',
      'webp',
      'tif',
      'tiff',
      'avif',
      'svg',
      'mp4',
      'm4v',
      'mov',
      'webm',
      'apng',
      'json',
      'lottie',
    ]);
  });

  it('folders have their own pickers; createDirectory only where it exists (macOS)', () => {
    expect(openDialogOptions('image-folder', platform).properties).toEqual(['openDirectory', 'multiSelections']);
    expect(openDialogOptions('watch-folder', platform).properties).toEqual(
      platform === 'darwin' ? ['openDirectory', 'createDirectory'] : ['openDirectory'],
    );
  });
});
