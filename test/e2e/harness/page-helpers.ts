// Helpers for tests that drive the app's page. Waits are on what the user would see (roles,
// text), never on fixed sleeps, and are generous: a loaded two-core machine is slow.
import { mkdir } from 'node:fs/promises';
import { basename, extname, join, resolve } from 'node:path';
import type { JSHandle, Locator, Page } from 'playwright-core';
import { offerDropFile, withdrawDropFiles } from './drop-file-server';
import { repoRoot, testResultsDir } from './repo-paths';

export const uiTimeoutMs = 30_000;

/** Resolves once the app shell (sidebar and first view) is on screen. */
export async function waitForShell(page: Page): Promise<void> {
  await page.getByTestId('app-shell').waitFor({ state: 'visible', timeout: uiTimeoutMs });
}

/**
 * Where screenshots go: test-results/ on an ordinary run, so running the tests leaves the work
 * tree clean; `npm run screenshots` points SHOTPUT_SCREENSHOT_DIR at docs/screenshots to renew
 * the pictures the README shows.
 */
function screenshotDir(): string {
  const chosen = process.env.SHOTPUT_SCREENSHOT_DIR;
  return chosen ? resolve(repoRoot, chosen) : testResultsDir;
}

/** Saves a PNG of the page as NAME.png (see screenshotDir) and answers with its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  const dir = screenshotDir();
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  await page.screenshot({ path, animations: 'disabled' });
  return path;
}

/** Waits until the locator matches one visible element; fails with what was looked for. */
export async function expectVisible(locator: Locator): Promise<void> {
  try {
    await locator.waitFor({ state: 'visible', timeout: uiTimeoutMs });
  } catch (error) {
    throw new Error(
      `Expected ${locator.toString()} to be visible: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
      {
        cause: error,
      },
    );
  }
}

/**
 * Drops real files from disk onto `target` as the OS would: dragenter, dragover, then drop with a
 * DataTransfer holding File objects. In the preload, webUtils.getPathForFile(file) answers each
 * file's disk path, as in Electron. (For an <input type="file">, use locator.setInputFiles.)
 */
export async function dropFiles(page: Page, target: Locator, paths: string[]): Promise<void> {
  const drop = await prepareDrop(page, target, paths);
  await drop();
}

/**
 * The harness's half of a drop (the files read and handed to the page), apart from the drop itself:
 * call the answer to dispatch dragenter, dragover and drop. A benchmark times only the second half.
 */
export async function prepareDrop(page: Page, target: Locator, paths: string[]): Promise<() => Promise<void>> {
  const files = paths.map((path) => ({
    path,
    name: basename(path),
    type: mimeTypes[extname(path).toLowerCase()] ?? '',
    address: offerDropFile(path),
  }));
  let dataTransfer: JSHandle<DataTransfer>;
  try {
    dataTransfer = await page.evaluateHandle(async (items) => {
      const transfer = new DataTransfer();
      const bytes = await Promise.all(
        items.map(async (item) => {
          const response = await fetch(item.address);
          if (!response.ok) throw new Error(`The harness did not hand over ${item.name}: ${response.status}`);
          return response.blob();
        }),
      );
      items.forEach((item, i) => {
        const file = new File([bytes[i]!], item.name, { type: item.type });
        Object.defineProperty(file, Symbol.for('shotput.e2e.path'), { value: item.path });
        transfer.items.add(file);
      });
      return transfer;
    }, files);
  } finally {
    withdrawDropFiles(files.map((file) => file.address));
  }
  return async () => {
    for (const type of ['dragenter', 'dragover', 'drop']) await target.dispatchEvent(type, { dataTransfer });
    await dataTransfer.dispose();
  };
}

const mimeTypes: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.txt': 'text/plain',
};
