// The paths the user gave the app: exactly those, and what lies inside a granted folder.
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
