// The files and folders the user handed to the app: what the system file picker or folder chooser
// returned, and what was dropped on the window. Requests from the window that name a path on disk
// (drafts.add, watch.add with a path) act only on paths covered here, so a window running hostile
// script cannot make the app read, publish or move an arbitrary file: it can only name paths
// the user already gave it. A granted folder covers everything inside it.
//
// What this can and cannot hold: main records the picker's answers itself, and dropped paths come
// from the preload (webUtils.getPathForFile on the File objects of a drop) over a channel the page
// cannot reach through window.shotput; a File the page makes itself has no path. A renderer
// process taken over below JavaScript (a memory-safety exploit) can send any IPC message, the
// drop channel included: against that, only the OS sandbox of the renderer stands.
//
// Links: a granted folder may hold a link that leads out of it (granted/photos -> ../private, as a
// downloaded kit can carry). So a path is judged at the moment of use on what it really is: the file
// is opened, the path and the granted folder are resolved with realpath, the opened file must be the
// one at that real path (same device and inode, so a swap between the two steps is caught), and the
// real path must lie inside the granted folder's real path. Callers then use the real path, never
// the link. A refusal is the same sentence whether or not anything exists at the path.
import { constants } from 'node:fs';
import { open, realpath, stat } from 'node:fs/promises';
import { dirname, isAbsolute, resolve, sep } from 'node:path';

const GRANT_CHECKS_AT_ONCE = 64;

/** Kept plain: it says nothing about whether the file exists, since nothing was looked at. */
export const notGrantedDrafts =
  'Shotput opens only files you chose or dropped in its window; choose or drop them again.';
export const notGrantedFolder = 'Shotput watches only a folder you chose or dropped in its window; choose it again.';

export class PathGrants {
  private readonly granted = new Set<string>();

  /** Records paths the user gave (picked or dropped). Relative paths mean nothing here and are ignored. */
  grant(paths: readonly string[]): void {
    for (const path of paths) if (isGrantable(path)) this.granted.add(resolve(path));
  }

  /** True when `path` is a granted path or lies inside a granted folder. Nothing on disk is read. */
  covers(path: string): boolean {
    if (!isGrantable(path)) return false;
    // resolve() folds `..` away, so `/granted/../elsewhere` is judged as `/elsewhere`.
    let current = resolve(path);
    for (;;) {
      if (this.granted.has(current)) return true;
      const parent = dirname(current);
      if (parent === current) return false;
      current = parent;
    }
  }

  /** True when every path is covered. */
  coversAll(paths: readonly string[]): boolean {
    return paths.every((path) => this.covers(path));
  }

  /**
   * The real path of `path` when it is covered and does not lead out of its granted folder through a
   * link; undefined otherwise (also when nothing is there, so the answer tells nothing about the disk).
   */
  async realCovered(path: string): Promise<string | undefined> {
    if (!this.covers(path)) return undefined;
    const target = resolve(path);
    try {
      const opened = await openedIdentity(target);
      const real = await realpath(target);
      const atReal = await stat(real);
      if (atReal.dev !== opened.dev || atReal.ino !== opened.ino) return undefined;
      for (const root of this.rootsAbove(target)) {
        // A file granted by itself (a drop's files are) is its own root: its real path is known.
        const realRoot = root === target ? real : await realpath(root).catch(() => undefined);
        if (realRoot !== undefined && isInside(real, realRoot)) return real;
      }
      return undefined;
    } catch {
      return undefined;
    }
  }

  /** Every path's real path, or undefined when any one is refused. */
  async realCoveredAll(paths: readonly string[]): Promise<string[] | undefined> {
    // A drop can bring thousands of paths: checked a few dozen at a time (each holds a file open
    // for a moment), not one after another, so the grid is not kept waiting for the disk.
    const reals: string[] = [];
    for (let start = 0; start < paths.length; start += GRANT_CHECKS_AT_ONCE) {
      const batch = paths.slice(start, start + GRANT_CHECKS_AT_ONCE);
      const checked = await Promise.all(batch.map((path) => this.realCovered(path)));
      for (const real of checked) {
        if (real === undefined) return undefined;
        reals.push(real);
      }
    }
    return reals;
  }

  /** The granted paths `path` lies in (itself included), nearest first. */
  private rootsAbove(path: string): string[] {
    const roots: string[] = [];
    let current = path;
    for (;;) {
      if (this.granted.has(current)) roots.push(current);
      const parent = dirname(current);
      if (parent === current) return roots;
      current = parent;
    }
  }
}

/** Device and inode of what opening `path` reaches now (a folder too, where the platform allows opening one). */
async function openedIdentity(path: string): Promise<{ dev: number; ino: number }> {
  let handle;
  try {
    handle = await open(path, constants.O_RDONLY);
  } catch (error) {
    // Windows does not open folders as files: fall back to what the path names now.
    if ((error as NodeJS.ErrnoException).code === 'EISDIR' || (error as NodeJS.ErrnoException).code === 'EPERM')
      return stat(path);
    throw error;
  }
  try {
    return await handle.stat();
  } finally {
    await handle.close();
  }
}

function isInside(path: string, root: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : `${root}${sep}`);
}

function isGrantable(path: string): boolean {
  return path !== '' && !path.includes('\0') && isAbsolute(path);
}
