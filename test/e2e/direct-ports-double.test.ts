// A port main posts into a page and whose other end main then transfers to a utility process (the
// window's port to the engine): in Electron the renderer and that process talk directly. The double
// relays it through main's process only until both ends are known, then joins them
// (harness/direct-port-link.ts). What must hold: nothing lost or reordered either way while the
// switch happens under a steady stream, the close still heard, and main's process reading none of
// what the page sends after it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicyFor } from '../../main/app/content-security-policy';
import type { FakeElectron } from './harness/fake-electron';
import { DirectLink } from './harness/utility-direct-ports';
import { linuxDouble } from './support/linux-double';

const preloadSource = `
const { ipcRenderer } = require('electron');
window.__back = [];
ipcRenderer.on('test-port', (event) => {
  window.__testPort = event.ports[0];
  window.__testPort.onmessage = (message) => window.__back.push(message.data);
});
`;

// The utility process: it answers each message with its sequence number, and sums up on 'end'.
const childSource = `
process.parentPort.once('message', ({ ports: [port] }) => {
  const seen = [];
  let bytes = 0;
  port.on('message', ({ data }) => {
    if (data === 'end') return port.postMessage({ seen, bytes });
    seen.push(data.seq);
    bytes += data.bytes.byteLength;
    port.postMessage({ back: data.seq });
  });
  port.on('close', () => process.parentPort.postMessage({ closedAfter: seen.length }));
  port.start();
});
`;

type Summary = { seen: number[]; bytes: number };
type PageWindow = { __testPort: MessagePort; __back: unknown[]; __stop: boolean };

let dir = '';
const doubles: FakeElectron[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shotput-direct-ports-'));
  await writeFile(join(dir, 'preload.cjs'), preloadSource);
  await writeFile(join(dir, 'child.mjs'), childSource);
});
afterEach(async () => {
  for (const double of doubles.splice(0)) {
    await double.close();
    await double.end();
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('a page’s port whose other end main moved into a utility process, in the double', () => {
  it('is joined to that process directly mid-stream: nothing lost or reordered either way, main reads none of what follows, the close is heard', async () => {
    const electron = linuxDouble(dir);
    doubles.push(electron);
    electron.app.markReady();
    const headers = { 'content-type': 'text/html', 'content-security-policy': contentSecurityPolicyFor(undefined) };
    electron.protocol.handle('app', () => new Response('<!doctype html><title>direct</title>', { headers }));
    const window = new electron.BrowserWindow({ webPreferences: { preload: join(dir, 'preload.cjs') } });
    await window.loadURL('app://shotput/index.html');
    const page = window.webContents.page!;
    const relay = window.webContents.pagePorts;
    const { port1, port2 } = new electron.MessageChannelMain();
    window.webContents.postMessage('test-port', null, [port2]);
    await page.waitForFunction(() => '__testPort' in window);

    // The page streams 64 KB posts until told to stop; main holds its end (unread) meanwhile.
    const streamed = page.evaluate(async () => {
      const page = window as unknown as PageWindow;
      page.__stop = false;
      let seq = 0;
      while (!page.__stop) {
        page.__testPort.postMessage({ seq, bytes: new Uint8Array(64 * 1024).fill(seq % 256) });
        seq++;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return seq;
    });
    await expect.poll(() => relay.bytesThroughMain).toBeGreaterThan(0);
    const child = electron.utilityProcess.fork(join(dir, 'child.mjs'));
    const closedAfter = new Promise<unknown>((resolve) => child.once('message', resolve));
    child.postMessage(null, [port1]);
    // The page's relay switches while it streams; a little more goes the new way before it stops.
    await expect.poll(() => relay.joinedDirectly, { timeout: 20_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await page.evaluate(() => ((window as unknown as PageWindow).__stop = true));
    const sent = await streamed;
    const readByMain = relay.bytesThroughMain;

    await page.evaluate(() => {
      const port = (window as unknown as PageWindow).__testPort;
      port.postMessage({ seq: -1, bytes: new Uint8Array(4 * 1024 * 1024) });
      port.postMessage('end');
    });
    await page.waitForFunction(
      () => (window as unknown as PageWindow).__back.some((item) => 'seen' in (item as object)),
      null,
      {
        timeout: 20_000,
      },
    );
    const back = await page.evaluate(() => (window as unknown as PageWindow).__back);
    const summary = back.at(-1) as Summary;
    const order = Array.from({ length: sent }, (_, seq) => seq);
    expect(summary.seen).toEqual([...order, -1]);
    expect(summary.bytes).toBe(sent * 64 * 1024 + 4 * 1024 * 1024);
    expect(back.slice(0, -1)).toEqual([...order, -1].map((seq) => ({ back: seq })));
    // The 4 MB went to the process alone; what main read was only the stream's start, before the switch.
    expect(relay.bytesThroughMain).toBe(readByMain);
    expect(readByMain).toBeLessThan(sent * 64 * 1024 + 1024 * sent);
    expect(relay.bytesFromPage.get('test-port')).toBeGreaterThan(sent * 64 * 1024 + 4 * 1024 * 1024);

    await page.evaluate(() => (window as unknown as PageWindow).__testPort.close());
    expect(await closedAfter).toEqual({ closedAfter: sent + 1 });
    expect(electron.pageErrors).toEqual([]);
  });
});

describe("a joined port's socket in the child", () => {
  /** The child's port as DirectLink sees it: what it is told is recorded. */
  function childPort(id: number) {
    return { id, closed: false, direct: undefined as DirectLink | undefined, receive() {}, remoteClosed() {} };
  }

  it('is made for an open port, and not for one closed while the socket server was starting', async () => {
    const told: unknown[] = [];
    const closing = childPort(1);
    const opening = DirectLink.open(closing, (envelope) => told.push(envelope));
    // The page's end goes while the child is still starting its socket server (an await away).
    closing.closed = true;
    await opening;
    expect(told).toEqual([]);
    expect(closing.direct).toBeUndefined();

    const open = childPort(2);
    await DirectLink.open(open, (envelope) => told.push(envelope));
    expect(told).toEqual([
      { t: 'port-direct-ready', id: 2, address: expect.stringMatching(/^ws:\/\/127\.0\.0\.1:\d+\/2\//) },
    ]);
    expect(open.direct).toBeInstanceOf(DirectLink);
    open.direct!.close();
  });
});
