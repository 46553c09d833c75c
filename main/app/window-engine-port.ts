// The window's port to the engine's process. The preload asks for it at every page load (IPC, so
// main checks the sender as for every request: only the app's own top frame gets one); main makes a
// channel, keeps one end for the engine (it moves there once the engine has started) and posts the
// other to the page. When the engine starts anew after a crash, main offers the page a new port
// unasked: the old one died with the old process.
import type { IpcMain, MessageChannelMain, WebContents } from 'electron';
import { enginePortChannel } from '../../common/window-routes';
import type { EngineClient } from '../engine/engine-client';
import type { IpcRegistrationOptions } from './ipc-registration';

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
  const offer = (page: PageLike): void => {
    if (page.isDestroyed()) return;
    const { port1, port2 } = new Channel();
    // What the page sends before the engine has its end waits in the channel, in order.
    engine
      .connectWindow(port1)
      .catch((error: unknown) =>
        options.log(
          `The window's port to the engine failed: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    page.postMessage(enginePortChannel, null, [port2]);
  };
  ipcMain.handle(enginePortChannel, (event) => {
    if (!options.isTrustedSender(event.senderFrame)) {
      options.log(`Refused a port to the engine to an untrusted frame (${event.senderFrame?.url ?? 'no frame'}).`);
      return false;
    }
    offer(event.sender);
    return true;
  });
  return { offer, dispose: () => ipcMain.removeHandler(enginePortChannel) };
}
