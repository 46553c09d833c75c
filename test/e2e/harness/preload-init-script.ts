// Runs the BUILT preload (out/preload/index.cjs) in the page before the renderer's scripts, as
// Electron does, with a `require('electron')` whose contextBridge puts the exposed object on
// window and whose ipcRenderer talks to the fake ipcMain: on a page of the app's scheme over the
// document's IPC socket (page-ipc-pipe.ts), one ordered pipe as in Electron; on any other page
// (the double's own tests load some) through a Playwright binding and evaluate.
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
  };
  const ipcPipe = () => undefined;`;

/**
 * `appOrigin`: the origin of the harness's scheme server, which serves the relay the page's ports
 * and IPC go over (undefined: the window's pages are not the app's). A page of another origin in
 * the same window (it navigated away) uses the binding, and main hears its own URL as the sender's.
 */
export function buildPreloadInitScript(preloadSource: string, appOrigin: string | undefined): string {
  return `(() => {
  if (window.top !== window) return; // Electron runs preloads in the main frame only.
  // Chromium's new tab starts on about:blank before the app's page; Electron's window runs the
  // preload only in the page it loads.
  if (location.protocol === 'about:') return;
  const listeners = new Map();
  ${appOrigin === undefined ? noPagePorts : pagePortMaker(relayWorkerPath)}
  // Which document this is: main's side closes the ports it posted into a document once another
  // holds the frame, whether or not the old one's relay had connected (dispatch(null) answers it).
  const documentId = String(Date.now()) + ' ' + String(Math.random());
  const deliver = (channel, payload, portIds) => {
    const event = { sender: ipcRenderer, ports: portIds.map(pagePort) };
    // A listener that throws is the page's uncaught error, as Electron's emitter makes it.
    for (const listener of [...(listeners.get(channel) ?? [])]) listener(event, payload);
  };
  const pipe = location.origin === ${JSON.stringify(appOrigin ?? null)} ? ipcPipe(documentId) : undefined;
  const calls = new Map();
  let nextCall = 1;
  if (pipe !== undefined)
    pipe.onmessage = ({ data: { id, kind, data } }) => {
      if (kind === 'event') deliver(data.channel, data.payload, data.portIds);
      else if (kind === 'flush') pipe.postMessage({ id, kind: 'flushed' });
      else if (kind === 'answer') {
        const call = calls.get(id);
        calls.delete(id);
        if ('error' in data) call.reject(new Error(data.error));
        else call.resolve(data.value);
      }
    };
  const invokeOnPipe = (channel, args) =>
    new Promise((resolve, reject) => {
      const id = nextCall++;
      calls.set(id, { resolve, reject });
      try {
        pipe.postMessage({ id, kind: 'invoke', data: { channel, args } });
      } catch (error) {
        calls.delete(id);
        throw error;
      }
    });
  const ipcRenderer = {
    invoke: (channel, ...args) =>
      pipe === undefined ? window[${JSON.stringify(invokeBinding)}](channel, args) : invokeOnPipe(channel, args),
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
  Object.defineProperty(window, ${JSON.stringify(dispatchFunction)}, {
    value: (channel, payload, portIds = []) => (channel === null ? documentId : deliver(channel, payload, portIds)),
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
