// The Windows installer offers Shotput in Explorer's "Open with" for every image type Shotput
// reads, and never makes it their default program (build/installer.nsh, checked as text: NSIS
// runs only on the release runner).
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INPUT_EXTENSIONS, OPEN_WITH_EXTENSIONS } from '../../common/input-types';

const script = await readFile(join(resolve(import.meta.dirname, '..', '..'), 'build', 'installer.nsh'), 'utf8');

describe('the Windows installer', () => {
  it('lists Shotput under OpenWithProgids of each image type it reads, and removes it on uninstall', () => {
    for (const extension of OPEN_WITH_EXTENSIONS) {
      expect(script, extension).toContain(`!insertmacro shotputOpenWith ".${extension}"`);
      expect(script, extension).toContain(`!insertmacro shotputForgetOpenWith ".${extension}"`);
    }
    // Every JSON file is not a Lottie: Shotput is not offered for .json (it still takes one dropped or chosen).
    expect(INPUT_EXTENSIONS).toContain('json');
    expect(script).not.toContain('".json"');
    expect(script).toMatch(
      /WriteRegStr SHELL_CONTEXT "Software\\Classes\\Shotput\.Image\\shell\\open\\command" "" '"\$appExe" "%1"'/,
    );
  });

  it('never writes the default value of an extension key (that would make Shotput the default program)', () => {
    const extensionDefaults = script
      .split('\n')
      .filter(
        (line) =>
          /WriteRegStr SHELL_CONTEXT "Software\\Classes\\(\.|\$\{EXT\}")/.test(line) ||
          /Classes\\\$\{EXT\}" ""/.test(line),
      );
    expect(extensionDefaults).toEqual([]);
  });
});
