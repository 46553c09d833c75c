// No dependency runs code at install time unseen: every package in package-lock.json that has an
// install script is decided on in package.json's allowScripts (npm 11's policy: true runs it,
// false skips it), and each decision says why in docs/releases.md. A new dependency that brings
// an install script fails here until someone decides on it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../e2e/harness/repo-paths';

interface Lock {
  packages: Record<string, { name?: string; version?: string; hasInstallScript?: boolean }>;
}

const packageJson = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  allowScripts?: Record<string, boolean | string>;
};
const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as Lock;
const notes = readFileSync(join(repoRoot, 'docs', 'releases.md'), 'utf8');

/** name@version of each locked package with an install script. */
function withInstallScripts(locked: Lock): string[] {
  return Object.entries(locked.packages)
    .filter(([path, entry]) => path !== '' && entry.hasInstallScript)
    .map(([path, entry]) => `${entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 13)}@${entry.version}`);
}

/** The package name an allowScripts key is about: `name`, `name@1.2.3`, `@scope/name@1.2.3`. */
function keyName(key: string): string {
  const at = key.indexOf('@', 1);
  return at === -1 ? key : key.slice(0, at);
}

/** The packages with an install script that the policy decides nothing about. */
function undecided(locked: Lock, policy: Record<string, boolean | string> | undefined): string[] {
  const keys = Object.keys(policy ?? {});
  return withInstallScripts(locked).filter((pkg) => {
    const name = keyName(pkg);
    return !keys.some((key) => key === name || key === pkg || (keyName(key) === name && policy![key] === false));
  });
}

describe('install scripts by choice', () => {
  it('every locked package with an install script is allowed or denied in package.json', () => {
    expect(withInstallScripts(lock).length).toBeGreaterThan(0);
    expect(undecided(lock, packageJson.allowScripts)).toEqual([]);
  });

  it('no decision is left over for a package that no longer has an install script', () => {
    const names = new Set(withInstallScripts(lock).map(keyName));
    expect(Object.keys(packageJson.allowScripts ?? {}).filter((key) => !names.has(keyName(key)))).toEqual([]);
  });

  it('docs/releases.md says why for each decision', () => {
    for (const [key, allowed] of Object.entries(packageJson.allowScripts ?? {})) {
      const row = notes.split('\n').find((line) => line.startsWith(`| \`${keyName(key)}\``));
      expect(row, `a row for ${key}`).toBeDefined();
      expect(row).toContain(allowed === false ? 'denied' : 'allowed');
    }
  });

  it('the check is real: a new package with an install script is undecided until the policy names it', () => {
    const added: Lock = {
      packages: { ...lock.packages, 'node_modules/@x/new-native': { version: '1.0.0', hasInstallScript: true } },
    };
    expect(undecided(added, packageJson.allowScripts)).toEqual(['@x/new-native@1.0.0']);
    expect(undecided(added, { ...packageJson.allowScripts, '@x/new-native@1.0.0': true })).toEqual([]);
    expect(undecided(added, { ...packageJson.allowScripts, '@x/new-native@0.9.0': true })).toEqual([
      '@x/new-native@1.0.0',
    ]);
  });
});
