import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TokenStore } from '../../main/auth/token-store';
import type { SecretBox, StoredAccount } from '../../main/auth/token-store';
import { fileModeSecretBox, ownerOnlyFile, tokenFilePath } from '../../main/auth/file-persistence';

const account: StoredAccount = {
  serviceId: 'sandbox',
  accessToken: 'token-of-ada',
  tokenType: 'bearer',
  scope: 'public upload',
  user: { id: 1, username: 'ada', name: 'Ada' },
  signedInAt: '2026-11-21T15:00:00.000Z',
};

/** A reversible stand-in for safeStorage, so the test can see that values are sealed. */
const rot13Box: SecretBox = {
  protection: 'os-keychain',
  seal: (plain) => `sealed:${Buffer.from(plain).toString('base64')}`,
  open: (sealed) => {
    if (!sealed.startsWith('sealed:')) throw new Error('not sealed here');
    return Buffer.from(sealed.slice(7), 'base64').toString();
  },
};

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'shotput-tokens-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('TokenStore on an owner-only file', () => {
  it('keeps one account per service, in a file only its owner can read', async () => {
    const file = tokenFilePath(dir);
    const store = new TokenStore(fileModeSecretBox, ownerOnlyFile(file));
    await store.saveAccount(account);
    await store.saveAccount({
      ...account,
      serviceId: 'dribbble',
      accessToken: 'real-token',
      user: { id: 9, username: 'ada9', name: 'Ada' },
    });
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const reopened = new TokenStore(fileModeSecretBox, ownerOnlyFile(file));
    expect((await reopened.account('sandbox'))?.accessToken).toBe('token-of-ada');
    expect((await reopened.account('dribbble'))?.accessToken).toBe('real-token');
    const summaries = await reopened.summaries();
    expect(summaries.map((s) => s.serviceId).sort()).toEqual(['dribbble', 'sandbox']);
    expect(JSON.stringify(summaries)).not.toContain('token');
  });

  it('forgets the account on sign-out and keeps the other service signed in', async () => {
    const store = new TokenStore(fileModeSecretBox, ownerOnlyFile(tokenFilePath(dir)));
    await store.saveAccount(account);
    await store.saveAccount({ ...account, serviceId: 'dribbble' });
    expect(await store.forgetAccount('sandbox')).toBe(true);
    const reopened = new TokenStore(fileModeSecretBox, ownerOnlyFile(tokenFilePath(dir)));
    expect(await reopened.account('sandbox')).toBeUndefined();
    expect(await reopened.account('dribbble')).toBeDefined();
    expect(await readFile(tokenFilePath(dir), 'utf8')).not.toContain('"sandbox"');
  });

  it('stores client secrets sealed, never in the clear', async () => {
    const file = path.join(dir, 'sealed.json');
    const store = new TokenStore(rot13Box, ownerOnlyFile(file));
    await store.saveClientSecret('dribbble', 'my-client-secret');
    await store.saveAccount(account);
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain('my-client-secret');
    expect(text).not.toContain('token-of-ada');
    const reopened = new TokenStore(rot13Box, ownerOnlyFile(file));
    expect(await reopened.clientSecret('dribbble')).toBe('my-client-secret');
    expect((await reopened.account('sandbox'))?.accessToken).toBe('token-of-ada');
  });

  it('treats a damaged file or values sealed elsewhere as signed out', async () => {
    const file = path.join(dir, 'damaged.json');
    await writeFile(file, '{not json');
    expect(await new TokenStore(rot13Box, ownerOnlyFile(file)).account('sandbox')).toBeUndefined();
    await writeFile(
      file,
      JSON.stringify({ version: 1, accounts: { sandbox: 'garbage' }, clientSecrets: { x: 'garbage' } }),
    );
    const store = new TokenStore(rot13Box, ownerOnlyFile(file));
    expect(await store.account('sandbox')).toBeUndefined();
    expect(await store.clientSecret('x')).toBeUndefined();
  });
});
