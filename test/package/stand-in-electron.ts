// A stand-in for the Linux Electron distribution, for packing without the network.
// electron-builder copies an unpacked `electronDist` folder into the app directory as it is
// (app-builder-lib ElectronFramework `unpack`), renames `electron` to the executable name,
// moves LICENSE to LICENSE.electron.txt, reads `locales/` when trimming languages, and
// finally flips the fuses in the executable with @electron/fuses. The stand-in therefore
// holds those files, and its "binary" carries a real fuse wire (sentinel, version, length,
// one byte per fuse) so the fuse step runs exactly as on a real binary and the test can
// read back what it wrote.
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The marker @electron/fuses searches for (its constants.SENTINEL). */
export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';

/**
 * Electron's shipped fuse defaults in FuseV1Options order: RunAsNode on, EnableCookieEncryption
 * off, EnableNodeOptionsEnvironmentVariable on, EnableNodeCliInspectArguments on,
 * EnableEmbeddedAsarIntegrityValidation off, OnlyLoadAppFromAsar off,
 * LoadBrowserProcessSpecificV8Snapshot off, GrantFileProtocolExtraPrivileges on.
 * Every fuse the configuration sets starts in the opposite state, so a flip is visible.
 */
export const SHIPPED_FUSE_WIRE = '10110001';

/** Bytes of a stand-in executable: a script that refuses to run, then the fuse wire. */
function binaryWithFuseWire(): Buffer {
  return Buffer.concat([
    Buffer.from('#!/bin/sh\necho "stand-in Electron: not runnable"\nexit 1\n# ', 'latin1'),
    Buffer.from(FUSE_SENTINEL, 'latin1'),
    Buffer.from([1, SHIPPED_FUSE_WIRE.length]),
    Buffer.from(SHIPPED_FUSE_WIRE, 'latin1'),
    Buffer.from('\n', 'latin1'),
  ]);
}

/** Linux layout: `electron` next to `resources/` and `locales/`. */
export async function makeStandInElectron(dir: string): Promise<string> {
  await mkdir(join(dir, 'resources'), { recursive: true });
  await mkdir(join(dir, 'locales'), { recursive: true });
  await writeFile(join(dir, 'electron'), binaryWithFuseWire());
  await chmod(join(dir, 'electron'), 0o755);
  await writeFile(join(dir, 'locales', 'en-US.pak'), 'stand-in locale\n');
  await writeFile(join(dir, 'LICENSE'), 'stand-in Electron license\n');
  await writeFile(join(dir, 'LICENSES.chromium.html'), '<p>stand-in Chromium licenses</p>\n');
  await writeFile(join(dir, 'version'), '45.4.1');
  return dir;
}

function infoPlist(entries: Record<string, string>): string {
  const body = Object.entries(entries)
    .map(([key, value]) => `  <key>${key}</key>\n  <string>${value}</string>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
${body}
</dict>
</plist>
`;
}

/**
 * macOS layout: Electron.app with the Info.plist files electron-builder rewrites
 * (app-builder-lib electronMac `createMacApp`), the executables it renames, and the fuse
 * wire in "Electron Framework", which is where @electron/fuses looks inside an .app.
 */
export async function makeStandInMacElectron(dir: string): Promise<string> {
  const contents = join(dir, 'Electron.app', 'Contents');
  const frameworks = join(contents, 'Frameworks');
  await mkdir(join(contents, 'MacOS'), { recursive: true });
  await mkdir(join(contents, 'Resources'), { recursive: true });
  await mkdir(join(frameworks, 'Electron Framework.framework'), { recursive: true });
  await writeFile(
    join(contents, 'Info.plist'),
    infoPlist({
      CFBundleExecutable: 'Electron',
      CFBundleIdentifier: 'com.github.Electron',
      CFBundleName: 'Electron',
      CFBundleIconFile: 'electron.icns',
      CFBundlePackageType: 'APPL',
    }),
  );
  await writeFile(join(contents, 'MacOS', 'Electron'), binaryWithFuseWire());
  await writeFile(join(contents, 'Resources', 'electron.icns'), 'stand-in icon');
  await writeFile(join(frameworks, 'Electron Framework.framework', 'Electron Framework'), binaryWithFuseWire());
  for (const suffix of ['', ' (Renderer)', ' (GPU)', ' (Plugin)']) {
    const helper = join(frameworks, `Electron Helper${suffix}.app`, 'Contents');
    await mkdir(join(helper, 'MacOS'), { recursive: true });
    await writeFile(
      join(helper, 'Info.plist'),
      infoPlist({
        CFBundleExecutable: `Electron Helper${suffix}`,
        CFBundleIdentifier: 'com.github.Electron.helper',
        CFBundlePackageType: 'APPL',
      }),
    );
    await writeFile(join(helper, 'MacOS', `Electron Helper${suffix}`), 'stand-in helper');
  }
  return dir;
}
