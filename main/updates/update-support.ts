// Which installs of Shotput can update themselves, and how a download is verified, decided before
// any check is made, so that Settings says why an install cannot instead of failing silently:
//   - a signed Windows installer (NSIS) and a signed macOS build update themselves, and a download is
//     installed only when it carries the same publisher's signature and matches the release's sha512;
//   - the AppImage (Linux) updates itself, verified only by the sha512 that the same release publishes
//     (latest-linux.yml): no signature, so it is as trustworthy as the releases page itself;
//   - an unsigned Windows build does not: electron-updater skips the signature check when the build
//     names no publisher, which would leave a checksum from the same place as the download;
//   - the deb (and an rpm or pacman package built from source) is updated by the system's package manager;
//   - an unsigned (or ad-hoc signed) macOS build cannot: Squirrel.Mac installs only signed apps;
//   - a build run from source (not packaged) has nothing to replace.

export type UpdateSupport = { supported: true; verification: string } | { supported: false; reason: string };

export const SIGNATURE_CHECKED_WINDOWS =
  "An update is installed only when it carries this build's publisher signature and matches the release's sha512 checksum.";
export const SIGNATURE_CHECKED_MAC =
  "An update is installed only when it is signed by the same Apple developer as this build and matches the release's sha512 checksum.";
export const CHECKSUM_ONLY =
  "An update is checked only against the sha512 checksum published with the same release, not against a signature: it is as trustworthy as the project's releases page.";

export interface InstallFacts {
  platform: NodeJS.Platform;
  isPackaged: boolean;
  /** Linux: what electron-builder wrote to resources/package-type ('deb', 'rpm', …), if anything. */
  packageType?: string;
  /** Linux: the AppImage's own path (the APPIMAGE variable its runtime sets). */
  appImagePath?: string;
  /** macOS: what `codesign -dv` said about the app bundle (its standard error), if it ran. */
  macSignature?: string;
  /** Windows: the publisher electron-builder wrote to resources/app-update.yml when it signed the build. */
  windowsPublisher?: string;
}

export function updateSupport(facts: InstallFacts): UpdateSupport {
  if (!facts.isPackaged)
    return {
      supported: false,
      reason:
        'This copy of Shotput runs from its source code, so it does not update itself; pull the latest code instead.',
    };
  switch (facts.platform) {
    case 'win32':
      return facts.windowsPublisher
        ? { supported: true, verification: SIGNATURE_CHECKED_WINDOWS }
        : {
            supported: false,
            reason:
              'This Windows build is not signed, so an update could be checked only against a checksum from the same place as the download; Shotput does not install updates itself here. Download new versions from the releases page.',
          };
    case 'darwin':
      return isProperlySigned(facts.macSignature)
        ? { supported: true, verification: SIGNATURE_CHECKED_MAC }
        : {
            supported: false,
            reason:
              'This Mac build is not signed, and macOS lets only signed apps update themselves. Download new versions from the releases page.',
          };
    case 'linux': {
      // The AppImage first: electron-builder packs it from the same folder into which the deb
      // target writes its package-type marker, so an AppImage can carry "deb" too. Only the
      // AppImage runtime sets APPIMAGE.
      if (facts.appImagePath !== undefined && facts.appImagePath !== '')
        return { supported: true, verification: CHECKSUM_ONLY };
      const packageType = facts.packageType?.trim();
      if (packageType === 'deb' || packageType === 'rpm' || packageType === 'pacman') {
        return {
          supported: false,
          reason: `Shotput was installed from the ${packageType} package, so your system's package manager updates it (or install the new package from the releases page).`,
        };
      }
      return {
        supported: false,
        reason: 'Only the AppImage updates itself on Linux. Install new versions from the releases page.',
      };
    }
    default:
      return {
        supported: false,
        reason: 'Shotput cannot update itself on this system. Install new versions from the releases page.',
      };
  }
}

/**
 * The publisher name(s) in app-update.yml (`publisherName: X` or a list under it), which is what
 * electron-updater checks a Windows download's signature against; undefined when there is none.
 */
export function windowsPublisherIn(appUpdateYml: string): string | undefined {
  const match = /^publisherName:[ \t]*(.*)$/m.exec(appUpdateYml);
  if (!match) return undefined;
  const inline = match[1]!.trim().replace(/^['"]|['"]$/g, '');
  if (inline !== '' && inline !== 'null' && inline !== '[]') return inline;
  const rest = appUpdateYml.slice(match.index + match[0].length);
  const item = /^\n[ \t]*-[ \t]*(.+)$/m.exec(rest);
  return item && rest.startsWith(item[0]) ? item[1]!.trim().replace(/^['"]|['"]$/g, '') || undefined : undefined;
}

/** codesign -dv prints "Authority=Developer ID Application: …" for a real identity, "Signature=adhoc" otherwise. */
function isProperlySigned(codesignOutput: string | undefined): boolean {
  if (codesignOutput === undefined) return false;
  if (/not signed at all|Signature=adhoc/i.test(codesignOutput)) return false;
  return /^Authority=/m.test(codesignOutput);
}
