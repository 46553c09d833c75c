import { describe, expect, it, vi } from 'vitest';
import { fakeSafeStorage } from './auth-fakes';

vi.mock('electron', () => ({}));

const { protectionNotice, safeStorageSecretBox } = await import('../../main/app/auth-secret-box');

describe('safeStorageSecretBox', () => {
  it('seals with safeStorage and opens again', () => {
    const result = safeStorageSecretBox(fakeSafeStorage('gnome_libsecret'), 'linux');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const sealed = result.value.seal('token-123');
    expect(sealed).not.toContain('token-123');
    expect(result.value.open(sealed)).toBe('token-123');
    expect(result.value.protection).toBe('os-keychain');
  });

  it('says so when Linux only has the basic_text backend', () => {
    const result = safeStorageSecretBox(fakeSafeStorage('basic_text'), 'linux');
    expect(result.ok && result.value.protection).toBe('basic-text');
    expect(protectionNotice('basic-text')).toMatch(/no keyring/);
  });

  it('does not ask for the Linux backend on other systems', () => {
    const storage = { ...fakeSafeStorage('basic_text'), getSelectedStorageBackend: vi.fn(() => 'basic_text' as const) };
    const result = safeStorageSecretBox(storage, 'darwin');
    expect(result.ok && result.value.protection).toBe('os-keychain');
    expect(storage.getSelectedStorageBackend).not.toHaveBeenCalled();
  });

  it('refuses when no encryption is available', () => {
    const result = safeStorageSecretBox(fakeSafeStorage('unknown', false), 'linux');
    expect(result).toEqual({
      ok: false,
      error: { code: 'no-secret-storage', message: expect.stringMatching(/cannot keep you signed in/) },
    });
  });
});
