// safeStorage of the fake Electron: real AES-256-GCM with a key that lives as long as the launch,
// so what main/app writes to disk is truly encrypted. `backend` plays the OS secret store:
// 'basic_text' is Linux without a keyring, 'unavailable' a system with no encryption at all.
// getSelectedStorageBackend exists on Linux only (the keychain of macOS and DPAPI of Windows have
// no backends to choose from); called elsewhere it throws.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { DoublePlatform } from './platform-rules';

export type SecretStorageMode = 'gnome_libsecret' | 'basic_text' | 'unavailable';

export class FakeSafeStorage {
  constructor(
    private readonly mode: SecretStorageMode,
    private readonly platform: DoublePlatform,
    /** The OS keyring's key: the same one at a relaunch opens what the last launch sealed. */
    private readonly key: Buffer = randomBytes(32),
  ) {
    if (platform !== 'linux' && mode !== 'unavailable' && mode !== 'gnome_libsecret') {
      throw new Error(`The secret store "${mode}" is Linux's; on ${platform} safeStorage uses the system keychain.`);
    }
  }

  isEncryptionAvailable(): boolean {
    return this.mode !== 'unavailable';
  }

  isAsyncEncryptionAvailable(): Promise<boolean> {
    return Promise.resolve(this.isEncryptionAvailable());
  }

  getSelectedStorageBackend(): string {
    if (this.platform !== 'linux')
      throw new TypeError(`safeStorage.getSelectedStorageBackend is Linux only (called on ${this.platform}).`);
    return this.mode === 'unavailable' ? 'unknown' : this.mode;
  }

  encryptString(plainText: string): Buffer {
    if (!this.isEncryptionAvailable())
      throw new Error(
        'Error while encrypting the text provided to safeStorage.encryptString. Encryption is not available.',
      );
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from('v10'), iv, cipher.getAuthTag(), body]);
  }

  decryptString(encrypted: Buffer): string {
    if (!this.isEncryptionAvailable())
      throw new Error(
        'Error while decrypting the ciphertext provided to safeStorage.decryptString. Decryption is not available.',
      );
    const iv = encrypted.subarray(3, 15);
    const tag = encrypted.subarray(15, 31);
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(encrypted.subarray(31)), decipher.final()]).toString('utf8');
  }
}
