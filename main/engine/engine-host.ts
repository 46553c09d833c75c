// The engine's process in the desktop app: an entry built beside main's (out/main/engine-host.js)
// that Electron starts with utilityProcess.fork. It owns the drafts, image preparation, the queue
// and its journal, the watched folders and the service client, so their work (sharp, hashing,
// fsyncs, the governor's timers) never holds up main's event loop, which routes every click and
// IPC reply of the window. Main calls its methods over the parent port (port-rpc.ts); when it is
// told to close it closes the desktop, every draft and job on disk, and exits.
import { describeError } from '../logging/logger';
import { openEngineDesktop, type OpenedEngine } from './engine-desktop';
import type { EngineConfig } from './engine-protocol';
import { PortRpc } from '../../common/port-rpc';
import { utilityParentPort } from '../service/utility-parent-port';

const port = utilityParentPort('engine-host');
const main = new PortRpc(port);
// A message that carries a port is main handing over a window's port, or its motion Worker's
// (main/app/window-engine-port.ts).
port.on('message', ({ data, ports }) => {
  const windowPort = ports[0];
  if (windowPort === undefined) main.receive(data);
  else if (opened === undefined) windowPort.close();
  else {
    const motion = (data as { k?: unknown }).k === 'motion';
    void opened
      .then(({ windows }) => (motion ? windows.connectMotion(windowPort) : windows.connect(windowPort)))
      .catch(() => windowPort.close());
  }
});

let opened: Promise<OpenedEngine> | undefined;
const engine = (): Promise<OpenedEngine> => {
  if (opened === undefined) throw new Error('The engine has not been started.');
  return opened;
};

main.serve({
  start: async (config: EngineConfig) => {
    opened ??= openEngineDesktop(config, main);
    const { desktop } = await opened;
    return { service: desktop.session.service };
  },
  deepLink: async (url: string) => (await engine()).desktop.session.handleDeepLink(url),
  jobPicture: async (jobId: string) => (await engine()).desktop.uploads.thumbnail(jobId),
  draftPicture: async (draftId: string, kind: never, n: number) =>
    (await engine()).desktop.drafts.picture(draftId, kind, n),
  pauseUploads: async () => void (await engine()).desktop.uploads.queue()?.pause(),
  resumeUploads: async () => void (await engine()).desktop.uploads.queue()?.resume(),
  settings: async (settings: EngineConfig['settings']) => (await engine()).setSettings(settings),
  close: async () => {
    try {
      await (await opened)?.desktop.close();
    } catch (error) {
      main.note('logLine', `${new Date().toISOString()} WARN  [engine] Closing failed: ${describeError(error)}\n`);
    }
    // Exits once the answer is on its way: main waits for the exit, not for the answer alone.
    setImmediate(() => process.exit(0));
  },
});
