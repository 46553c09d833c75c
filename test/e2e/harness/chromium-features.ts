// The Chromium features the harness turns off. Chromium reads only the last --disable-features it
// is given, and playwright-core passes its own list first (PaintHolding and others it needs for
// reliable input, issue 28023 among them): a list of ours alone would quietly turn those back on.
// So ours is added to Playwright's, read from the playwright-core the lockfile installed; if that
// can no longer be read, the harness says so instead of dropping either list.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Chromium (156 here) starts a renderer for its address bar's popup (chrome://omnibox-popup) beside
 * every new window's page: browser chrome Electron does not have, and a second renderer started for
 * every window of every test (10 windows: 10.5 s with it, 4.2 s without, a third less CPU).
 */
const OURS = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

/** playwright-core's own list of disabled features, as its launcher passes it. */
export function playwrightDisabledFeatures(): string[] {
  const root = dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
  const source = readFileSync(join(root, 'lib', 'coreBundle.js'), 'utf8');
  const list = /\bdisabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/.exec(source)?.[1];
  const names = (list ?? '')
    .split('\n')
    .filter((line) => !line.trim().startsWith('//'))
    .flatMap((line) => [...line.matchAll(/"([A-Za-z0-9]+)"/g)].map((match) => match[1]!));
  if (!names.includes('PaintHolding'))
    throw new Error(
      "The e2e harness could not read playwright-core's disabled Chromium features (its launcher changed): update test/e2e/harness/chromium-features.ts.",
    );
  return names;
}

/** The one --disable-features switch: Playwright's list and ours. */
export function disabledFeaturesSwitch(): string {
  return `--disable-features=${[...new Set([...playwrightDisabledFeatures(), ...OURS])].join(',')}`;
}
