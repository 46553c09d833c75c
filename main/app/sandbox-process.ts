// The bundled sandbox in the desktop app: a utility process of its own (out/main/sandbox-host.js),
// like a real service, so its HTTP server, image encoding and fsyncs never hold up main's event
// loop. This file only fills the supervisor's one need, starting the process, with Electron's
// utilityProcess.fork (child_process.fork of the app is not an option: the RunAsNode fuse is off).
import { join } from 'node:path';
import { app, utilityProcess } from 'electron';
import { bundledSandboxOptions } from '../service/bundled-sandbox';
import { SandboxSupervisor, type RemoteSandbox, type SandboxProcess } from '../service/sandbox-supervisor';

export type { RemoteSandbox };

export interface AppSandboxOptions {
  /** Where the sandbox keeps its state, e.g. join(app.getPath('userData'), 'sandbox'). */
  dataDir: string;
  /** Told with the running sandbox now and after every restart (its address goes into the CSP). */
  onSandbox?: (sandbox: RemoteSandbox) => void;
  log?: (message: string) => void;
}

let supervisor: SandboxSupervisor | undefined;
const watchers = new Set<(sandbox: RemoteSandbox) => void>();

function forkSandboxHost(): SandboxProcess {
  const entry = join(app.getAppPath(), 'out', 'main', 'sandbox-host.js');
  return utilityProcess.fork(entry, [], { serviceName: 'Shotput sandbox', stdio: 'inherit' });
}

/** The app's one sandbox: started on first call, the same (or its restarted successor) afterwards. */
export async function appSandbox(options: AppSandboxOptions): Promise<RemoteSandbox> {
  if (options.onSandbox !== undefined) watchers.add(options.onSandbox);
  supervisor ??= new SandboxSupervisor({
    fork: forkSandboxHost,
    sandboxOptions: bundledSandboxOptions({ dataDir: options.dataDir }),
    onReady: (sandbox) => {
      for (const watcher of watchers) watcher(sandbox);
    },
    ...(options.log === undefined ? {} : { log: options.log }),
  });
  return supervisor.sandbox();
}

/** Stops the sandbox's process on quit, its state saved. */
export async function stopAppSandbox(): Promise<void> {
  const running = supervisor;
  supervisor = undefined;
  watchers.clear();
  await running?.stop();
}
