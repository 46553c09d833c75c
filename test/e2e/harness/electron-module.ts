// What `import … from 'electron'` gives main/app under the end-to-end harness. A test file names it
//   vi.mock('electron', () => import('./harness/electron-module'));
// and those exports forward to the fake runtime of the current launchApp(). Each launch then binds
// the copy of main/app it imports to its own runtime (launch-app.ts: `electronModuleFor`): main's
// code left running after a crash() (its timers, its engine's supervisor) reaches only the runtime
// it was launched on, which is dead, never the relaunch's or a later test's.
import type { FakeWindowOptions } from './fake-browser-window';
import { currentFakeElectron, type FakeElectron } from './fake-electron';

type Forwarded =
  'app' | 'ipcMain' | 'protocol' | 'shell' | 'safeStorage' | 'dialog' | 'nativeImage' | 'Menu' | 'utilityProcess';
type ForwardedClass = 'Tray' | 'Notification' | 'MessageChannelMain';

/** The `electron` module over the runtime `fake()` answers, each property read when used. */
export function electronModuleFor(fake: () => FakeElectron) {
  const forward = (key: Forwarded): object =>
    new Proxy(
      {},
      {
        get(_target, property) {
          const target = fake()[key] as unknown as Record<PropertyKey, unknown>;
          const value = target[property];
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      },
    );

  /** A class of the runtime (`new Tray(image)`, `new Notification(options)`), statics forwarded. */
  const forwardClass = (key: ForwardedClass): object =>
    new Proxy(function ForwardedClass() {}, {
      construct(_target, args) {
        const Class = fake()[key] as unknown as new (...args: unknown[]) => object;
        return new Class(...args);
      },
      get(_target, property) {
        const target = fake()[key] as unknown as Record<PropertyKey, unknown>;
        const value = target[property];
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });

  const electron = {
    app: forward('app'),
    ipcMain: forward('ipcMain'),
    protocol: forward('protocol'),
    shell: forward('shell'),
    session: {
      get defaultSession() {
        return fake().session.defaultSession;
      },
    },
    /** `new BrowserWindow(options)` builds the runtime's window; statics forward too. */
    BrowserWindow: new Proxy(function BrowserWindow() {}, {
      construct(_target, args) {
        const FakeWindow = fake().BrowserWindow;
        return new FakeWindow(...(args as [FakeWindowOptions]));
      },
      get(_target, property) {
        const target = fake().BrowserWindow as unknown as Record<PropertyKey, unknown>;
        const value = target[property];
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    }),
    safeStorage: forward('safeStorage'),
    dialog: forward('dialog'),
    nativeImage: forward('nativeImage'),
    Menu: forward('Menu'),
    Tray: forwardClass('Tray'),
    Notification: forwardClass('Notification'),
    utilityProcess: forward('utilityProcess'),
    MessageChannelMain: forwardClass('MessageChannelMain'),
  };
  return { ...electron, default: electron };
}

const current = electronModuleFor(currentFakeElectron);

export const {
  app,
  ipcMain,
  protocol,
  shell,
  session,
  BrowserWindow,
  safeStorage,
  dialog,
  nativeImage,
  Menu,
  Tray,
  Notification,
  utilityProcess,
  MessageChannelMain,
} = current;
export default current.default;
