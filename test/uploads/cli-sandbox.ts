// The set-up the CLI process tests share: a scratch folder, a sandbox in a process of its own (so
// it outlives a CLI killed mid-request, as the service would), and every CLI run of the file
// SIGKILLed at the end if it still runs. Call useCliSandbox() at the top of a test file: it
// registers the beforeAll and afterAll that start and remove all of it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startSandboxProcess, stopChild } from '../../bench/lib/uploads-sandbox';
import type { SandboxProcess, SandboxProcessOptions } from '../../bench/lib/uploads-sandbox';
import type { CliRun } from './cli-process';

export interface CliSandbox {
  /** The file's scratch folder; the sandbox keeps its data in sandbox/ inside it. */
  readonly root: string;
  readonly sandbox: SandboxProcess;
  /** CLI runs to stop when the file ends: push each run here. */
  readonly children: CliRun[];
  /**
   * Starts the sandbox again after a test stopped it (`sandbox.stop()`), as a service coming back:
   * on the same port, with the same data and options. `sandbox` is then the new process.
   */
  startAgain(): Promise<void>;
}

/** `name` prefixes the scratch folder (shotput-NAME-…); the options are the sandbox's, but its folder. */
export function useCliSandbox(name: string, options: Omit<SandboxProcessOptions, 'dataDir'>): CliSandbox {
  let root: string | undefined;
  let sandbox: SandboxProcess | undefined;
  const children: CliRun[] = [];

  const start = async (port?: number) => {
    sandbox = await startSandboxProcess({ dataDir: path.join(root!, 'sandbox'), ...options, port });
  };

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), `shotput-${name}-`));
    await start();
  });

  afterAll(async () => {
    for (const run of children) await stopChild(run.child, 'SIGKILL');
    await sandbox?.stop();
    if (root !== undefined) fs.rmSync(root, { recursive: true, force: true });
  });

  return {
    get root() {
      if (root === undefined) throw new Error('useCliSandbox: the scratch folder exists from beforeAll on.');
      return root;
    },
    get sandbox() {
      if (sandbox === undefined) throw new Error('useCliSandbox: the sandbox runs from beforeAll on.');
      return sandbox;
    },
    children,
    startAgain: () => start(Number(new URL(sandbox!.url).port)),
  };
}
