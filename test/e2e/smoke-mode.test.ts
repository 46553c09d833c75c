// Smoke mode, the start-up self-test CI runs on the real Electron binary, here through the
// harness: the real main process, preload and renderer (under the app's CSP) and the real
// embedded sandbox. Passing quits with status 0; a failing check ends the app with status 1.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { runSmokeCheck, smokeRequested, type SmokeWindow } from '../../main/app/smoke-check';
import { launchApp, type LaunchedApp } from './harness/index';

vi.mock('electron', () => import('./harness/electron-module'));

describe('smoke mode', () => {
  let launched: LaunchedApp | undefined;
  afterEach(async () => {
    await launched?.close();
    launched = undefined;
    vi.restoreAllMocks();
  });

  test('is asked for with --smoke or SHOTPUT_SMOKE=1, and only then', () => {
    expect(smokeRequested(['electron', '.', '--smoke'], {})).toBe(true);
    expect(smokeRequested(['electron', '.'], { SHOTPUT_SMOKE: '1' })).toBe(true);
    expect(smokeRequested(['electron', '.'], { SHOTPUT_SMOKE: '0' })).toBe(false);
    expect(smokeRequested(['electron', '.'], {})).toBe(false);
  });

  test('opens the window, checks renderer, bridge and sandbox, and quits with status 0 within 60 s', async () => {
    const warnings: string[] = [];
    vi.spyOn(console, 'warn').mockImplementation((message: unknown) => void warnings.push(String(message)));
    const started = Date.now();
    launched = await launchApp({ env: { SHOTPUT_SMOKE: '1' } });
    await launched.electron.app.whenQuit();

    expect(launched.electron.app.exitCode).toBe(0);
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(warnings).toContain(
      '[shotput] Smoke check passed: renderer loaded under the CSP, preload bridge answered, sandbox served /v2/user.',
    );
  }, 120_000);

  test('names every check that fails', async () => {
    const window: SmokeWindow = {
      webContents: {
        once: (_event, listener) => setTimeout(listener, 0),
        executeJavaScript: () =>
          Promise.resolve({ rendered: false, inlineBlocked: false, bridgeAnswer: { ok: false } }),
      },
    };
    const problems = await runSmokeCheck(window);
    expect(problems).toEqual([
      'the renderer showed nothing',
      'the content security policy did not block an inline script',
      'the preload bridge answered app.info with {"ok":false}',
    ]);
  });

  test('counts a check that hangs as a failure at the time limit', async () => {
    const window: SmokeWindow = {
      webContents: { once: () => undefined, executeJavaScript: () => Promise.resolve({}) },
    };
    expect(await runSmokeCheck(window, 200)).toEqual(['the checks did not finish within 0.2 s']);
  });
});
