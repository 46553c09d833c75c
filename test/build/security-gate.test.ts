// The security gate must fail on a real finding, or it proves nothing by passing.
import { spawnSync } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';

const gate = new URL('../../scripts/security-gate.js', import.meta.url).pathname;

describe('security gate', () => {
  let dir = '';
  afterAll(async () => {
    if (dir !== '') await rm(dir, { recursive: true, force: true });
  });

  test('fails with a readable list on an insecure window', async () => {
    dir = await mkdtemp(join(tmpdir(), 'shotput-gate-'));
    await mkdir(join(dir, 'main'));
    await writeFile(
      join(dir, 'main', 'insecure-window.js'),
      "const { BrowserWindow } = require('electron');\n" +
        'new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false, sandbox: false } });\n',
    );
    const result = spawnSync(process.execPath, [gate, join(dir, 'main')], { encoding: 'utf8', timeout: 120_000 });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Security gate FAILED');
    expect(result.stderr).toMatch(/HIGH\s+CONTEXT_ISOLATION_JS_CHECK \(firm\) at main\/insecure-window\.js:2/);
    expect(result.stderr).toMatch(/MEDIUM\s+SANDBOX_JS_CHECK \(firm\) at main\/insecure-window\.js:2/);
    // Its whole-app checks see that this "app" has no navigation limits at all.
    expect(result.stderr).toMatch(/HIGH\s+LIMIT_NAVIGATION_GLOBAL_CHECK/);
  }, 150_000);
});
