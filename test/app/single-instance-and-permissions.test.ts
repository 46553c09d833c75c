import { EventEmitter } from 'node:events';
import { describe, expect, test, vi } from 'vitest';
import { denyAllPermissions } from '../../main/app/permissions';
import { claimSingleInstance } from '../../main/app/single-instance';

vi.mock('electron', () => ({}));

class RecordingApp extends EventEmitter {
  quitCalls = 0;
  constructor(private readonly lock: boolean) {
    super();
  }
  requestSingleInstanceLock(): boolean {
    return this.lock;
  }
  quit(): void {
    this.quitCalls += 1;
  }
}

describe('single instance', () => {
  test('a second launch quits at once', () => {
    const app = new RecordingApp(false);
    const onSecond = vi.fn();
    expect(claimSingleInstance(app as never, onSecond)).toBe(false);
    expect(app.quitCalls).toBe(1);
  });

  test('the first instance receives the command line of later launches', () => {
    const app = new RecordingApp(true);
    const onSecond = vi.fn();
    expect(claimSingleInstance(app as never, onSecond)).toBe(true);
    app.emit('second-instance', {}, ['shotput', 'app.shotput://oauth/callback?code=x'], '/');
    expect(onSecond).toHaveBeenCalledWith(['shotput', 'app.shotput://oauth/callback?code=x'], '/');
    expect(app.quitCalls).toBe(0);
  });
});

describe('permissions', () => {
  test('every request and every check is refused', async () => {
    let request: ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void) | undefined;
    let check: ((contents: unknown, permission: string) => boolean) | undefined;
    denyAllPermissions({
      setPermissionRequestHandler: (handler) => {
        request = handler as typeof request;
      },
      setPermissionCheckHandler: (handler) => {
        check = handler as typeof check;
      },
    });
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'openExternal']) {
      const granted = await new Promise<boolean>((resolve) => request?.(null, permission, resolve));
      expect(granted, permission).toBe(false);
      expect(check?.(null, permission), permission).toBe(false);
    }
  });
});
