// safeStorage as the token store's SecretBox. Call after the app is ready (Linux picks its secret
// store then). Where Linux has no keyring, safeStorage falls back to 'basic_text' (a fixed key, so
// not really secret): the box still works, and `protection` says so for the settings screen.
import type { SafeStorage } from 'electron';
import type { SecretBox } from '../auth/token-store';
import { launchFacts } from './os-launch';
import { fail } from '../../common/problem';
import type { Result } from '../../common/problem';

type SafeStorageLike = Pick<SafeStorage, 'isEncryptionAvailable' | 'encryptString' | 'decryptString'> &
  Partial<Pick<SafeStorage, 'getSelectedStorageBackend'>>;

export function safeStorageSecretBox(
  safeStorage: SafeStorageLike,
  platform: NodeJS.Platform = launchFacts().platform,
): Result<SecretBox> {
  if (!safeStorage.isEncryptionAvailable()) {
    return fail(
      'no-secret-storage',
      'This computer offers no way to encrypt saved sign-ins, so Shotput cannot keep you signed in.',
    );
  }
  const backend = platform === 'linux' ? safeStorage.getSelectedStorageBackend?.() : undefined;
  const protection: SecretBox['protection'] = backend === 'basic_text' ? 'basic-text' : 'os-keychain';
  return {
    ok: true,
    value: {
      protection,
      seal: (plain) => safeStorage.encryptString(plain).toString('base64'),
      open: (sealed) => safeStorage.decryptString(Buffer.from(sealed, 'base64')),
    },
  };
}

/** The sentence the settings screen shows about how sign-ins are kept. */
export function protectionNotice(protection: SecretBox['protection']): string {
  if (protection === 'basic-text') {
    return 'Your system has no keyring (such as GNOME Keyring or KWallet), so saved sign-ins are only lightly obscured on disk. Install and unlock a keyring to encrypt them.';
  }
  if (protection === 'file-permissions') return 'Saved sign-ins are protected by file permissions only.';
  return 'Saved sign-ins are encrypted with your system’s keychain.';
}
