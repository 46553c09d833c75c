// What a window's page posts on a port main gave it reaches main as Electron's structured clone
// would carry it, in order, over the harness's port socket (harness/page-port-socket.ts): bytes of
// every typed-array kind, ArrayBuffers, undefined values, text; then the page's close. The page is
// served with the app's own CSP, so the socket is proven to pass it (connect-src 'self').
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicyFor } from '../../main/app/content-security-policy';
import type { FakeElectron } from './harness/fake-electron';
import type { FakeMessagePortMain, PortMessageEvent } from './harness/fake-message-port';
import { linuxDouble } from './support/linux-double';

// The preload keeps the port main sends where the test's page.evaluate can reach it.
// It also records main's events, one of them slow to handle, and asks main over invoke.
const preloadSource = `
const { ipcRenderer } = require('electron');
ipcRenderer.on('test-port', (event) => { window.__testPort = event.ports[0]; });
window.__events = [];
ipcRenderer.on('slow', () => {
  const end = Date.now() + 300;
  while (Date.now() < end);
  window.__events.push('slow');
});
ipcRenderer.on('event', (_event, value) => window.__events.push(value));
window.__ask = () => ipcRenderer.invoke('ask').then((answer) => [...window.__events, answer]);
`;

// A Worker of the page's own origin (worker-src 'self'): it takes a port, and answers each message
// on it with what it saw, and in which thread.
const echoWorker = `onmessage = (event) => {
  const port = event.data;
  port.onmessage = (message) => {
    const { ask, bytes, nothing } = message.data;
    let sum = 0;
    for (const byte of bytes) sum += byte;
    port.postMessage({
      ask,
      sum,
      kind: bytes.constructor.name,
      hadUndefined: 'nothing' in message.data && nothing === undefined,
      inWorker: typeof document === 'undefined',
    });
  };
};`;

