// The paths the user gave the app: exactly those, and what lies inside a granted folder.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { PathGrants } from '../../main/desktop/path-grants';

const home = resolve('/home/ada');

describe('path grants', () => {
  test('cover what was granted and the files inside a granted folder, nothing else', () => {
    const grants = new PathGrants();
    grants.grant([join(home, 'Shots'), join(home, 'loose.png')]);
    expect(grants.covers(join(home, 'Shots'))).toBe(true);
    expect(grants.covers(join(home, 'Shots', 'deep', 'a.png'))).toBe(true);
    expect(grants.covers(join(home, 'loose.png'))).toBe(true);
    // A sibling whose name starts the same is not inside.
    expect(grants.covers(join(home, 'Shots-private', 'a.png'))).toBe(false);
    expect(grants.covers(join(home, 'loose.png.bak'))).toBe(false);
    expect(grants.covers(home)).toBe(false);
    expect(grants.covers(resolve('/etc/passwd'))).toBe(false);
  });

  test('`..` is folded before judging, and relative or empty paths are never covered', () => {
    const grants = new PathGrants();
    grants.grant([join(home, 'Shots'), 'relative', '', 'x\0y']);
    expect(grants.covers(`${join(home, 'Shots')}/../Private/secret.png`)).toBe(false);
    expect(grants.covers(`${join(home, 'Shots')}/sub/../a.png`)).toBe(true);
    expect(grants.covers('relative')).toBe(false);
    expect(grants.covers('Shots/a.png')).toBe(false);
    expect(grants.covers('')).toBe(false);
    expect(grants.covers(`${join(home, 'Shots')}/a\0.png`)).toBe(false);
  });

  test('coversAll needs every path', () => {
    const grants = new PathGrants();
    expect(grants.coversAll([join(home, 'a.png')])).toBe(false);
    grants.grant([join(home, 'a.png')]);
    expect(grants.coversAll([join(home, 'a.png')])).toBe(true);
    expect(grants.coversAll([join(home, 'a.png'), join(home, 'b.png')])).toBe(false);
  });
});

describe('path grants on the disk', () => {
  test('resolve to the real path, and refuse a link leading out of the granted folder as they refuse a missing file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shotput-grants-real-'));
    try {
      const granted = join(dir, 'granted');
      await mkdir(join(dir, 'private'), { recursive: true });
      await mkdir(join(granted, 'albums'), { recursive: true });
      await writeFile(join(dir, 'private', 'secret.png'), 'x');
      await writeFile(join(granted, 'albums', 'a.png'), 'x');
      await symlink('../private', join(granted, 'photos'));
      await symlink('albums', join(granted, 'inside'));
      await symlink(join(dir, 'private', 'secret.png'), join(dir, 'chosen-link.png'));
      const grants = new PathGrants();
      grants.grant([granted, join(dir, 'chosen-link.png')]);
      const realDir = await import('node:fs/promises').then((fs) => fs.realpath(dir));
      expect(grants.covers(join(granted, 'photos', 'secret.png'))).toBe(true); // by text alone it was let through
      expect(await grants.realCovered(join(granted, 'photos', 'secret.png'))).toBeUndefined();
      expect(await grants.realCovered(join(granted, 'photos'))).toBeUndefined();
      expect(await grants.realCovered(join(granted, 'photos', 'missing.png'))).toBeUndefined();
      // A link that stays inside the granted folder is fine, and the answer is where it leads.
      expect(await grants.realCovered(join(granted, 'inside', 'a.png'))).toBe(
        join(realDir, 'granted', 'albums', 'a.png'),
      );
      // A link the user dropped themselves is what they chose.
      expect(await grants.realCovered(join(dir, 'chosen-link.png'))).toBe(join(realDir, 'private', 'secret.png'));
      expect(
        await grants.realCoveredAll([join(granted, 'inside', 'a.png'), join(granted, 'photos', 'secret.png')]),
      ).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
