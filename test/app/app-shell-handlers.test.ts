// The About facts, Show logs and the updater requests, as the window calls them.
import { describe, expect, it, vi } from 'vitest';
import { createAppShellHandlers } from '../../main/desktop/handlers/app-shell-handlers';
import type { HandlerContext } from '../../main/desktop/handlers/handler-context';
import { fakeAppShell } from './app-shell-fake';

vi.mock('electron', () => ({}));

const call = (handler: unknown, payload?: unknown) =>
  (handler as (payload: unknown, event: unknown) => unknown)(payload, {});

describe('app shell handlers', () => {
  it('opens the logs, and when that fails says where the file is', async () => {
    const shell = fakeAppShell();
    const handlers = createAppShellHandlers({ appShell: shell } as unknown as HandlerContext);
    expect(await call(handlers['logs.show'])).toEqual({ ok: true, value: null });
    expect(shell.logsShown).toBe(1);

    const broken = createAppShellHandlers({
      appShell: fakeAppShell({ showLogs: async () => Promise.reject(new Error('no file manager')) }),
    } as unknown as HandlerContext);
    expect(await call(broken['logs.show'])).toEqual({
      ok: false,
      error: { code: 'open-failed', message: 'The log folder could not be opened. The log is at /tmp/shotput.log.' },
    });
  });

  it('restarts to update only when asked to, passing on whether to wait for uploads', async () => {
    const restart = vi.fn(() => 'waiting-for-uploads' as const);
    const shell = fakeAppShell();
    const handlers = createAppShellHandlers({
      appShell: { ...shell, updates: Promise.resolve({ ...(await shell.updates), restart }) },
    } as unknown as HandlerContext);
    expect(await call(handlers['updates.restart'])).toEqual({ ok: true, value: 'waiting-for-uploads' });
    await call(handlers['updates.restart'], { evenIfUploading: true });
    expect(restart.mock.calls).toEqual([[false], [true]]);
    expect(await call(handlers['app.about'])).toMatchObject({
      ok: true,
      value: { version: '0.0.0', electron: '45.4.1' },
    });
  });
});
