// A sandbox in a process of its own (so it outlives an uploader killed with SIGKILL), signed-in
// tokens from its control API, and image files made with sharp. Used by the upload tests and
// the upload benchmark.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const TSX = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');

export interface SandboxProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export interface SandboxProcessOptions {
  dataDir: string;
  processingMs?: number;
  rateLimit?: number;
  rateWindowS?: number;
  profile?: 'spec' | 'deployed';
  /** Shots per account and day (the deployed profile's cap). */
  dailyCap?: number;
  /** A fixed port (a sandbox started again where the last one listened); 0, any free port, by default. */
  port?: number;
}

/**
 * How a sandbox process is started: the integration tests' bundle of sandbox/cli.ts when their
 * set-up made one (test/setup/build-sandbox.ts: plain Node starts it in half the time), else the
 * sources through tsx.
 */
function sandboxCommand(): [string, string[]] {
  const bundle = process.env.SHOTPUT_TEST_SANDBOX_CLI;
  return bundle ? [process.execPath, [bundle]] : [TSX, [path.join(REPO_ROOT, 'sandbox', 'cli.ts')]];
}

export async function startSandboxProcess(options: SandboxProcessOptions): Promise<SandboxProcess> {
  const [command, entry] = sandboxCommand();
  const args = [...entry, '--port', String(options.port ?? 0), '--data', options.dataDir, '--quiet'];
  if (options.processingMs !== undefined) args.push('--processing-ms', String(options.processingMs));
  if (options.rateLimit !== undefined) args.push('--rate-limit', String(options.rateLimit));
  if (options.rateWindowS !== undefined) args.push('--rate-window-s', String(options.rateWindowS));
  if (options.profile !== undefined) args.push('--profile', options.profile);
  if (options.dailyCap !== undefined) args.push('--daily-cap', String(options.dailyCap));
  const child = spawn(command, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error(`The sandbox did not start in time: ${stderr}`)), 60_000);
    lines.once('line', (line) => {
      clearTimeout(timer);
      try {
        resolve((JSON.parse(line) as { url: string }).url);
      } catch {
        reject(new Error(`The sandbox printed an unexpected first line: ${line}`));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The sandbox exited (${code}): ${stderr}`));
    });
  });
  return {
    url,
    child,
    stop: () => stopChild(child),
  };
}

export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

export async function sandboxToken(url: string, username = 'ada', clientId = 'shotput-desktop'): Promise<string> {
  const response = await fetch(`${url}/_sandbox/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, client_id: clientId, scopes: ['public', 'upload'] }),
  });
  if (!response.ok) throw new Error(`The sandbox refused a token: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

export async function setFaults(url: string, faults: Record<string, number>): Promise<void> {
  const response = await fetch(`${url}/_sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(faults),
  });
  if (!response.ok) throw new Error(`The sandbox refused the faults: ${response.status}`);
}

/**
 * Every shot of the account, through the API, with a token of another application so the
 * uploader's rate-limit window is left alone. Retries on 429 and faults.
 */
export async function listAllShots(
  url: string,
  token: string,
): Promise<{ id: number; title: string; published_at?: string; scheduled_for?: string }[]> {
  const shots: { id: number; title: string }[] = [];
  for (let page = 1; page < 100; page++) {
    let response: Response | undefined;
    for (let attempt = 0; attempt < 20; attempt++) {
      response = await fetch(`${url}/v2/user/shots?page=${page}&per_page=100`, {
        headers: { authorization: `Bearer ${token}` },
      }).catch(() => undefined);
      if (response?.ok) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    if (!response?.ok) throw new Error(`Could not list shots (status ${response?.status}).`);
    const items = (await response.json()) as { id: number; title: string }[];
    shots.push(...items);
    if (!(response.headers.get('link') ?? '').includes('rel="next"')) break;
  }
  return shots;
}

/** `count` distinct PNG files (each its own colour, so each its own content hash). */
export async function makeImages(
  dir: string,
  count: number,
  prefix: string,
  firstSeed = 0,
  size = { width: 400, height: 300 },
): Promise<string[]> {
  fs.mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    const file = path.join(dir, `${prefix}-${String(i).padStart(3, '0')}.png`);
    await writeImage(file, firstSeed + i, size);
    files.push(file);
  }
  return files;
}

export async function writeImage(file: string, seed: number, size = { width: 400, height: 300 }): Promise<void> {
  const colour = { r: (seed * 37) % 256, g: (seed * 91 + 50) % 256, b: Math.floor(seed / 7) % 256 };
  const stripe = Buffer.from(
    `<svg width="${size.width}" height="${size.height}"><rect x="${seed % size.width}" y="0" width="7" height="${size.height}" fill="#fff"/></svg>`,
  );
  await sharp({ create: { ...size, channels: 3, background: colour } })
    .composite([{ input: stripe }])
    .png()
    .toFile(file);
}
