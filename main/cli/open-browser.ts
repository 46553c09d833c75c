// Opens an address in the system's browser: open on macOS, start on Windows, xdg-open elsewhere.
// The opener is looked up on the command's PATH, so a test can put its own in front.
import { spawn } from 'node:child_process';

function opener(url: string, platform: NodeJS.Platform): [string, string[]] {
  if (platform === 'darwin') return ['open', [url]];
  // start is a cmd built-in; the empty "" is the window title start expects before the address.
  if (platform === 'win32') return ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]];
  return ['xdg-open', [url]];
}

/** True once the opener started; false when there is none (the caller prints the address). */
export function openInBrowser(
  url: string,
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
): Promise<boolean> {
  const [command, args] = opener(url, platform);
  return new Promise((resolve) => {
    try {
      const child = spawn(command, args, { env, stdio: 'ignore', detached: true, windowsHide: true });
      child.once('error', () => resolve(false));
      child.once('spawn', () => {
        child.unref();
        resolve(true);
      });
    } catch {
      resolve(false);
    }
  });
}
