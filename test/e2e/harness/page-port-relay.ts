// The page's side of the ports main posts into a window (page-port-socket.ts is main's side). Each
// port the page gets is a real MessagePort; its partner goes to one relay (a SharedWorker) per
// page, which carries both ways over a socket of the port's own to the window's origin. The page may use its port as any MessagePort:
// set onmessage, close it, or transfer it to a Worker of its own, where main's messages then arrive
// without the window's thread, as in Electron.
//
// Strict as a structured clone is where JSON is not: a Date, Map or Set, which the contract never
// carries, is not sent changed; the relay reports it, and the harness makes it a page error.

import { BYTES, UNDEFINED } from './page-frame-codec';

/**
 * What the page's port says last when the page closes it. Chromium tells a port nothing when its
 * partner closes, where Electron's MessagePortMain hears 'close': the page's port says so on itself,
 * after what it posted before, in order.
 */
export const CLOSING = '\u0000closing';

/** The largest piece of a frame the relay sends as one socket message (see the relay's script). */
export const PIECE_BYTES = 256 * 1024;

/**
 * The relay Worker's script (served at relayWorkerPath): it connects to `paths.ports` for each port,
 * and to `paths.ipc` for the document's IPC with main.
 */
export function relayWorkerSource(paths: { ports: string; ipc: string }): string {
  return `'use strict';
const BYTES = ${JSON.stringify(BYTES)};
const UNDEFINED = ${JSON.stringify(UNDEFINED)};
const CLOSING = ${JSON.stringify(CLOSING)};

const encode = (id, kind, data) => {
  const runs = [];
  let length = 0;
  const json = JSON.stringify({ id, kind, data }, function (key, value) {
    const original = this[key];
    if (original instanceof Date || original instanceof Map || original instanceof Set)
      throw new TypeError('The harness carries no Date, Map or Set over a port.');
    if (original === undefined) return { [UNDEFINED]: 1 };
    if (original instanceof ArrayBuffer || ArrayBuffer.isView(original)) {
      const bytes = original instanceof ArrayBuffer
        ? new Uint8Array(original)
        : new Uint8Array(original.buffer, original.byteOffset, original.byteLength);
      const type = original instanceof ArrayBuffer ? 'ArrayBuffer' : original.constructor.name;
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

// Main's message, its bytes in buffers of their own, handed on (transferred, not copied again).
const decode = (buffer) => {
  const frame = new Uint8Array(buffer);
  const headerLength = new DataView(buffer).getUint32(0, true);
  const bytesStart = 4 + headerLength;
  const header = JSON.parse(new TextDecoder().decode(frame.subarray(4, bytesStart)));
  const transfer = [];
  const restore = (value) => {
    if (Array.isArray(value)) return value.map(restore);
    if (value === null || typeof value !== 'object') return value;
    if (UNDEFINED in value) return undefined;
    if (BYTES in value) {
      const [offset, length, type] = value[BYTES];
      const copy = frame.slice(bytesStart + offset, bytesStart + offset + length);
      transfer.push(copy.buffer);
      if (type === 'ArrayBuffer') return copy.buffer;
      if (type === 'DataView') return new DataView(copy.buffer);
      return new globalThis[type](copy.buffer);
    }
    const restored = {};
    for (const key of Object.keys(value)) restored[key] = restore(value[key]);
    return restored;
  };
  return { id: header.id, kind: header.kind, data: restore(header.data), transfer };
};

// Chromium sends one large socket message far slower than the same bytes in pieces (2.5 MB, a motion
// frame: 180 ms whole, 120 ms in 256 KB pieces, measured on the CI machine): each frame goes as its
// length (4 bytes), then its bytes in pieces of at most PIECE.
const PIECE = ${PIECE_BYTES};
const sendFrame = (socket, frame) => {
  const length = new Uint8Array(4);
  new DataView(length.buffer).setUint32(0, frame.byteLength, true);
  socket.send(length);
  for (let at = 0; at < frame.byteLength; at += PIECE) socket.send(frame.subarray(at, Math.min(frame.byteLength, at + PIECE)));
};

// A socket to main on the window's origin (or to a utility process's own address: ws://…): what is
// sent before it opens waits, in order.
const connect = (path, onFrame) => {
  const socket = new WebSocket(path.startsWith('ws:') ? path : 'ws://' + location.host + path);
  socket.binaryType = 'arraybuffer';
  const waiting = [];
  socket.onopen = () => {
    for (const frame of waiting.splice(0)) sendFrame(socket, frame);
  };
  socket.onmessage = (event) => onFrame(decode(event.data));
  const put = (frame) => {
    if (socket.readyState === WebSocket.OPEN) sendFrame(socket, frame);
    else waiting.push(frame);
  };
  // What a clone carries and this encoding cannot is reported on \`refusals\` (main's socket).
  const send = (id, kind, data, refusals = put) => {
    let frame;
    try {
      frame = encode(id, kind, data);
    } catch (error) {
      return refusals(encode(id, 'refused', String(error && error.message)));
    }
    put(frame);
  };
  return { socket, send, put };
};

// One socket per port, as each Electron port is a pipe of its own: a port busy with megabytes of
// frames never holds up the small requests on another (one shared socket did, under load). When the
// port's other end lives in a utility process (main transferred it there), main's side says
// 'direct' with that process's own address, after everything it relayed: from then on the port's
// messages go straight to that process, as Electron joins a renderer's port to a utility process
// with main out of the way. The relay says 'cut' on the first socket after the last it carried, so
// the process can keep what came that way first.
const carry = (id, port) => {
  let direct;
  const first = connect(${JSON.stringify(paths.ports)}, ({ kind, data, transfer }) => {
    if (kind !== 'direct') return port.postMessage(data, transfer);
    direct = connect(data, ({ data: message, transfer: moved }) => port.postMessage(message, moved));
    first.send(id, 'cut');
  });
  const send = (kind, data) => (direct ?? first).send(id, kind, data, first.put);
  port.onmessage = (message) => {
    if (message.data !== null && typeof message.data === 'object' && CLOSING in message.data) {
      port.close();
      send('close');
      // The first socket closes after the direct one: main hears the port gone only once the process
      // has read everything the page sent it (the direct socket's close comes after its messages).
      const last = direct ?? first;
      if (direct) direct.socket.addEventListener('close', () => first.socket.close());
      if (last.socket.readyState === WebSocket.OPEN) last.socket.close();
    } else send('msg', message.data);
  };
  first.send(id, 'hello');
};

// The document's IPC with main, one socket of its own, like Electron's one channel per frame: the
// page posts { id, kind, data } (an invoke, a flush's answer) and gets main's frames (events,
// answers, flushes) the same way, in the order main sent them.
const pipe = (documentId, port) => {
  const { send } = connect(${JSON.stringify(paths.ipc)}, ({ id, kind, data, transfer }) =>
    port.postMessage({ id, kind, data }, transfer),
  );
  port.onmessage = (message) => send(message.data.id, message.data.kind, message.data.data);
  send(0, 'hello', documentId);
};
self.onconnect = (event) => {
  event.ports[0].onmessage = (message) =>
    message.data.ipc === undefined ? carry(message.data.id, message.data.port) : pipe(message.data.ipc, message.data.port);
};
`;
}