let dir = '';
let preload = '';
const doubles: FakeElectron[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shotput-page-ports-'));
  preload = join(dir, 'preload.cjs');
  await writeFile(preload, preloadSource);
});
afterEach(async () => {
  for (const double of doubles.splice(0)) {
    await double.close();
    await double.end();
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A window of the double showing a blank app page, and main's end of a port the page holds. */
async function windowWithPort() {
  const electron = linuxDouble(dir);
  doubles.push(electron);
  electron.app.markReady();
  const headers = { 'content-type': 'text/html', 'content-security-policy': contentSecurityPolicyFor(undefined) };
  electron.protocol.handle('app', (request: Request) =>
    request.url.endsWith('/echo-worker.js')
      ? new Response(echoWorker, { headers: { ...headers, 'content-type': 'text/javascript' } })
      : new Response('<!doctype html><title>ports</title>', { headers }),
  );
  const window = new electron.BrowserWindow({ webPreferences: { preload } });
  await window.loadURL('app://shotput/index.html');
  const page = window.webContents.page!;
  const { port1, port2 } = new electron.MessageChannelMain();
  window.webContents.postMessage('test-port', null, [port2]);
  await page.waitForFunction(() => '__testPort' in window);
  const received: unknown[] = [];
  const closed = new Promise<void>((resolve) => port1.once('close', () => resolve()));
  port1.on('message', (event: PortMessageEvent) => received.push(event.data));
  port1.start();
  return { electron, window, page, received, closed, port: port1 as FakeMessagePortMain };
}

describe('main’s IPC with a page, in the double', () => {
  it('delivers the events main sent before an invoke’s answer before the answer, as Electron’s one pipe does', async () => {
    const { electron, window, page } = await windowWithPort();
    // The first event holds the page's thread, so the second waits behind it in the double's
    // delivery while the answer is already on its way: in Electron all three share one pipe.
    electron.ipcMain.handle('ask', () => {
      window.webContents.send('slow');
      window.webContents.send('event', 'sent before the answer');
      return 'answer';
    });
    const seen = await page.evaluate(() => (window as unknown as { __ask: () => Promise<string[]> }).__ask());
    expect(seen).toEqual(['slow', 'sent before the answer', 'answer']);
    expect(electron.pageErrors).toEqual([]);
  });

  it('carries the page’s invokes and main’s events on the document’s own socket, never through the debugging protocol', async () => {
    const { electron, window, page } = await windowWithPort();
    electron.ipcMain.handle('ask', () => {
      window.webContents.send('event', 'sent while answering');
      return 'answer';
    });
    window.webContents.send('event', 'sent first');
    const seen = await page.evaluate(() => (window as unknown as { __ask: () => Promise<string[]> }).__ask());
    expect(seen).toEqual(['sent first', 'sent while answering', 'answer']);
    expect(electron.ipcMain.invoked).toEqual(['ask']);
    // Each would be a round trip through Chromium's browser process, the Playwright server and the
    // client in main's process, which Electron's IPC does not pass.
    expect(window.webContents.overProtocol).toEqual({ invokes: 0, events: 0 });
    expect(electron.pageErrors).toEqual([]);
  });

  it('answers an invoke the page makes after it reloads, and sends main’s events to the new document', async () => {
    const { electron, window, page } = await windowWithPort();
    electron.ipcMain.handle('ask', () => 'answer');
    window.webContents.reload();
    await page.waitForFunction(() => !('__testPort' in window));
    window.webContents.send('event', 'to the new document');
    await window.webContents.flushEvents();
    const seen = await page.evaluate(() => (window as unknown as { __ask: () => Promise<string[]> }).__ask());
    expect(seen).toEqual(['to the new document', 'answer']);
    expect(electron.pageErrors).toEqual([]);
  });
});

describe('a page’s posts on a port, in the double', () => {
  it('arrive in order as a structured clone carries them, bytes and undefined included, then the close', async () => {
    const { electron, page, received, closed } = await windowWithPort();
    await page.evaluate(() => {
      const port = (window as unknown as { __testPort: MessagePort }).__testPort;
      const frame = new Uint8Array(800 * 600 * 4).map((_, index) => index % 251);
      port.postMessage({ name: 'frames', frames: [{ width: 800, height: 600, data: frame }], failure: undefined });
      port.postMessage({ view: new Uint8Array(frame.buffer, 8, 4), floats: new Float32Array([1.5, -2]) });
      port.postMessage({ buffer: new Uint8Array([7, 8, 9]).buffer, list: [1, undefined, 'é ✓'], none: null });
      port.postMessage('plain text');
      port.close();
    });
    await closed;
    expect(received).toHaveLength(4);
    const [first, second, third, fourth] = received as [
      { name: string; frames: { width: number; data: Uint8Array }[]; failure?: undefined },
      { view: Uint8Array; floats: Float32Array },
      { buffer: ArrayBuffer; list: unknown[]; none: null },
      string,
    ];
    expect(first.name).toBe('frames');
    expect('failure' in first && first.failure === undefined).toBe(true);
    const data = first.frames[0]!.data;
    expect(data).toBeInstanceOf(Uint8Array);
    expect(data.byteLength).toBe(800 * 600 * 4);
    expect([data[0], data[250], data[251], data[data.length - 1]]).toEqual([0, 250, 0, (data.length - 1) % 251]);
    // A view carries only its own bytes, as a clone does.
    expect([...second.view]).toEqual([8, 9, 10, 11]);
    expect(second.floats).toBeInstanceOf(Float32Array);
    expect([...second.floats]).toEqual([1.5, -2]);
    expect(third.buffer).toBeInstanceOf(ArrayBuffer);
    expect([...new Uint8Array(third.buffer)]).toEqual([7, 8, 9]);
    expect(third.list).toEqual([1, undefined, 'é ✓']);
    expect(third.none).toBeNull();
    expect(fourth).toBe('plain text');
    expect(electron.pageErrors).toEqual([]);
  });

  it('refuses what the harness cannot carry as a clone would (a Date), as a page error, instead of changing it', async () => {
    const { electron, page, received } = await windowWithPort();
    await page.evaluate(() => {
      const port = (window as unknown as { __testPort: MessagePort }).__testPort;
      port.postMessage({ at: new Date(0) });
      port.postMessage('after');
    });
    await expect.poll(() => received).toEqual(['after']);
    expect(electron.pageErrors).toEqual(['port post refused: The harness carries no Date, Map or Set over a port.']);
  });

  it('carries main’s messages to a port the page handed to its Worker, and the Worker’s answers back', async () => {
    const { electron, page, received, port } = await windowWithPort();
    await page.evaluate(() => {
      const worker = new Worker('/echo-worker.js');
      const handed = (window as unknown as { __testPort: MessagePort }).__testPort;
      worker.postMessage(handed, [handed]);
    });
    const bytes = new Uint8Array(800 * 600 * 4).map((_, index) => index % 253);
    const sum = bytes.reduce((total, byte) => total + byte, 0);
    port.postMessage({ ask: 'first', bytes, nothing: undefined });
    port.postMessage({ ask: 'second', bytes: Buffer.from([1, 2, 3]) });
    await expect.poll(() => received.length).toBe(2);
    expect(received).toEqual([
      { ask: 'first', sum, kind: 'Uint8Array', hadUndefined: true, inWorker: true },
      { ask: 'second', sum: 6, kind: 'Uint8Array', hadUndefined: false, inWorker: true },
    ]);
    expect(electron.pageErrors).toEqual([]);
  });

  it('close on main’s side when the page that held them reloads, as its document’s ports do in Electron', async () => {
    const { page, closed, port } = await windowWithPort();
    let heard = false;
    void closed.then(() => (heard = true));
    port.postMessage('before the reload');
    await page.reload();
    await closed;
    expect(heard).toBe(true);
  });

  it('do not cross the debugging protocol: the test process parses none of the relay’s bytes', async () => {
    const { electron, page, received } = await windowWithPort();
    // Playwright reports a socket and its frames when Chromium tells the debugging protocol of it:
    // the relay's sockets, megabytes of motion frames each way, must not be (they were, base64).
    const seen: string[] = [];
    page.on('websocket', (socket) => seen.push(socket.url()));
    await page.evaluate(() => {
      const port = (window as unknown as { __testPort: MessagePort }).__testPort;
      port.postMessage(new Uint8Array(4 * 1024 * 1024));
    });
    await expect.poll(() => received.length).toBe(1);
    expect((received[0] as Uint8Array).byteLength).toBe(4 * 1024 * 1024);
    expect(seen).toEqual([]);
    expect(electron.pageErrors).toEqual([]);
  });
});
