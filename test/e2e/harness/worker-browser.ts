// The Chromium of this test process. It is launched when the process's first test opens a window
// and kept for every later test and file the process runs (the e2e tier keeps its worker
// processes: isolate: false), then ends with the process: playwright ends the browsers it launched
// when the process exits or is signalled, and Chromium ends when its pipe to this process closes.
//
// The browsers used to be started once in the tier's global set-up (launchServer) and reached over
// a WebSocket. Every protocol message (each evaluate, input event, screenshot, dropped file) then
// crossed vitest's main process, which relayed it: 14 of about 140 CPU-s of a walk's two files.
// A browser of the worker's own talks to it over a pipe, with no process between.
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
import { chromiumLaunchOptions } from './chromium-launch-options';

/** What one launch of the app uses of the process's browser. */
export interface BrowserLease {
  newContext(options: BrowserContextOptions): Promise<BrowserContext>;
  /** Closes the contexts (and so the pages) this lease made; the browser stays for the next test. */
  close(): Promise<void>;
}

const browserKey = Symbol.for('shotput.e2e.workerBrowser');
type Holder = { [browserKey]?: Promise<Browser> };

/** Kept on globalThis so every copy of this module (launch-app resets modules) shares one browser. */
async function workerBrowser(): Promise<Browser> {
  const holder = globalThis as Holder;
  const asked = (holder[browserKey] ??= chromium.launch(chromiumLaunchOptions));
  const browser = await asked.catch(() => undefined);
  if (browser?.isConnected()) return browser;
  // A browser that crashed or failed to start is replaced, once however many windows ask together.
  if (holder[browserKey] === asked) holder[browserKey] = chromium.launch(chromiumLaunchOptions);
  return holder[browserKey]!;
}

export function leaseWorkerBrowser(): BrowserLease {
  const contexts = new Set<BrowserContext>();
  return {
    async newContext(options) {
      const context = await (await workerBrowser()).newContext(options);
      contexts.add(context);
      context.once('close', () => contexts.delete(context));
      return context;
    },
    async close() {
      await Promise.all([...contexts].map((context) => context.close().catch(() => undefined)));
      contexts.clear();
    },
  };
}
