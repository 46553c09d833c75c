// The switch to the real Electron (SHOTPUT_E2E_RUNTIME=electron), checked without the Electron
// binary this machine cannot download: playwright-core's Electron launcher starts a stand-in
// executable (named where ELECTRON_OVERRIDE_DIST_PATH says Electron is) that writes down its
// command line and environment; the launch then fails, as it must, and the record shows what the
// real Electron would have been given.
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { launchDriver } from './harness/app-driver';
import { ensureBuild } from './harness/ensure-build';
import { builtEntry, e2eRuntime, electronBinary, realElectronLaunchOptions } from './harness/real-electron';
import { repoRoot } from './harness/repo-paths';

vi.mock('electron', () => import('./harness/electron-module'));

describe('the end-to-end runtime switch', () => {
  let dist = '';
  let silent: Server | undefined;
  const upgraded = new Set<Duplex>();
  beforeAll(async () => {
    ensureBuild();
    silent = createServer();
    silent.on('upgrade', (request, socket) => {
      const accept = createHash('sha1')
        .update(`${String(request.headers['sec-websocket-key'])}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`)
        .digest('base64');
      socket.write(
        `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
      );
      socket.on('error', () => undefined);
      upgraded.add(socket);
    });
    await new Promise<void>((resolve) => silent!.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    dist = await mkdtemp(join(tmpdir(), 'shotput-stand-in-electron-'));
    const record = join(dist, 'record');
    // It answers as Electron does on stderr, with debugger addresses of a server here that accepts
    // the connections and never answers, so the launcher gives up at its time limit (and no
    // waiter of playwright-core is left to fail on its own when the stand-in is ended).
    const standIn = [
      '#!/bin/sh',
      `printf '%s\\n' "$@" > '${record}.args'`,
      `env > '${record}.env'`,
      `echo 'Debugger listening on ws://127.0.0.1:${port}/node' >&2`,
      `echo 'DevTools listening on ws://127.0.0.1:${port}/devtools' >&2`,
      'exec sleep 20',
    ];
    await writeFile(join(dist, 'electron'), `${standIn.join('\n')}\n`);
    await chmod(join(dist, 'electron'), 0o755);
  });
  afterAll(async () => {
    for (const socket of upgraded) socket.destroy();
    await new Promise((resolve) => silent?.close(resolve));
    await rm(dist, { recursive: true, force: true });
  });

  test('is the double unless SHOTPUT_E2E_RUNTIME says electron; any other value is refused', () => {
    expect(e2eRuntime({})).toBe('double');
    expect(e2eRuntime({ SHOTPUT_E2E_RUNTIME: 'double' })).toBe('double');
    expect(e2eRuntime({ SHOTPUT_E2E_RUNTIME: 'electron' })).toBe('electron');
    expect(() => e2eRuntime({ SHOTPUT_E2E_RUNTIME: 'electorn' })).toThrow(
      'SHOTPUT_E2E_RUNTIME must be "double" or "electron", not "electorn".',
    );
  });

  test('starts the built app folder with a data folder of its own, the built renderer and no smoke mode', () => {
    expect(builtEntry()).toBe(join(repoRoot, 'out', 'main', 'index.js'));
    expect(existsSync(builtEntry())).toBe(true);
    const options = realElectronLaunchOptions({
      userDataDir: '/tmp/shotput-data',
      executablePath: '/opt/electron/electron',
      env: {
        SHOTPUT_EXPECTED_PROCESSING_MS: '300',
        ELECTRON_RENDERER_URL: 'http://127.0.0.1:5173',
        SHOTPUT_SMOKE: '1',
      },
    });
    expect(options.executablePath).toBe('/opt/electron/electron');
    expect(options.args).toEqual([repoRoot, '--user-data-dir=/tmp/shotput-data']);
    expect(options.cwd).toBe(repoRoot);
    expect(options.env['SHOTPUT_EXPECTED_PROCESSING_MS']).toBe('300');
    expect(options.env).not.toHaveProperty('ELECTRON_RENDERER_URL');
    expect(options.env).not.toHaveProperty('SHOTPUT_SMOKE');
    expect(electronBinary({ ELECTRON_OVERRIDE_DIST_PATH: '/e' }, 'darwin')).toBe(
      '/e/Electron.app/Contents/MacOS/Electron',
    );
    expect(electronBinary({ ELECTRON_OVERRIDE_DIST_PATH: '/e' }, 'win32')).toBe(join('/e', 'electron.exe'));
  });

  test('hands that command line to Electron through playwright-core when the walk asks for the real runtime', async () => {
    const saved = { runtime: process.env['SHOTPUT_E2E_RUNTIME'], dist: process.env['ELECTRON_OVERRIDE_DIST_PATH'] };
    process.env['SHOTPUT_E2E_RUNTIME'] = 'electron';
    process.env['ELECTRON_OVERRIDE_DIST_PATH'] = dist;
    try {
      await expect(
        launchDriver({ env: { SHOTPUT_EXPECTED_PROCESSING_MS: '300' }, launchTimeoutMs: 3_000 }),
      ).rejects.toThrow(/Timeout 3000ms exceeded/);
    } finally {
      for (const [key, value] of [
        ['SHOTPUT_E2E_RUNTIME', saved.runtime],
        ['ELECTRON_OVERRIDE_DIST_PATH', saved.dist],
      ] as const) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
    const args = (await readFile(join(dist, 'record.args'), 'utf8')).trim().split('\n');
    // playwright-core's own switches and loader first, then the app folder and its data folder.
    expect(args).toContain('--remote-debugging-port=0');
    const app = args.indexOf(repoRoot);
    expect(app).toBeGreaterThan(-1);
    expect(args[app + 1]).toMatch(/^--user-data-dir=.*shotput-e2e-electron-/);
    const env = await readFile(join(dist, 'record.env'), 'utf8');
    expect(env).toMatch(/^SHOTPUT_EXPECTED_PROCESSING_MS=300$/m);
    expect(env).not.toMatch(/^ELECTRON_RENDERER_URL=/m);
  }, 60_000);
});
