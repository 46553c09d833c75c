import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { defaultSettings } from '../../common/contract/index';
import { openSettingsFile } from '../../main/settings/settings-file';

describe('settings file', () => {
  let dir = '';
  let file = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'shotput-settings-'));
    file = join(dir, 'nested', 'settings.json');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('starts from defaults and persists updates for the next start', async () => {
    const first = await openSettingsFile(file);
    expect(first.get()).toEqual(defaultSettings);
    expect(await first.set({ theme: 'dark' })).toEqual({ ...defaultSettings, theme: 'dark' });
    await first.set({ lastTab: 'queue' });
    const second = await openSettingsFile(file);
    expect(second.get()).toEqual({ ...defaultSettings, theme: 'dark', lastTab: 'queue' });
    expect(second.loadProblem).toBeUndefined();
  });

  test('refuses an invalid update and keeps the old value', async () => {
    const settings = await openSettingsFile(file);
    await expect(settings.set({ theme: 'purple' } as never)).rejects.toThrow();
    expect(settings.get().theme).toBe('system');
  });

  test('keeps concurrent updates in order', async () => {
    const settings = await openSettingsFile(file);
    await Promise.all([
      settings.set({ theme: 'light' }),
      settings.set({ theme: 'dark' }),
      settings.set({ lastTab: 'shots' }),
    ]);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ ...defaultSettings, theme: 'dark', lastTab: 'shots' });
  });

  test('a damaged file gives defaults and says why', async () => {
    await writeFile(join(dir, 'broken.json'), '{ not json');
    const broken = await openSettingsFile(join(dir, 'broken.json'));
    expect(broken.get()).toEqual(defaultSettings);
    expect(broken.loadProblem).toMatch(/not valid JSON/);

    await writeFile(join(dir, 'partly.json'), JSON.stringify({ theme: 'dark', lastTab: 'nowhere' }));
    const partly = await openSettingsFile(join(dir, 'partly.json'));
    expect(partly.get()).toEqual({ ...defaultSettings, theme: 'dark' });
    expect(partly.loadProblem).toMatch(/lastTab/);
  });
});
