// The bundled sandbox service, started in this process on a free loopback port the first time it is
// needed: the CLI's way (a plain Node process with no window to keep responsive). The desktop app
// runs it in a process of its own instead (sandbox-supervisor.ts, sandbox-host.ts). Signing in to it
// as a demo user is auth's (auth/sandbox-token.ts).
// It serves no control API over HTTP (control: false): a web page or another program on the
// machine cannot move its clock or mint tokens; this process calls `sandbox.control` directly.
import type { Sandbox, SandboxOptions } from '../../sandbox/index';

export type { Sandbox };

export interface BundledSandboxOptions {
  /** Where the sandbox keeps its shots between runs; omitted keeps them in memory. */
  dataDir?: string;
  rateLimit?: number;
  rateWindowS?: number;
  processingMs?: number;
}

/**
 * SHOTPUT_SANDBOX_PROFILE=deployed makes the bundled sandbox answer as the public service does
 * (sandbox/profile.ts): a rehearsal of the real service with no account and no network.
 */
function profileFromEnvironment(): { profile?: 'spec' | 'deployed'; rateLimit?: number } {
  const wanted = process.env.SHOTPUT_SANDBOX_PROFILE;
  // SHOTPUT_SANDBOX_RATE_LIMIT raises the per-minute limit for a benchmark (bench/desktop.ts).
  const rateLimit = Number(process.env.SHOTPUT_SANDBOX_RATE_LIMIT);
  return {
    ...(wanted === 'deployed' || wanted === 'spec' ? { profile: wanted } : {}),
    ...(Number.isInteger(rateLimit) && rateLimit > 0 ? { rateLimit } : {}),
  };
}

/** What the bundled sandbox starts with, in this process or in one of its own (sandbox-supervisor.ts). */
export function bundledSandboxOptions(options: BundledSandboxOptions = {}): SandboxOptions {
  return { host: '127.0.0.1', port: 0, ...profileFromEnvironment(), ...options, control: false };
}

let running: Promise<Sandbox> | undefined;

/** The one sandbox of this process: started on first call, the same one afterwards. */
export function bundledSandbox(options: BundledSandboxOptions = {}): Promise<Sandbox> {
  // Loaded on first use: the sandbox pulls in the whole HTTP server, which commands like `--help` never need.
  running ??= import('../../sandbox/index')
    .then(({ startSandbox }) => startSandbox(bundledSandboxOptions(options)))
    .catch((error: unknown) => {
      running = undefined;
      throw error;
    });
  return running;
}

/** Stops the process's sandbox (app quit, CLI exit). */
export async function stopBundledSandbox(): Promise<void> {
  const current = running;
  running = undefined;
  if (current) await (await current).close();
}
