// The desktop integrations of the fake Electron: dialog, Tray, Notification, Menu and
// nativeImage. Each records what main/app does with it so tests can look, and lets a test
// decide what the OS would answer (the paths a file picker returns).
import { EventEmitter } from 'node:events';

export interface OpenDialogCall {
  properties: string[];
  title?: string;
}

/** dialog: showOpenDialog answers the paths a test queued with answerOpenDialog (cancelled when none). */
export class FakeDialog {
  readonly calls: OpenDialogCall[] = [];
  private readonly answers: string[][] = [];

  answerOpenDialog(paths: string[]): void {
    this.answers.push(paths);
  }

  async showOpenDialog(...args: unknown[]): Promise<{ canceled: boolean; filePaths: string[] }> {
    const options = (args.length > 1 ? args[1] : args[0]) as { properties?: string[]; title?: string } | undefined;
    this.calls.push({ properties: options?.properties ?? [], title: options?.title });
    const paths = this.answers.shift();
    return paths === undefined ? { canceled: true, filePaths: [] } : { canceled: false, filePaths: paths };
  }

  async showMessageBox(): Promise<{ response: number; checkboxChecked: boolean }> {
    return { response: 0, checkboxChecked: false };
  }
}

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
export function createFakeTrayClass(trays: EventEmitter[]) {
  return class FakeTray extends EventEmitter {
    tooltip = '';
    menu: unknown = null;
    destroyed = false;

    constructor(readonly image: unknown) {
      super();
      trays.push(this);
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
export function createFakeNotificationClass(shown: ShownNotification[]) {
  return class FakeNotification extends EventEmitter {
    static isSupported(): boolean {
      return true;
    }

    constructor(readonly options: { title?: string; body?: string } = {}) {
      super();
    }

    show(): void {
      shown.push({ title: this.options.title ?? '', body: this.options.body ?? '' });
    }

    close(): void {}
  };
}

/** A menu item as a test finds it: its template entry (label, role, accelerator, click). */
export interface FakeMenuItem {
  id?: string;
  label?: string;
  role?: string;
  accelerator?: string;
  click?: (...args: unknown[]) => void;
  submenu?: FakeMenuItem[];
}

/**
 * Menu.buildFromTemplate keeps the template: tests can read the labels. The application menu is
 * kept so a test can find an item and click it, as the user would in the menu bar.
 */
export class FakeMenu {
  applicationMenu: { items: FakeMenuItem[] } | null = null;

  buildFromTemplate(template: unknown[]): { items: FakeMenuItem[] } {
    return { items: template as FakeMenuItem[] };
  }

  setApplicationMenu(menu: { items: FakeMenuItem[] } | null): void {
    this.applicationMenu = menu;
  }

  getApplicationMenu(): { items: FakeMenuItem[] } | null {
    return this.applicationMenu;
  }

  /** The application menu's item with this id (at any depth). */
  item(id: string): FakeMenuItem {
    const search = (items: FakeMenuItem[]): FakeMenuItem | undefined => {
      for (const item of items) {
        if (item.id === id) return item;
        const found = search(item.submenu ?? []);
        if (found) return found;
      }
      return undefined;
    };
    const found = search(this.applicationMenu?.items ?? []);
    if (found === undefined) throw new Error(`The application menu has no item "${id}".`);
    return found;
  }

  /** Clicks an item of the application menu, as Electron does (item, window, event). */
  click(id: string): void {
    const item = this.item(id);
    if (item.click === undefined) throw new Error(`The menu item "${id}" does nothing when clicked.`);
    item.click(item, undefined, { triggeredByAccelerator: false });
  }
}
