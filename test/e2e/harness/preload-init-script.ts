// Runs the BUILT preload (out/preload/index.cjs) in the page before the renderer's scripts, as
// Electron does, with a `require('electron')` whose contextBridge puts the exposed object on
// window and whose ipcRenderer talks to the fake ipcMain through a Playwright binding.
// webUtils.getPathForFile answers the disk path of files dropped with page-helpers' dropFiles().
// Ports main posts (webContents.postMessage) arrive as DOM-like MessagePorts on the listener's
// event.ports, relayed by fake-page-ports.ts; what the page posts on them travels over a WebSocket
// (page-port-socket.ts). Like Electron's, they are not told when the far end closes (the code must
// not rely on a 'close' event in the page).
// Not emulated: the separate JavaScript world of contextIsolation (the preload shares the page's);
// test/e2e/preload-isolation.test.ts proves from the page that nothing but window.shotput leaks.
import { BYTES, UNDEFINED, portSocketPath } from './page-port-socket';

export const invokeBinding = '__shotputHarnessInvoke';
export const dispatchFunction = '__shotputHarnessDispatch';
export const portBinding = '__shotputHarnessPort';
export const portDeliverFunction = '__shotputHarnessPortDeliver';

/**
 * The page's side of the port socket (page-port-socket.ts): a post as JSON with its byte runs laid
 * after it in one binary frame. Strict as a structured clone is where JSON is not: a Date, Map or
 * Set, which the contract never carries, is refused rather than sent changed.
 */
const portSocketSender = `
  const BYTES = ${JSON.stringify(BYTES)};
  const UNDEFINED = ${JSON.stringify(UNDEFINED)};
  const encodePost = (id, kind, data) => {
    const runs = [];
    let length = 0;
    const json = JSON.stringify({ id, kind, data }, function (key, value) {
      const original = this[key];
      if (original instanceof Date || original instanceof Map || original instanceof Set)
        throw new TypeError('The harness carries no Date, Map or Set over a port.');
      if (value === undefined) return { [UNDEFINED]: 1 };
      if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) {
        const bytes = value instanceof ArrayBuffer ? new Uint8Array(value) : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
        const type = value instanceof ArrayBuffer ? 'ArrayBuffer' : value.constructor.name;
        runs.push(bytes);
        length += bytes.byteLength;
        return { [BYTES]: [length - bytes.byteLength, bytes.byteLength, type] };
      }
      return value;
    });
    const header = new TextEncoder().encode(json);
    const frame = new Uint8Array(4 + header.byteLength + length);
    new DataView(frame.buffer).setUint32(0, header.byteLength, true);
    frame.set(header, 4);
    let at = 4 + header.byteLength;
    for (const run of runs) {
      frame.set(run, at);
      at += run.byteLength;
    }
    return frame;
  };
  let socket;
  const waiting = [];
  const postToMain = (id, kind, data) => {
    const frame = encodePost(id, kind, data);
    if (socket === undefined) {
      socket = new WebSocket('ws://' + location.host + ${JSON.stringify(portSocketPath)});
      socket.onopen = () => {
        for (const queued of waiting.splice(0)) socket.send(queued);
      };
    }
    if (socket.readyState === WebSocket.OPEN) socket.send(frame);
    else waiting.push(frame);
  };`;

/** Without a socket (a page not of the app's scheme), posts go through the binding. */
const portBindingSender = `
  const postToMain = (id, kind, data) => window[${JSON.stringify(portBinding)}](id, kind, data);`;

/** `portSocket`: the page is served by the harness's scheme server, which accepts the port socket. */
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
  const ports = new Map();${portSocket ? portSocketSender : portBindingSender}
  class HarnessPort {
    #id; #queue = []; #started = false; #closed = false; #onmessage = null;
    constructor(id) {
      this.#id = id;
      ports.set(id, this);
    }
    get onmessage() { return this.#onmessage; }
    // As in the DOM, setting onmessage starts the port.
    set onmessage(listener) {
      this.#onmessage = listener;
      if (typeof listener === 'function') this.start();
    }
    addEventListener() {}
    postMessage(message) {
      const data = structuredClone(message);
      if (!this.#closed) void postToMain(this.#id, 'msg', data);
    }
    start() {
      this.#started = true;
      queueMicrotask(() => this.#flush());
    }
    close() {
      if (this.#closed) return;
      this.#closed = true;
      ports.delete(this.#id);
      void postToMain(this.#id, 'close');
    }
    receive(data) {
      if (this.#closed) return;
      this.#queue.push(data);
      if (this.#started) this.#flush();
    }
    #flush() {
      while (this.#started && !this.#closed && this.#queue.length > 0) this.#onmessage?.({ data: this.#queue.shift() });
    }
  }
  Object.defineProperty(window, ${JSON.stringify(portDeliverFunction)}, {
    value: (id, data) => {
      const port = ports.get(id);
      if (port === undefined) return false;
      port.receive(data);
      return true;
    },
  });
  Object.defineProperty(window, ${JSON.stringify(dispatchFunction)}, {
    value: (channel, payload, portIds = []) => {
      const event = { sender: ipcRenderer, ports: portIds.map((id) => new HarnessPort(id)) };
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
