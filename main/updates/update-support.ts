// Which installs of Shotput can update themselves, decided before any check is made, so that
// Settings says why an install cannot instead of failing silently:
//   - AppImage (Linux), NSIS (Windows) and signed macOS builds update themselves;
//   - the deb is updated by the system's package manager;
//   - an unsigned (or ad-hoc signed) macOS build cannot: Squirrel.Mac installs only signed apps;
//   - a build run from source (not packaged) has nothing to replace.

export type UpdateSupport = { supported: true } | { supported: false; reason: string };

export interface InstallFacts {
  platform: NodeJS.Platform;
  isPackaged: boolean;
  /** Linux: what electron-builder wrote to resources/package-type ('deb', 'rpm', …), if anything. */
  packageType?: string;
  /** Linux: the AppImage's own path (the APPIMAGE variable its runtime sets). */
  appImagePath?: string;
  /** macOS: what `codesign -dv` said about the app bundle (its standard error), if it ran. */
  macSignature?: string;
}

export function updateSupport(facts: InstallFacts): UpdateSupport {
  if (!facts.isPackaged) return { supported: false, reason: 'This copy of Shotput runs from its source code, so it does not update itself; pull the latest code instead.' };
  switch (facts.platform) {
    case 'win32':
      return { supported: true };
    case 'darwin':
      return isProperlySigned(facts.macSignature)
        ? { supported: true }
        : { supported: false, reason: 'This Mac build is not signed, and macOS lets only signed apps update themselves. Download new versions from the releases page.' };
    case 'linux': {
      const packageType = facts.packageType?.trim();
      if (packageType === 'deb' || packageType === 'rpm' || packageType === 'pacman') {
        return { supported: false, reason: `Shotput was installed from the ${packageType} package, so your system's package manager updates it (or install the new package from the releases page).` };
      }
      if (facts.appImagePath === undefined || facts.appImagePath === '') {
        return { supported: false, reason: 'Only the AppImage updates itself on Linux. Install new versions from the releases page.' };
      }
      return { supported: true };
    }
    default:
      return { supported: false, reason: 'Shotput cannot update itself on this system. Install new versions from the releases page.' };
  }
}

/** codesign -dv prints "Authority=Developer ID Application: …" for a real identity, "Signature=adhoc" otherwise. */
function isProperlySigned(codesignOutput: string | undefined): boolean {
  if (codesignOutput === undefined) return false;
  if (/not signed at all|Signature=adhoc/i.test(codesignOutput)) return false;
  return /^Authority=/m.test(codesignOutput);
}
