// Starts a real sandbox on a free port for a test file, with a signed-in client.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { startSandbox } from '../../sandbox/index';
import type { Sandbox, SandboxOptions } from '../../sandbox/index';
import { sandboxUserToken } from '../../main/auth/sandbox-token';
import { RateLimitGovernor } from '../../main/service/rate-limit-governor';
import type { GovernorOptions } from '../../main/service/rate-limit-governor';
import { ServiceClient } from '../../main/service/service-client';

export interface Fixture {
  sandbox: Sandbox;
  dataDir: string;
  close(): Promise<void>;
}

export async function startFixture(options: SandboxOptions = {}): Promise<Fixture> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shotput-sandbox-'));
  const sandbox = await startSandbox({ host: '127.0.0.1', port: 0, dataDir, ...options });
  return {
    sandbox,
    dataDir,
    async close() {
      await sandbox.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** fetch that counts every status the service answers with. */
export function countingFetch(): { fetch: typeof fetch; statuses: number[]; errors: number } {
  const record = { statuses: [] as number[], errors: 0, fetch: undefined as unknown as typeof fetch };
  record.fetch = async (input, init) => {
    try {
      const response = await fetch(input, init);
      record.statuses.push(response.status);
      return response;
    } catch (error) {
      record.errors++;
      throw error;
    }
  };
  return record;
}

export async function signedInClient(
  sandbox: Sandbox,
  username = 'ada',
  options: {
    governor?: GovernorOptions;
    fetch?: typeof fetch;
    scopes?: string[];
    /** As the bundled sandbox's client is made (main/auth, main/cli/session). */
    movingLoopbackPort?: boolean;
  } = {},
): Promise<ServiceClient> {
  const token = await sandboxUserToken(sandbox, username, options.scopes);
  return new ServiceClient({
    apiUrl: sandbox.api,
    accessToken: token.access_token,
    governor: new RateLimitGovernor(options.governor),
    fetch: options.fetch,
    movingLoopbackPort: options.movingLoopbackPort,
  });
}

export async function control(sandbox: Sandbox, what: string, body: unknown = {}): Promise<unknown> {
  const response = await fetch(`${sandbox.url}/_sandbox/${what}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`control ${what}: ${response.status} ${await response.text()}`);
  return response.json();
}

export async function pngImage(width = 400, height = 300): Promise<Uint8Array> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 120 } } })
    .png()
    .toBuffer();
}

export async function until<T>(probe: () => Promise<T | null>, timeoutMs = 15_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
