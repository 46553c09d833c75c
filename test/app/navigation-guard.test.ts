import { EventEmitter } from 'node:events';
import { describe, expect, test, vi } from 'vitest';
import { attachNavigationGuard, createWindowOpenHandler, isOpenableExternally } from '../../main/app/navigation-guard';

vi.mock('electron', () => ({}));

/** The part of WebContents the guard uses, recording what it installs. */
class RecordingContents extends EventEmitter {
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
}

function cancellableEvent(isMainFrame = true): {
  defaultPrevented: boolean;
  isMainFrame: boolean;
  preventDefault(): void;
} {
  return {
    defaultPrevented: false,
    isMainFrame,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
}

function guarded(): { contents: RecordingContents; opened: string[] } {
  const contents = new RecordingContents();
  const opened: string[] = [];
  attachNavigationGuard(contents as never, async (url) => {
    opened.push(url);
  });
  return { contents, opened };
}

describe('external links', () => {
  test.each(['https://dribbble.com/shots/1', 'http://127.0.0.1:4000/authorize'])(
    '%s may open in the browser',
    (url) => {
      expect(isOpenableExternally(url)).toBe(true);
    },
  );

  test.each([
    'file:///etc/passwd',
    'javascript:alert(1)',
    'app://shotput/index.html',
    'app.shotput://oauth/callback',
    'smb://server/share',
    'ms-msdt:/id',
    'not a url',
    '',
  ])('%s never reaches the OS', (url) => {
    expect(isOpenableExternally(url)).toBe(false);
  });
});

describe('navigation guard', () => {
  test('cancels every navigation and redirect of the window', () => {
    const { contents } = guarded();
    for (const name of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      const event = cancellableEvent();
      contents.emit(name, event, 'https://evil.example/');
      expect(event.defaultPrevented, name).toBe(true);
    }
  });

  test('cancels subframe navigations', () => {
    const { contents } = guarded();
    const event = cancellableEvent(false);
    contents.emit('will-frame-navigate', event);
    expect(event.defaultPrevented).toBe(true);
  });

  test('denies every new window and sends only http(s) to the browser', async () => {
    const { contents, opened } = guarded();
    const decide = contents.windowOpenHandler;
    expect(decide).toBeTypeOf('function');
    expect(decide?.({ url: 'https://dribbble.com/' })).toEqual({ action: 'deny' });
    expect(decide?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(decide?.({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    await Promise.resolve();
    expect(opened).toEqual(['https://dribbble.com/']);
  });

  test('a failing openExternal does not escape the handler', async () => {
    const decide = createWindowOpenHandler(() => Promise.reject(new Error('no browser')));
    expect(decide({ url: 'https://dribbble.com/' } as never)).toEqual({ action: 'deny' });
    await new Promise((resolve) => setImmediate(resolve));
  });
});
