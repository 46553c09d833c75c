// Every small file Shotput keeps is replaced through one atomic write: owner-only, and a write that
// fails leaves the old file and nothing beside it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomically } from '../../main/files/atomic-file';
import { defaultSessionConfig, writeSessionConfig } from '../../main/desktop/session-config';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shotput-atomic-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('writeFileAtomically', () => {
  it('makes the folder and replaces a file, owner-only even where the old file was not', async () => {
    const file = path.join(dir, 'deep', 'er', 'kept.json');
    await writeFileAtomically(file, 'one');
    fs.chmodSync(file, 0o644);
    await writeFileAtomically(file, 'two');
    expect(fs.readFileSync(file, 'utf8')).toBe('two');
    expect(fs.readdirSync(path.dirname(file))).toEqual(['kept.json']);
    if (process.platform !== 'win32') {
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.statSync(path.join(dir, 'deep')).mode & 0o777).toBe(0o700);
    }
  });

  it('a write that fails at the rename leaves no temporary file beside what is kept', async () => {
    // A folder where the file should be: the rename over it fails after the temporary was written.
    const file = path.join(dir, 'blocked.json');
    fs.mkdirSync(path.join(file, 'inside'), { recursive: true });
    await expect(writeFileAtomically(file, 'text')).rejects.toThrow();
    expect(fs.readdirSync(dir)).toEqual(['blocked.json']);
  });

  it('the session choice is written the same way (it left its temporary file behind)', async () => {
    const file = path.join(dir, 'session.json');
    fs.mkdirSync(path.join(file, 'inside'), { recursive: true });
    await expect(writeSessionConfig(file, defaultSessionConfig)).rejects.toThrow();
    expect(fs.readdirSync(dir)).toEqual(['session.json']);
  });
});
