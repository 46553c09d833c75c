// Tray, Notification and nativeImage of the Electron double (dialog and Menu have files of their
// own). Each records what main/app does with it so tests can look, and plays what the platform's
// desktop offers: on Linux a tray icon shows only where an AppIndicator host runs, and its click
// is not delivered (only the context menu is sure); notifications need a notification server.
import { EventEmitter } from 'node:events';
import type { DesktopHost, DoublePlatform } from './platform-rules';

export class FakeNativeImage {
  constructor(readonly source: string) {}

  isEmpty(): boolean {
    return false;
  }

  resize(): FakeNativeImage {
    return this;
  }

  setTemplateImage(): void {}
}

export const fakeNativeImage = {
  createFromPath: (path: string) => new FakeNativeImage(path),
  createFromBuffer: () => new FakeNativeImage('buffer'),
  createFromDataURL: () => new FakeNativeImage('data-url'),
  createEmpty: () => new FakeNativeImage(''),
};

/** Every tray icon main/app creates, and whether it is still there. */
export function createFakeTrayClass(trays: EventEmitter[], platform: DoublePlatform, host: DesktopHost) {
  return class FakeTray extends EventEmitter {
    tooltip = '';
    menu: unknown = null;
    destroyed = false;
    /** Whether the user can see it: on Linux only with an AppIndicator host. */
    readonly shown = platform !== 'linux' || host.trayHost;

    constructor(readonly image: unknown) {
      super();
      if (image === undefined || image === null) throw new TypeError('new Tray(image): an image or a path is required');
      trays.push(this);
    }

    /** The user clicks the icon. Linux's AppIndicator does not deliver clicks, only the context menu. */
    clickIcon(): void {
      if (!this.shown) throw new Error('The tray icon is not shown: this Linux desktop has no AppIndicator host.');
      if (platform === 'linux')
        throw new Error('On Linux a tray icon click is not delivered (AppIndicator); use its context menu.');
      this.emit('click', {}, {});
    }

    /** The user chooses an item of its context menu. */
    chooseFromMenu(label: string): void {
      if (!this.shown) throw new Error('The tray icon is not shown: this Linux desktop has no AppIndicator host.');
      const items = (this.menu as { items?: { label?: string; click?: () => void }[] } | null)?.items ?? [];
      const item = items.find((candidate) => candidate.label === label);
      if (item?.click === undefined)
        throw new Error(
          `The tray menu has no item "${label}" (it has ${items.map((candidate) => candidate.label).join(', ')}).`,
        );
      item.click();
    }

    setToolTip(text: string): void {
      this.tooltip = text;
    }

    setContextMenu(menu: unknown): void {
      this.menu = menu;
    }

    setImage(): void {}

    destroy(): void {
      this.destroyed = true;
    }

    isDestroyed(): boolean {
      return this.destroyed;
    }
  };
}
export type FakeTrayInstance = InstanceType<ReturnType<typeof createFakeTrayClass>>;

export interface ShownNotification {
  title: string;
  body: string;
}

/** Notification: show() records what the user would have seen. */
export function createFakeNotificationClass(
  shown: ShownNotification[],
  host: DesktopHost,
  platform: DoublePlatform,
  appUserModelId: () => string | undefined,
) {
  return class FakeNotification extends EventEmitter {
    static isSupported(): boolean {
      return host.notifications;
    }

    constructor(readonly options: { title?: string; body?: string } = {}) {
      super();
    }

    show(): void {
      // Stricter than Electron, which shows nothing: main/app must ask isSupported first.
      if (!host.notifications)
        throw new Error('Notification.show() with no notification server: check Notification.isSupported() first.');
      // Windows shows toasts only for the AppUserModelID of the app's Start menu shortcut.
      if (platform === 'win32' && appUserModelId() === undefined) return;
      shown.push({ title: this.options.title ?? '', body: this.options.body ?? '' });
    }

    close(): void {}
  };
}
