// SECURITY.md says what the code does with a sign-in where Linux has no keyring (basic_text): the
// code still seals it and writes it to disk, obscured with Electron's fixed key, and says so.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { protectionNotice, safeStorageSecretBox } from '../../main/app/auth-secret-box';

describe('SECURITY.md on Linux without a keyring', () => {
  it('matches the code: the sign-in is still saved to disk, only obscured', async () => {
    const basicText = {
      isEncryptionAvailable: () => true,
      getSelectedStorageBackend: () => 'basic_text' as const,
      encryptString: (plain: string) => Buffer.from(`v10${plain}`),
      decryptString: (sealed: Buffer) => sealed.toString().slice(3),
    };
    const box = safeStorageSecretBox(basicText, 'linux');
    // The code keeps a working box (what the token store writes to accounts.json), marked basic-text.
    expect(box).toMatchObject({ ok: true, box: { protection: 'basic-text' } });
    expect(protectionNotice('basic-text')).toMatch(/only lightly obscured on disk/);

    const doc = await readFile(new URL('../../SECURITY.md', import.meta.url), 'utf8');
    const paragraph = doc.split('\n- ').find((item) => item.includes('basic_text')) ?? '';
    expect(paragraph).toMatch(/still saved to disk/);
    expect(paragraph).toMatch(/same in every copy of Electron/);
    expect(paragraph).not.toMatch(/in memory only/);
  });
});
