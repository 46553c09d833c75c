// A TextPersistence on one key of a key-value store, e.g. the app's electron-store instance
// (`new Store()` from electron-store satisfies KeyValueStore).

import type { TextPersistence } from './token-store';

export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
}

export function keyValuePersistence(store: KeyValueStore, key = 'sealedAccounts'): TextPersistence {
  return {
    async read() {
      const value = store.get(key);
      return typeof value === 'string' ? value : undefined;
    },
    async write(text) {
      store.set(key, text);
    },
  };
}
