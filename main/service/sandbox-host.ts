// The bundled sandbox's own process in the desktop app: an entry built beside main's
// (out/main/sandbox-host.js) that Electron starts with utilityProcess.fork. It starts the sandbox
// with the options main sends, says on which address it listens, answers control calls (the
// sandbox serves none over HTTP) and closes it, state saved, when main says stop. Its image
// encoding, multipart parsing and fsyncs no longer stop main's event loop. Plain Node: no electron.
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/index';
import type { SandboxHostReply, SandboxHostRequest } from './sandbox-host-protocol';
import { utilityParentPort } from './utility-parent-port';

const port = utilityParentPort('sandbox-host');
let sandbox: Sandbox | undefined;

function reply(message: SandboxHostReply): void {
  port.postMessage(message);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The port of the previous run when there was one (shots' addresses stay valid); any free one if taken. */
async function listen(options: SandboxOptions): Promise<Sandbox> {
  try {
    return await startSandbox(options);
  } catch (error) {
    const taken = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
    if (!taken || !options.port) throw error;
    return startSandbox({ ...options, port: 0 });
  }
}

function callControl(method: string, body: unknown): unknown {
  if (sandbox === undefined) throw new Error('The sandbox has not started.');
  const control = sandbox.control as unknown as Record<string, (body?: unknown) => unknown>;
  if (!Object.hasOwn(control, method)) throw new Error(`The sandbox has no control call "${method}".`);
  return control[method]?.(body);
}

async function handle(request: SandboxHostRequest): Promise<void> {
  if (request.type === 'start') {
    try {
      sandbox = await listen(request.options);
      reply({ type: 'ready', url: sandbox.url });
    } catch (error) {
      reply({ type: 'failed', message: describe(error) });
      process.exit(1);
    }
  } else if (request.type === 'control') {
    try {
      reply({ type: 'control-result', id: request.id, ok: true, value: callControl(request.method, request.body) });
    } catch (error) {
      reply({ type: 'control-result', id: request.id, ok: false, message: describe(error) });
    }
  } else {
    await sandbox?.close();
    process.exit(0);
  }
}

port.on('message', ({ data }) => void handle(data as SandboxHostRequest));
