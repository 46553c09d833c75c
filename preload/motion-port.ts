// The page's motion Worker gets a port of its own to the engine's process, so decoded frames
// (megabytes each) go from the Worker to the engine without the window's thread relaying or copying
// them. The page asks (window.shotput.openMotionPort) when it starts its Worker; main checks the
// sender and posts a port here; a MessagePort cannot cross the context bridge, so the preload posts
// it to the page's world as a message to the window itself, which the page hands to its Worker.
// After the engine starts anew, the old port died with it: the preload asks again for the page.
import type { IpcRenderer, IpcRendererEvent } from 'electron';
import { motionPortChannel, motionPortMessage } from '../common/window-routes';

type IpcLike = Pick<IpcRenderer, 'invoke' | 'on'>;

/** How the port reaches the page's world: window.postMessage with the port transferred. */
export type ToPage = (port: MessagePort) => void;

export const postToPage: ToPage = (port) => window.postMessage(motionPortMessage, '*', [port]);

export interface MotionPortHandover {
  /** The page started its Worker: a port now, and a new one after each engine restart. */
  open(): void;
  /** The engine started anew (the window got a new port to it). */
  engineRestarted(): void;
}

export function motionPortHandover(ipc: IpcLike, toPage: ToPage): MotionPortHandover {
  let wanted = false;
  const ask = (): void => void ipc.invoke(motionPortChannel).catch(() => undefined);
  ipc.on(motionPortChannel, (event: IpcRendererEvent) => {
    const port = event.ports[0];
    if (port !== undefined) toPage(port);
  });
  return {
    open: () => {
      wanted = true;
      ask();
    },
    engineRestarted: () => {
      if (wanted) ask();
    },
  };
}
