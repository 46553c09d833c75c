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

/** Menu.buildFromTemplate keeps the template: tests can read the labels. */
export const fakeMenu = {
  buildFromTemplate: (template: unknown[]) => ({ items: template }),
};
