// The window's port to the engine's process. The preload asks for it at every page load (IPC, so
// main checks the sender as for every request: only the app's own top frame gets one); main makes a
// channel, keeps one end for the engine (it moves there once the engine has started) and posts the
// other to the page. When the engine starts anew after a crash, main offers the page a new port
// unasked: the old one died with the old process.
// The page's motion Worker gets a port of its own the same way (motionPortChannel), asked by the
// preload when the page starts its Worker and again after a restart: the engine answers only a
// stream's four requests on it, and frames never pass through the window's thread.
import type { IpcMain, MessageChannelMain, WebContents } from 'electron';
import { enginePortChannel, motionPortChannel } from '../../common/window-routes';
import type { EngineClient, WindowPortKind } from '../engine/engine-client';
import type { IpcRegistrationOptions } from './ipc-registration';

/** How the log names each kind of port. */
const portWords: Record<WindowPortKind, string> = {
  window: 'port to the engine',
  motion: 'motion Worker’s port to the engine',
};

type ChannelMaker = new () => Pick<MessageChannelMain, 'port1' | 'port2'>;
type PageLike = Pick<WebContents, 'postMessage' | 'isDestroyed'>;

export interface WindowEnginePort {
  /** Gives the page a new port to the engine (after the engine started again). */
  offer(page: PageLike): void;
  dispose(): void;
}

export function registerWindowEnginePort(
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>,
  engine: Pick<EngineClient, 'connectWindow'>,
  Channel: ChannelMaker,
  options: IpcRegistrationOptions,
): WindowEnginePort {
  const give = (page: PageLike, kind: WindowPortKind): void => {
    if (page.isDestroyed()) return;
    const { port1, port2 } = new Channel();
    // What the page sends before the engine has its end waits in the channel, in order.
    engine
      .connectWindow(port1, kind)
      .catch((error: unknown) =>
        options.log(
          `The window's ${portWords[kind]} failed: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    page.postMessage(kind === 'window' ? enginePortChannel : motionPortChannel, null, [port2]);
  };
  const handle = (channel: string, kind: WindowPortKind): void =>
    ipcMain.handle(channel, (event) => {
      if (!options.isTrustedSender(event.senderFrame)) {
        options.log(`Refused a ${portWords[kind]} to an untrusted frame (${event.senderFrame?.url ?? 'no frame'}).`);
        return false;
      }
      give(event.sender, kind);
      return true;
    });
  handle(enginePortChannel, 'window');
  handle(motionPortChannel, 'motion');
  return {
    offer: (page) => give(page, 'window'),
    dispose: () => {
      ipcMain.removeHandler(enginePortChannel);
      ipcMain.removeHandler(motionPortChannel);
    },
  };
}
