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

export async function makeStandInElectron(dir: string): Promise<string> {
  await mkdir(join(dir, 'resources'), { recursive: true });
  await mkdir(join(dir, 'locales'), { recursive: true });
  const wire = Buffer.concat([
    Buffer.from('#!/bin/sh\necho "stand-in Electron: not runnable"\nexit 1\n# ', 'latin1'),
    Buffer.from(FUSE_SENTINEL, 'latin1'),
    Buffer.from([1, SHIPPED_FUSE_WIRE.length]),
    Buffer.from(SHIPPED_FUSE_WIRE, 'latin1'),
    Buffer.from('\n', 'latin1'),
  ]);
  await writeFile(join(dir, 'electron'), wire);
  await chmod(join(dir, 'electron'), 0o755);
  await writeFile(join(dir, 'locales', 'en-US.pak'), 'stand-in locale\n');
  await writeFile(join(dir, 'LICENSE'), 'stand-in Electron license\n');
  await writeFile(join(dir, 'LICENSES.chromium.html'), '<p>stand-in Chromium licenses</p>\n');
  await writeFile(join(dir, 'version'), '45.4.1');
  return dir;
}
