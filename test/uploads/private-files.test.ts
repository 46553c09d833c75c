// The journal, its lock and the sandbox's state hold the user's uploads and live tokens: folders
// 0700, files 0600, and a link planted in their place is refused, never written through.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JOURNAL_FILE, Journal } from '../../main/uploads/journal';
import { LOCK_FILE, acquireLock } from '../../main/uploads/lock';
import { startSandbox } from '../../sandbox/index';

const mode = (p: string) => fs.statSync(p).mode & 0o777;

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shotput-private-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe.skipIf(process.platform === 'win32')('private files', () => {
  it('the journal and its lock: folder 0700, files 0600, also after compaction and for an older 0644 file', async () => {
    const dir = path.join(root, 'data', 'uploads');
    fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
    fs.writeFileSync(path.join(dir, JOURNAL_FILE), '', { mode: 0o644 });
    const lock = acquireLock(dir);
    expect(lock.ok).toBe(true);
    const journal = Journal.open(dir);
    expect(mode(dir)).toBe(0o700);
    expect(mode(path.join(dir, JOURNAL_FILE))).toBe(0o600);
    expect(mode(path.join(dir, LOCK_FILE))).toBe(0o600);
    await journal.compact();
    expect(mode(path.join(dir, JOURNAL_FILE))).toBe(0o600);
    await journal.close();
    if (lock.ok) lock.value();
  });

  it('the journal refuses a link planted in its place', () => {
    const dir = path.join(root, 'uploads');
    fs.mkdirSync(dir);
    const elsewhere = path.join(root, 'elsewhere.txt');
    fs.writeFileSync(elsewhere, 'not yours');
    fs.symlinkSync(elsewhere, path.join(dir, JOURNAL_FILE));
    expect(() => Journal.open(dir)).toThrow();
    expect(fs.readFileSync(elsewhere, 'utf8')).toBe('not yours');
  });

  it('the sandbox state (tokens, passwords): folder 0700, file 0600', async () => {
    const dataDir = path.join(root, 'sandbox');
    const sb = await startSandbox({ dataDir });
    await fetch(`${sb.url}/_sandbox/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username":"ada","client_id":"shotput-desktop"}',
    });
    await sb.close();
    const state = fs.readdirSync(dataDir).find((f) => f.endsWith('.json'))!;
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, state))).toBe(0o600);
  });
});
