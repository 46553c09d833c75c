// Every test file runs in exactly one tier (vitest.config.ts): one that no
// project picks up would never run, and one that two pick up would run twice. Checked against
// vitest's own resolution of the config, over the files on disk, so a file added anywhere under
// test/ is covered the day it is added.
import { globSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createVitest } from 'vitest/node';

const ROOT = path.resolve(import.meta.dirname, '../..');

async function filesByProject(): Promise<Map<string, string[]>> {
  const vitest = await createVitest('test', { root: ROOT, watch: false, config: path.join(ROOT, 'vitest.config.ts') });
  try {
    const byFile = new Map<string, string[]>();
    for (const spec of await vitest.globTestSpecifications()) {
      const file = path.relative(ROOT, spec.moduleId);
      byFile.set(file, [...(byFile.get(file) ?? []), spec.project.name]);
    }
    return byFile;
  } finally {
    await vitest.close();
  }
}

describe('test tiers', () => {
  it('runs every test file under test/ in exactly one of unit, integration and e2e', async () => {
    const onDisk = globSync('test/**/*.test.ts', { cwd: ROOT }).sort();
    expect(onDisk.length).toBeGreaterThan(100);
    const byFile = await filesByProject();
    const misplaced = onDisk
      .map((file) => ({ file, projects: byFile.get(file) ?? [] }))
      .filter(({ projects }) => projects.length !== 1)
      .map(({ file, projects }) => `${file}: ${projects.length === 0 ? 'no tier' : projects.join(' and ')}`);
    expect(misplaced).toEqual([]);
    expect([...byFile.keys()].sort()).toEqual(onDisk);
  }, 60_000);

  it('keeps the end-to-end files in e2e and the CLI processes out of unit', async () => {
    const byFile = await filesByProject();
    expect(byFile.get('test/e2e/upload.test.ts')).toEqual(['e2e']);
    expect(byFile.get('test/cli/watch-drain.test.ts')).toEqual(['integration']);
    expect(byFile.get('test/uploads/crash.test.ts')).toEqual(['integration']);
    expect(byFile.get('test/service/rate-limit-governor.test.ts')).toEqual(['unit']);
  }, 60_000);
});
