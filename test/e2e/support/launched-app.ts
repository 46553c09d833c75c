// The app launched on the double (signed out) with a scratch folder for the test's files, both
// closed and removed after each test of the describe block; and the plain images such tests drop.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach } from 'vitest';
import { launchApp, type LaunchedApp, type LaunchOptions } from '../harness/index';

/** Call inside a describe block: registers the clean-up and answers the two steps of a test's set-up. */
export function useLaunchedApp() {
  let launched: LaunchedApp | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await launched?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
    launched = undefined;
    dir = undefined;
  });
  return {
    /** A new empty folder shotput-NAME-…, removed after the test. */
    async scratchDir(name: string): Promise<string> {
      dir = await mkdtemp(join(tmpdir(), `shotput-${name}-`));
      return dir;
    },
    /** Launches the app, closed after the test. */
    async launch(options?: LaunchOptions): Promise<LaunchedApp> {
      launched = await launchApp(options);
      return launched;
    },
  };
}

/** A PNG of one colour at `path`, answered back. */
export async function solidPng(path: string, colour: string, width: number, height: number): Promise<string> {
  await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toFile(path);
  return path;
}
