// Runs the BUILT preload (out/preload/index.cjs) in the page before the renderer's scripts, as
// Electron does, with a `require('electron')` whose contextBridge puts the exposed object on
// window and whose ipcRenderer talks to the fake ipcMain through a Playwright binding.
// webUtils.getPathForFile answers the disk path of files dropped with page-helpers' dropFiles().
// Ports main posts (webContents.postMessage) arrive as real MessagePorts on the listener's
// event.ports, their partners in the page's port relay (page-port-relay.ts, page-port-socket.ts).
// Not emulated: the separate JavaScript world of contextIsolation (the preload shares the page's);
// test/e2e/preload-isolation.test.ts proves from the page that nothing but window.shotput leaks.
import { pagePortMaker } from './page-port-relay';
import { relayWorkerPath } from './page-port-socket';

export const invokeBinding = '__shotputHarnessInvoke';
export const dispatchFunction = '__shotputHarnessDispatch';

/** A page not of the app's scheme has no relay: the double refuses to post ports into it. */
const noPagePorts = `
  const pagePort = () => {
    throw new Error('The harness carries ports only into pages of the app\\'s scheme.');
  };`;

/** `portSocket`: the page is served by the harness's scheme server, which serves the port relay. */
export function buildPreloadInitScript(preloadSource: string, portSocket: boolean): string {
  return `(() => {
  if (window.top !== window) return; // Electron runs preloads in the main frame only.
  // Chromium's new tab starts on about:blank before the app's page; Electron's window runs the
  // preload only in the page it loads.
  if (location.protocol === 'about:') return;
  const listeners = new Map();
  const ipcRenderer = {
    invoke: (channel, ...args) => window[${JSON.stringify(invokeBinding)}](channel, args),
    on(channel, listener) {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel).add(listener);
      return ipcRenderer;
    },
    removeListener(channel, listener) {
      listeners.get(channel)?.delete(listener);
      return ipcRenderer;
    },
  };
  ${portSocket ? pagePortMaker(relayWorkerPath) : noPagePorts}
  // Which document this is: main's side closes the ports it posted into a document once another
  // holds the frame, whether or not the old one's relay had connected (dispatch(null) answers it).
  const documentId = String(Date.now()) + ' ' + String(Math.random());
  Object.defineProperty(window, ${JSON.stringify(dispatchFunction)}, {
    value: (channel, payload, portIds = []) => {
      if (channel === null) return documentId;
      const event = { sender: ipcRenderer, ports: portIds.map(pagePort) };
      for (const listener of [...(listeners.get(channel) ?? [])]) listener(event, payload);
    },
  });
  const freeze = (value) => {
    if (value !== null && (typeof value === 'object' || typeof value === 'function')) {
      Object.freeze(value);
      for (const key of Object.keys(value)) freeze(value[key]);
    }
    return value;
  };
  const contextBridge = {
    exposeInMainWorld(key, api) {
      Object.defineProperty(window, key, { value: freeze(api), enumerable: true });
    },
  };
  // Files dropped by the harness's dropFiles() carry the path of the real file they were read from.
  const webUtils = { getPathForFile: (file) => file?.[Symbol.for('shotput.e2e.path')] ?? '' };
  const require = (name) => {
    if (name === 'electron') return { contextBridge, ipcRenderer, webUtils };
    throw new Error('A sandboxed preload cannot require "' + name + '"');
  };
  const module = { exports: {} };
  (function (require, module, exports) {
${preloadSource}
  })(require, module, module.exports);
})();`;
}
