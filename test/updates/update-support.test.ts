import { describe, expect, it } from 'vitest';
import { classifyUpdateError, isQuiet } from '../../main/updates/update-errors';
import {
  CHECKSUM_ONLY,
  SIGNATURE_CHECKED_MAC,
  SIGNATURE_CHECKED_WINDOWS,
  updateSupport,
  windowsPublisherIn,
} from '../../main/updates/update-support';

describe('updateSupport', () => {
  it('lets the AppImage, a signed Windows installer and a signed Mac app update themselves, saying how each download is verified', () => {
    expect(updateSupport({ platform: 'linux', isPackaged: true, appImagePath: '/home/a/Shotput.AppImage' })).toEqual({
      supported: true,
      verification: CHECKSUM_ONLY,
    });
    expect(updateSupport({ platform: 'win32', isPackaged: true, windowsPublisher: 'Shotput' })).toEqual({
      supported: true,
      verification: SIGNATURE_CHECKED_WINDOWS,
    });
    const signed =
      'Executable=/Applications/Shotput.app/Contents/MacOS/Shotput\nAuthority=Developer ID Application: Shotput (TEAMID)\nTeamIdentifier=TEAMID';
    expect(updateSupport({ platform: 'darwin', isPackaged: true, macSignature: signed })).toEqual({
      supported: true,
      verification: SIGNATURE_CHECKED_MAC,
    });
  });

  it("lets the AppImage update itself even when it carries the deb's package-type marker", () => {
    // electron-builder writes resources/package-type into linux-unpacked, which the AppImage is packed from too.
    expect(
      updateSupport({
        platform: 'linux',
        isPackaged: true,
        packageType: 'deb',
        appImagePath: '/home/a/Shotput.AppImage',
      }),
    ).toEqual({ supported: true, verification: CHECKSUM_ONLY });
  });

  it('does not let an unsigned Windows build install updates itself', () => {
    const support = updateSupport({ platform: 'win32', isPackaged: true });
    expect(support).toEqual({
      supported: false,
      reason: expect.stringMatching(
        /^This Windows build is not signed.*Download new versions from the releases page\.$/,
      ),
    });
  });

  it('reads the publisher electron-builder writes into app-update.yml for a signed Windows build', () => {
    expect(windowsPublisherIn('provider: github\nowner: o\nrepo: r\n')).toBeUndefined();
    expect(
      windowsPublisherIn('provider: github\npublisherName:\n  - Shotput Ltd\nupdaterCacheDirName: shotput-updater\n'),
    ).toBe('Shotput Ltd');
    expect(windowsPublisherIn("publisherName: 'Shotput Ltd'\n")).toBe('Shotput Ltd');
    expect(windowsPublisherIn('publisherName: null\nrepo: r\n')).toBeUndefined();
  });

  it('says why the deb, an unsigned Mac app, a non-AppImage Linux build and a source checkout do not', () => {
    const reason = (facts: Parameters<typeof updateSupport>[0]) => {
      const support = updateSupport(facts);
      return support.supported ? '' : support.reason;
    };
    expect(reason({ platform: 'linux', isPackaged: true, packageType: 'deb\n', appImagePath: '' })).toMatch(
      /installed from the deb package, so your system's package manager updates it/,
    );
    expect(
      reason({
        platform: 'darwin',
        isPackaged: true,
        macSignature: 'Executable=/x\nSignature=adhoc\nTeamIdentifier=not set',
      }),
    ).toMatch(/not signed, and macOS lets only signed apps update themselves/);
    expect(
      reason({ platform: 'darwin', isPackaged: true, macSignature: '/x: code object is not signed at all' }),
    ).toMatch(/not signed/);
    expect(reason({ platform: 'darwin', isPackaged: true })).toMatch(/not signed/);
    expect(reason({ platform: 'linux', isPackaged: true, packageType: 'rpm\n' })).toMatch(
      /installed from the rpm package, so your system's package manager updates it/,
    );
    expect(reason({ platform: 'linux', isPackaged: true })).toMatch(/Only the AppImage updates itself/);
    expect(reason({ platform: 'win32', isPackaged: false })).toMatch(/runs from its source code/);
  });
});

describe('classifyUpdateError', () => {
  it('keeps network trouble quiet and names a corrupt download', () => {
    expect(isQuiet(classifyUpdateError(Object.assign(new Error('x'), { code: 'ECONNREFUSED' })))).toBe(true);
    expect(isQuiet(classifyUpdateError(new Error('sha512 checksum mismatch')))).toBe(false);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    expect(classifyUpdateError(refused)).toMatchObject({ code: 'update-offline', retryable: true });
    expect(classifyUpdateError(new Error('net::ERR_INTERNET_DISCONNECTED'))).toMatchObject({
      code: 'update-offline',
      retryable: true,
    });
    expect(classifyUpdateError(Object.assign(new Error('HttpError: 503'), { statusCode: 503 }))).toMatchObject({
      code: 'update-server',
      retryable: true,
    });
    expect(
      classifyUpdateError(
        Object.assign(new Error('sha512 checksum mismatch, expected a, got b'), { code: 'ERR_CHECKSUM_MISMATCH' }),
      ),
    ).toMatchObject({ code: 'update-corrupt', retryable: true });
    expect(classifyUpdateError(new Error('Cannot parse update info'))).toMatchObject({
      code: 'update-other',
      message: 'Checking for updates failed: Cannot parse update info. Shotput will try again later.',
    });
  });
});