/**
 * For the preload init script: \`pagePort(id)\` makes the page's MessagePort for main's port \`id\`,
 * its partner handed to the page's relay Worker; \`ipcPipe(documentId)\` the port the document's IPC
 * with main goes over. The relay starts with the first of them.
 */
export function pagePortMaker(workerPath: string): string {
  return `
  let relay;
  // A SharedWorker with a name of this document's own: it ends with the document, as a dedicated
  // Worker would, and Playwright does not attach to it. To a dedicated Worker it attaches and
  // enables the Network domain, and Chromium then copied every byte of the relay's sockets into
  // the debugging protocol (base64, both ways) for the test process to parse: 20 MB each way took
  // 4.1 s against 1.35 s, and the Playwright client's allocations drew main's collector pauses.
  const relayWorker = () =>
    (relay ??= new SharedWorker(${JSON.stringify(workerPath)}, {
      name: 'shotput-harness-port-relay ' + Date.now() + ' ' + Math.random(),
    }));
  const pagePort = (id) => {
    const { port1, port2 } = new MessageChannel();
    relayWorker().port.postMessage({ id, port: port1 }, [port1]);
    // Only this object says so: a port the page transferred on closes unheard (its document's end
    // still closes the port on reload or navigation).
    const close = port2.close.bind(port2);
    Object.defineProperty(port2, 'close', {
      value: () => {
        port2.postMessage({ [${JSON.stringify(CLOSING)}]: true });
        close();
      },
    });
    return port2;
  };
  const ipcPipe = (documentId) => {
    const { port1, port2 } = new MessageChannel();
    relayWorker().port.postMessage({ ipc: documentId, port: port1 }, [port1]);
    return port2;
  };`;
}
