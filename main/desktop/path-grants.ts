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
import { dirname, isAbsolute, resolve } from 'node:path';

/** Kept plain: it says nothing about whether the file exists, since nothing was looked at. */
export const notGrantedDrafts = 'Shotput opens only files you chose or dropped in its window; choose or drop them again.';
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
}

function isGrantable(path: string): boolean {
  return path !== '' && !path.includes('\0') && isAbsolute(path);
}
