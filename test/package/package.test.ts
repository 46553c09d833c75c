// Packs the app with electron-builder and electron-builder.yml, offline, and inspects the result.
//
// Electron cannot be downloaded here, so `electronDist` points at a stand-in Electron folder
// (stand-in-electron.ts). Everything else is electron-builder's real code path for Linux:
// the `dir` target collects the files, writes app.asar and app.asar.unpacked and flips the
// fuses; the `deb` and `AppImage` targets compute their desktop entry and fpm arguments and
// stop, through electron-builder's `effectiveOptionComputed` hook, just before they would
// call fpm / appimagetool (tools it would download).
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractAll, extractFile, listPackage } from '@electron/asar';
import { getCurrentFuseWire } from '@electron/fuses';
import { Arch, Platform, build } from 'electron-builder';
import { makeIcons, LINUX_ICON_SIZES } from '../../scripts/make-icons';
import { SHIPPED_FUSE_WIRE, makeStandInElectron, makeStandInMacElectron } from './stand-in-electron';

// app-builder-lib's own plist reader; it has no type declarations of its own.
const plist = createRequire(import.meta.url)('plist') as { parse(xml: string): unknown };

const projectDir = resolve(import.meta.dirname, '..', '..');
const packageJson = JSON.parse(await readFile(join(projectDir, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

interface DebDryRun {
  args: string[];
  desktopEntry: string;
}

let workDir = '';
let linuxIconsDir = '';
let appOutDir = '';
let asarPath = '';
let entries: string[] = [];
let deb: DebDryRun | undefined;
let appImageDesktop: string | undefined;
let macApp = '';
let macIcns = '';

/** `npm test` builds before vitest; a standalone `npm run test:package` builds when out/ is missing. */
function ensureBuilt(): void {
  const needed = ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'];
  if (needed.every((file) => existsSync(join(projectDir, file)))) return;
  execFileSync('npm', ['run', 'build'], { cwd: projectDir, stdio: 'inherit', timeout: 300_000 });
}

// The checks name the Linux x64 sharp packages this machine and the Linux release runner
// install, and the Linux layout; on other hosts the packaging is checked by the release itself.
const onLinux = process.platform === 'linux';

beforeAll(async () => {
  if (!onLinux) return;
  ensureBuilt();
  workDir = await mkdtemp(join(tmpdir(), 'shotput-package-'));
  // Icons are rendered into the temp folder rather than build/, so parallel runs never read
  // a half-written PNG; the Linux targets are pointed at them below.
  const icons = await makeIcons(join(projectDir, 'assets', 'icon.svg'), join(workDir, 'build'));
  linuxIconsDir = dirname(icons.linux[0] ?? '');
  const electronDist = await makeStandInElectron(join(workDir, 'electron-dist'));
  const output = join(workDir, 'dist');
  await build({
    projectDir,
    targets: Platform.LINUX.createTarget(['dir', 'deb', 'AppImage'], Arch.x64),
    publish: 'never',
    // Merged over electron-builder.yml: where the output goes, which Electron to use, the icons, and
    // the repository the release workflow names (-c.publish.owner / -c.publish.repo).
    config: {
      directories: { output },
      electronDist,
      electronVersion: '45.4.1',
      linux: { icon: linuxIconsDir },
      publish: { provider: 'github', owner: 'release-owner', repo: 'release-repo' },
    },
    effectiveOptionComputed: async (computed: unknown) => {
      // FpmTarget passes [fpmArgs, desktopFilePath]; the file is temporary, so read it now.
      if (Array.isArray(computed)) {
        const [args, desktopFile] = computed as [string[], string];
        deb = { args, desktopEntry: await readFile(desktopFile, 'utf8') };
        return true;
      }
      // AppImageTarget passes { desktop, desktopFileName }.
      const appImage = computed as { desktop?: unknown };
      if (typeof appImage.desktop === 'string') {
        appImageDesktop = appImage.desktop;
        return true;
      }
      return false;
    },
  });
  appOutDir = join(output, 'linux-unpacked');
  asarPath = join(appOutDir, 'resources', 'app.asar');
  entries = listPackage(asarPath, { isPack: false }).map((entry) => entry.replaceAll('\\', '/'));
}, 300_000);

afterAll(async () => {
  if (workDir !== '') await rm(workDir, { recursive: true, force: true });
});

const has = (path: string): boolean => entries.includes(path);

/** The fuse wire of a packaged binary as a string of '0'/'1', in FuseV1Options order. */
async function fuseStates(binary: string): Promise<string> {
  const wire = await getCurrentFuseWire(binary);
  return Array.from({ length: SHIPPED_FUSE_WIRE.length }, (_, i) =>
    String.fromCharCode(Number(wire[i as keyof typeof wire])),
  ).join('');
}

// RunAsNode off, CookieEncryption on, NodeOptions off, NodeCliInspect off, AsarIntegrity on,
// OnlyLoadAppFromAsar on; V8 snapshot and GrantFileProtocolExtraPrivileges keep Electron's default.
const CONFIGURED_FUSES = '01001100';

/** Top-level packages in the archive's node_modules (scoped names kept whole). */
function packedPackages(): Set<string> {
  const names = new Set<string>();
  for (const entry of entries) {
    const match = /^\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(entry);
    if (match?.[1] !== undefined) names.add(match[1]);
  }
  return names;
}

describe.runIf(onLinux)('linux package built offline from electron-builder.yml', () => {
  it('names the executable and ships the Electron files next to it', async () => {
    expect((await stat(join(appOutDir, 'shotput'))).isFile()).toBe(true);
    expect(existsSync(join(appOutDir, 'electron'))).toBe(false);
    expect(existsSync(join(appOutDir, 'LICENSE.electron.txt'))).toBe(true);
    // The app is the archive plus its unpacked half; no loose app folder to tamper with.
    const resources = await readdir(join(appOutDir, 'resources'));
    expect(resources).toContain('app.asar');
    expect(resources).toContain('app.asar.unpacked');
    expect(resources).not.toContain('app');
  });

  it('packs the built main, preload and renderer, and package.json', () => {
    for (const file of ['/package.json', '/out/main/index.js', '/out/preload/index.cjs', '/out/renderer/index.html']) {
      expect(entries, file).toContain(file);
    }
    // Every script and stylesheet the packaged page loads is in the package too (read from the
    // archive itself, so a rebuild of out/ during the test cannot confuse it).
    const html = extractFile(asarPath, 'out/renderer/index.html').toString('utf8');
    const assets = [...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+)"/g)].map((match) => match[1] ?? '');
    expect(assets.some((asset) => asset.endsWith('.js'))).toBe(true);
    for (const asset of assets) expect(entries).toContain(`/out/renderer/${asset}`);
    const packed = JSON.parse(extractFile(asarPath, 'package.json').toString('utf8')) as { main: string };
    expect(packed.main).toBe('out/main/index.js');
  });

  it('packs the sandbox service the main process starts by default', () => {
    // The sandbox reaches the package through the main build (bundled or as its own chunk):
    // its OAuth consent form is the one route only the sandbox serves.
    const code = entries
      .filter((entry) => entry.startsWith('/out/main/') && /\.[cm]?js$/.test(entry))
      .map((entry) => extractFile(asarPath, entry.slice(1)).toString('utf8'))
      .join('\n');
    const servesConsentForm = /\.post\(\s*["'`]\/oauth\/authorize["'`]/.test(code);
    expect(servesConsentForm, 'no sandbox route (POST /oauth/authorize) in the packaged out/main code').toBe(true);
  });

  it('packs every package the main bundle imports, and all production dependencies it needs', () => {
    const code = entries
      .filter((entry) => entry.startsWith('/out/main/') && /\.[cm]?js$/.test(entry))
      .map((entry) => extractFile(asarPath, entry.slice(1)).toString('utf8'))
      .join('\n');
    const imported = new Set<string>();
    for (const match of code.matchAll(/(?:from\s*|import\(\s*|require\(\s*)["']([^"'./][^"']*)["']/g)) {
      const specifier = match[1] ?? '';
      if (specifier.startsWith('node:') || specifier === 'electron') continue;
      const name = specifier.startsWith('@')
        ? specifier.split('/').slice(0, 2).join('/')
        : (specifier.split('/')[0] ?? '');
      imported.add(name);
    }
    const packed = packedPackages();
    for (const name of imported) expect(packed, `main imports ${name}`).toContain(name);
    // tsx is excluded on purpose (it only runs the CLI from a checkout); the app must not need it.
    expect(imported.has('tsx')).toBe(false);
    for (const name of Object.keys(packageJson.dependencies).filter((dep) => dep !== 'tsx')) {
      expect(packed, name).toContain(name);
    }
  });

  it("unpacks sharp's native module and libvips from the archive", async () => {
    const unpacked = join(appOutDir, 'resources', 'app.asar.unpacked', 'node_modules');
    const binaries = await readdir(join(unpacked, '@img', 'sharp-linux-x64', 'lib'));
    const sharpBinary = binaries.find((file) => /^sharp-linux-x64.*\.node$/.test(file));
    expect(sharpBinary).toBeDefined();
    expect((await stat(join(unpacked, '@img', 'sharp-linux-x64', 'lib', sharpBinary ?? ''))).size).toBeGreaterThan(
      100_000,
    );
    const libvips = await readdir(join(unpacked, '@img', 'sharp-libvips-linux-x64', 'lib'));
    expect(libvips.some((file) => /^libvips-cpp\.so/.test(file))).toBe(true);
    expect(existsSync(join(unpacked, 'sharp', 'package.json'))).toBe(true);
    // The archive's index marks them as living outside it.
    expect(has(`/node_modules/@img/sharp-linux-x64/lib/${sharpBinary ?? ''}`)).toBe(true);
    // Only the native side is unpacked; the app's own code stays in the archive.
    expect(existsSync(join(unpacked, '..', 'out'))).toBe(false);
  });

  it('ships a sharp that loads and resizes from the packaged dependency tree', async () => {
    // Rebuild the tree the app sees at run time (archive plus unpacked files) and load sharp
    // from it with Node: sharp's binary is Node-API, the same in Node and Electron, so this
    // proves the packaged dependencies of sharp are complete and its binary and libvips load.
    const tree = join(workDir, 'extracted');
    extractAll(asarPath, tree);
    const script = [
      "const sharp = require(process.argv[1] + '/node_modules/sharp');",
      'sharp({ create: { width: 8, height: 8, channels: 3, background: "#e8386d" } })',
      '  .resize(4, 4).png().toBuffer()',
      '  .then(async (png) => { const m = await sharp(png).metadata(); console.log(m.width + "x" + m.height); })',
      '  .catch((error) => { console.error(error); process.exit(1); });',
    ].join('\n');
    const output = execFileSync(process.execPath, ['-e', script, tree], { encoding: 'utf8', timeout: 60_000 });
    expect(output.trim()).toBe('4x4');
  });

  it('leaves out tests, sources, maps, docs and development tooling', () => {
    const offending = entries.filter(
      (entry) =>
        /^\/(test|sandbox|main|preload|renderer|scripts|bench|docs|assets|build|bin|\.github|\.ci)(\/|$)/.test(entry) ||
        /\.(map|ts|mts|cts|tsx|svelte)$/.test(entry) ||
        entry.startsWith('/node_modules/sharp/src/') ||
        (entry.startsWith('/out/') && /\.(test|spec)\.[cm]?js$/.test(entry)) ||
        /^\/(tsconfig\.json|eslint\.config\.js|vitest\.config\.ts|electron\.vite\.config\.ts|electron-builder\.yml|package-lock\.json)$/.test(
          entry,
        ),
    );
    expect(offending).toEqual([]);
    const packed = packedPackages();
    const devOnly = [
      ...Object.keys(packageJson.devDependencies),
      'tsx',
      'esbuild',
      'vite',
      'rollup',
      'app-builder-lib',
      '@electron/asar',
      '@types/node',
    ];
    expect(devOnly.filter((name) => packed.has(name))).toEqual([]);
  });

  it('flips the configured Electron fuses in the packaged executable', async () => {
    expect(await fuseStates(join(appOutDir, 'shotput'))).toBe(CONFIGURED_FUSES);
  });

  it('tells the updater where releases are: app-update.yml with the GitHub repository and a cache folder', async () => {
    const text = await readFile(join(appOutDir, 'resources', 'app-update.yml'), 'utf8');
    expect(text).toMatch(/^provider: github$/m);
    expect(text).toMatch(/^owner: release-owner$/m);
    expect(text).toMatch(/^repo: release-repo$/m);
    expect(text).toMatch(/^updaterCacheDirName: shotput-updater$/m);
  });

  it('registers app.shotput in the desktop entries of the deb and the AppImage', () => {
    for (const desktop of [deb?.desktopEntry, appImageDesktop]) {
      expect(desktop).toBeDefined();
      const lines = (desktop ?? '').split('\n');
      // The image types it opens ("Open with") and the link scheme; no MIME package of its own.
      const mimeTypes = new Set(
        lines
          .find((line) => line.startsWith('MimeType='))
          ?.slice('MimeType='.length)
          .split(';')
          .filter(Boolean),
      );
      expect(mimeTypes).toEqual(
        new Set([
          'image/png',
          'image/jpeg',
          'image/gif',
          'image/webp',
          'image/tiff',
          'image/avif',
          'image/svg+xml',
          'image/apng',
          'video/mp4',
          'video/quicktime',
          'video/webm',
          'x-scheme-handler/app.shotput',
        ]),
      );
      expect(lines).toContain('Categories=Graphics;');
      expect(lines).toContain('Name=Shotput');
      // %U hands the app.shotput:// URL to the app.
      expect(lines.find((line) => line.startsWith('Exec='))).toMatch(/ %U$/);
    }
    expect(deb?.desktopEntry).toContain('Exec=/opt/Shotput/shotput %U');
    expect((deb?.args ?? []).some((arg) => arg.includes('/usr/share/mime/'))).toBe(false);
  });

  it('gives the deb its metadata, desktop file and icons', () => {
    const args = deb?.args ?? [];
    const value = (flag: string): string | undefined => args[args.indexOf(flag) + 1];
    expect(value('--name')).toBe('shotput');
    expect(value('--maintainer')).toBe('Shotput <team@shotput.app>');
    expect(value('--url')).toBe('https://shotput.app');
    expect(value('--category')).toBe('graphics');
    expect(value('--description')).toMatch(/^Publish design shots from your desktop\n /);
    expect(args.some((arg) => /=\/usr\/share\/applications\/shotput\.desktop$/.test(arg))).toBe(true);
    expect(args).toContain(`${appOutDir}/=/opt/Shotput`);
    for (const size of LINUX_ICON_SIZES) {
      const icon = `${linuxIconsDir}/${size}x${size}.png=/usr/share/icons/hicolor/${size}x${size}/apps/shotput.png`;
      expect(args, `${size}px icon`).toContain(icon);
    }
  });
});

describe.runIf(onLinux)('sharp binaries per CPU', () => {
  it("keeps only the target CPU's sharp packages in each build", async () => {
    // This machine has only the x64 packages; an arm64 build must leave them out rather than
    // ship a binary that cannot load (the release runners add the arm64 ones with
    // scripts/package-sharp-cpus.ts, and the same filter keeps them out of the x64 build).
    const output = join(workDir, 'dist-arm64');
    await build({
      projectDir,
      targets: Platform.LINUX.createTarget(['dir'], Arch.arm64),
      publish: 'never',
      config: {
        directories: { output },
        electronDist: join(workDir, 'electron-dist'),
        electronVersion: '45.4.1',
        linux: { icon: linuxIconsDir },
      },
    });
    const arm64Entries = listPackage(join(output, 'linux-arm64-unpacked', 'resources', 'app.asar'), { isPack: false });
    const imgPackages = new Set(
      arm64Entries
        .map((entry) => entry.replaceAll('\\', '/').split('/').slice(2, 4).join('/'))
        .filter((name) => name.startsWith('@img/')),
    );
    expect([...imgPackages].filter((name) => name.includes('x64'))).toEqual([]);
    expect(imgPackages.has('@img/colour')).toBe(true);
    // And the x64 build above kept its own.
    expect(packedPackages().has('@img/sharp-linux-x64')).toBe(true);
  }, 300_000);
});

describe.runIf(onLinux)('macOS app bundle built offline from electron-builder.yml', () => {
  // The `dir` target for macOS assembles Shotput.app exactly as for the dmg and zip; signing
  // and notarization are skipped off macOS, and so is the dmg itself (it needs hdiutil).
  beforeAll(async () => {
    const electronDist = await makeStandInMacElectron(join(workDir, 'electron-dist-mac'));
    const output = join(workDir, 'dist-mac');
    macIcns = join(workDir, 'build', 'icon.icns');
    await build({
      projectDir,
      targets: Platform.MAC.createTarget(['dir'], Arch.arm64),
      publish: 'never',
      config: {
        directories: { output },
        electronDist,
        electronVersion: '45.4.1',
        mac: { icon: macIcns },
        // Re-signing ad hoc after the flip runs `codesign`, which exists only on macOS.
        electronFuses: { resetAdHocDarwinSignature: false },
      },
    });
    macApp = join(output, 'mac-arm64', 'Shotput.app');
  }, 300_000);

  it('declares the app.shotput URL scheme, bundle id and category in Info.plist', async () => {
    const info = plist.parse(await readFile(join(macApp, 'Contents', 'Info.plist'), 'utf8')) as Record<string, unknown>;
    expect(info.CFBundleIdentifier).toBe('app.shotput.desktop');
    expect(info.CFBundleExecutable).toBe('Shotput');
    expect(info.LSApplicationCategoryType).toBe('public.app-category.graphics-design');
    // Every image type it reads, as a viewer that is never the default app for it.
    const documentTypes = info.CFBundleDocumentTypes as {
      CFBundleTypeExtensions: string[];
      CFBundleTypeRole: string;
      LSHandlerRank: string;
    }[];
    expect(documentTypes.flatMap((type) => type.CFBundleTypeExtensions).sort()).toEqual([
      'apng',
      'avif',
      'gif',
      'jpeg',
      'jpg',
      'lottie',
      'm4v',
      'mov',
      'mp4',
      'png',
      'svg',
      'tif',
      'tiff',
      'webm',
      'webp',
    ]);
    for (const type of documentTypes)
      expect(type).toMatchObject({ CFBundleTypeRole: 'Viewer', LSHandlerRank: 'Alternate' });
    expect(info.CFBundleURLTypes).toEqual([
      { CFBundleURLName: 'Shotput', CFBundleTypeRole: 'Editor', CFBundleURLSchemes: ['app.shotput'] },
    ]);
    // The hash that the EnableEmbeddedAsarIntegrityValidation fuse checks app.asar against.
    const integrity = info.ElectronAsarIntegrity as Record<string, { algorithm: string; hash: string }> | undefined;
    expect(integrity?.['Resources/app.asar']?.algorithm).toBe('SHA256');
    expect(integrity?.['Resources/app.asar']?.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('bundles the icon, the renamed executable and helpers, and the archive', async () => {
    const contents = join(macApp, 'Contents');
    const info = plist.parse(await readFile(join(contents, 'Info.plist'), 'utf8')) as Record<string, unknown>;
    const iconFile = String(info.CFBundleIconFile);
    expect(await readFile(join(contents, 'Resources', iconFile))).toEqual(await readFile(macIcns));
    expect(existsSync(join(contents, 'MacOS', 'Shotput'))).toBe(true);
    expect(existsSync(join(contents, 'Frameworks', 'Shotput Helper (Renderer).app'))).toBe(true);
    expect(existsSync(join(contents, 'Resources', 'app.asar'))).toBe(true);
  });

  it('flips the configured fuses in the Electron Framework binary', async () => {
    expect(await fuseStates(macApp)).toBe(CONFIGURED_FUSES);
  });
});
