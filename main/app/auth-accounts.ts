// The app's token store from Electron's pieces: safeStorage seals the tokens and client secrets, the
// given key-value store (electron-store) keeps them. Call after 'ready'.
import { safeStorage } from 'electron';
import { keyValuePersistence } from '../auth/key-value-persistence';
import type { KeyValueStore } from '../auth/key-value-persistence';
import { TokenStore } from '../auth/token-store';
import { safeStorageSecretBox } from './auth-secret-box';
import type { Result } from '../../common/problem';

/**
 * The token store sealed with safeStorage in the given store; a failure when this computer cannot
 * encrypt. In the app it stays in main: the engine's process asks it for what it needs.
 */
export function createDesktopTokens(keyValueStore: KeyValueStore): Result<TokenStore> {
  const box = safeStorageSecretBox(safeStorage);
  if (!box.ok) return box;
  return { ok: true, value: new TokenStore(box.value, keyValuePersistence(keyValueStore)) };
}
