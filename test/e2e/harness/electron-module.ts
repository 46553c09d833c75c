// What `import … from 'electron'` gives main/app under the end-to-end harness. Use it with
//   vi.mock('electron', () => import('./harness/electron-module'));
// Each export forwards to the fake runtime of the current launchApp().
import type { FakeWindowOptions } from './fake-browser-window';
import { currentFakeElectron } from './fake-electron';

function forward<
  K extends
    'app' | 'ipcMain' | 'protocol' | 'shell' | 'safeStorage' | 'dialog' | 'nativeImage' | 'Menu' | 'utilityProcess',
>(key: K): object {
  return new Proxy(
    {},
    {
      get(_target, property) {
        const target = currentFakeElectron()[key] as unknown as Record<PropertyKey, unknown>;
        const value = target[property];
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    },
  );
}

export const app = forward('app');
export const ipcMain = forward('ipcMain');
export const protocol = forward('protocol');
export const shell = forward('shell');
export const safeStorage = forward('safeStorage');
export const dialog = forward('dialog');
export const nativeImage = forward('nativeImage');
export const Menu = forward('Menu');
export const utilityProcess = forward('utilityProcess');
export const session = {
  get defaultSession() {
    return currentFakeElectron().session.defaultSession;
  },
};

/** `new BrowserWindow(options)` builds the current runtime's window; statics forward too. */
export const BrowserWindow = new Proxy(function BrowserWindow() {}, {
  construct(_target, args) {
    const FakeWindow = currentFakeElectron().BrowserWindow;
    return new FakeWindow(...(args as [FakeWindowOptions]));
  },
  get(_target, property) {
    const target = currentFakeElectron().BrowserWindow as unknown as Record<PropertyKey, unknown>;
    const value = target[property];
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
  },
});

/** A class of the current runtime (`new Tray(image)`, `new Notification(options)`), statics forwarded. */
function forwardClass<K extends 'Tray' | 'Notification' | 'MessageChannelMain'>(key: K): object {
  return new Proxy(function ForwardedClass() {}, {
    construct(_target, args) {
      const Class = currentFakeElectron()[key] as unknown as new (...args: unknown[]) => object;
      return new Class(...args);
    },
    get(_target, property) {
      const target = currentFakeElectron()[key] as unknown as Record<PropertyKey, unknown>;
      const value = target[property];
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export const Tray = forwardClass('Tray');
export const Notification = forwardClass('Notification');
export const MessageChannelMain = forwardClass('MessageChannelMain');

export default {
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
};
