// The bundled sandbox in a process of its own, as the desktop app runs it: the supervisor forks the
// real entry (main/service/sandbox-host.ts) through the Electron double's utilityProcess (a real
// Node child with process.parentPort), waits for its address, calls its control API across the
// process boundary, restarts it on the same port when it dies, and stops it with its state saved.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bundledSandboxOptions } from '../../main/service/bundled-sandbox';
import { SandboxSupervisor, type RemoteSandbox } from '../../main/service/sandbox-supervisor';
import { FakeUtilityProcessModule, type FakeUtilityProcess } from '../e2e/harness/fake-utility-process';
import { repoRoot } from '../e2e/harness/repo-paths';

// The tier's bundle of main/service/sandbox-host.ts (test/setup/build-sandbox.ts) when it made one,
// else the source entry through tsx; the app forks its own build, out/main/sandbox-host.js.
const bundle = process.env.SHOTPUT_TEST_SANDBOX_HOST;
const entry = bundle ?? join(repoRoot, 'main', 'service', 'sandbox-host.ts');
const entryArgv = bundle === undefined ? ['--import', 'tsx'] : [];
let dir = '';
const children: FakeUtilityProcess[] = [];
const supervisors: SandboxSupervisor[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shotput-supervisor-'));
});
afterEach(async () => {
  for (const supervisor of supervisors.splice(0)) await supervisor.stop();
  for (const child of children.splice(0)) child.kill();
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function supervise(dataDir: string, ready: RemoteSandbox[] = [], log: string[] = []): SandboxSupervisor {
  const utility = new FakeUtilityProcessModule(() => true);
  const supervisor = new SandboxSupervisor({
    fork: () => {
      const child = utility.fork(entry, [], { execArgv: entryArgv, stdio: 'inherit' });
      children.push(child);
      return child;
    },
    sandboxOptions: bundledSandboxOptions({ dataDir }),
    onReady: (sandbox) => ready.push(sandbox),
    log: (message) => log.push(message),
  });
  supervisors.push(supervisor);
  return supervisor;
}

async function userOf(sandbox: RemoteSandbox, username: string): Promise<{ status: number; login?: string }> {
  const token = await sandbox.control.tokens({ username, client_id: 'shotput-desktop', scopes: 'public upload' });
  const response = await fetch(`${sandbox.url}/v2/user`, {
    headers: { authorization: `Bearer ${token.access_token}` },
  });
  const body = (await response.json()) as { username?: string; login?: string };
  return { status: response.status, login: body.username ?? body.login };
}

describe('the sandbox supervisor', () => {
  it('starts the sandbox in its own process, and its API and control calls answer', async () => {
    const supervisor = supervise(join(dir, 'first'));
    const sandbox = await supervisor.sandbox();
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(children[0]?.pid).not.toBe(process.pid);
    expect(await userOf(sandbox, 'ben')).toEqual({ status: 200, login: 'ben' });
    expect(await supervisor.sandbox()).toBe(sandbox);
    // No control API over HTTP: only main reaches it, across the process boundary.
    expect((await fetch(`${sandbox.url}/_sandbox/state`)).status).toBe(404);
    await expect(sandbox.control.state()).resolves.toMatchObject({ profile: 'spec' });
    // Only the control API's own calls: nothing inherited (toString, constructor) is reachable.
    const control = sandbox.control as unknown as Record<string, () => Promise<unknown>>;
    await expect(control['toString']?.()).rejects.toThrow('no control call "toString"');
  });

  it('restarts a sandbox that died on the same port, with what it had saved', async () => {
    const ready: RemoteSandbox[] = [];
    const log: string[] = [];
    const supervisor = supervise(join(dir, 'restart'), ready, log);
    const first = await supervisor.sandbox();
    await first.control.applications({ client_id: 'shotput-desktop', approved: false });
    children[0]?.kill();
    await expect.poll(() => ready.length, { timeout: 20_000 }).toBe(2);
    const second = await supervisor.sandbox();
    expect(second.url).toBe(first.url);
    expect(children).toHaveLength(2);
    expect(log[0]).toMatch(/^The sandbox's process ended \(code \d+\); starting it again\.$/);
    const apps = (await second.control.state()).applications;
    expect(apps.find((app) => app.client_id === 'shotput-desktop')?.approved).toBe(false);
    expect(await userOf(second, 'ada')).toEqual({ status: 200, login: 'ada' });
  });

  it('stops the process on quit and starts a fresh one when asked again', async () => {
    const supervisor = supervise(join(dir, 'stop'));
    await supervisor.sandbox();
    const child = children[0];
    await supervisor.stop();
    expect(child?.pid).toBeUndefined();
    const again = await supervisor.sandbox();
    expect(await userOf(again, 'ben')).toEqual({ status: 200, login: 'ben' });
    expect(children).toHaveLength(2);
  });

  it('a process that ends before it listens fails the start, and the next ask tries again', async () => {
    let forks = 0;
    const utility = new FakeUtilityProcessModule(() => true);
    const supervisor = new SandboxSupervisor({
      fork: () => {
        forks += 1;
        // The first one is not a sandbox at all: it exits at once.
        const child =
          forks === 1
            ? utility.fork(join(repoRoot, 'package.json'), [], { stdio: 'ignore' })
            : utility.fork(entry, [], { execArgv: entryArgv });
        children.push(child);
        return child;
      },
      sandboxOptions: bundledSandboxOptions(),
    });
    supervisors.push(supervisor);
    await expect(supervisor.sandbox()).rejects.toThrow('ended before it listened');
    expect(await userOf(await supervisor.sandbox(), 'ben')).toMatchObject({ status: 200 });
  });
});
