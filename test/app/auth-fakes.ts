// Stand-ins for the Electron objects the auth wiring touches.
import { EventEmitter } from 'node:events';
import type { SafeStorage } from 'electron';

type Backend = ReturnType<SafeStorage['getSelectedStorageBackend']>;

/** safeStorage with a reversible "encryption" the test can recognise. */
export function fakeSafeStorage(backend: Backend = 'gnome_libsecret', available = true) {
  return {
    isEncryptionAvailable: () => available,
    getSelectedStorageBackend: (): Backend => backend,
    encryptString: (plain: string) => Buffer.from(`enc:${Buffer.from(plain).toString('hex')}`),
    decryptString: (sealed: Buffer) => {
      const text = sealed.toString();
      if (!text.startsWith('enc:'))
        throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return Buffer.from(text.slice(4), 'hex').toString();
    },
  };
}

/** The part of Electron's `app` that deep links use, with a ready state the test controls. */
export class FakeApp extends EventEmitter {
  registrations: unknown[][] = [];
  private ready = false;
  private resolveReady!: () => void;
  private readonly readyPromise = new Promise<void>((resolve) => (this.resolveReady = resolve));

  setAsDefaultProtocolClient = (...args: unknown[]): boolean => {
    this.registrations.push(args);
    return true;
  };

  isReady = (): boolean => this.ready;
  whenReady = (): Promise<void> => this.readyPromise;

  becomeReady(): Promise<void> {
    this.ready = true;
    this.resolveReady();
    return this.readyPromise.then(() => undefined);
  }
}
