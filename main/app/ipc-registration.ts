// Both ways of IPC with the window. Requests: one ipcMain handler per request main answers (the
// engine's arrive on its own port, window-engine-port.ts); before a handler runs, the sender must be
// the app's own frame and the payload must match the contract's schema; whatever happens, the
// renderer gets a Result, never a thrown error. Events: sent to the window while it is open, on the
// contract's channel.
import type { BrowserWindow, IpcMain, IpcMainInvokeEvent } from 'electron';
import {
  channelOf,
  type EventName,
  type EventPayload,
  type RequestHandlers,
  type RequestName,
  type Result,
} from '../../common/contract/index';
import { answerRequest, INVALID_PAYLOAD_MESSAGE } from '../desktop/handlers/answer-request';
import type { FrameLike } from './trusted-sender';

export type { RequestHandlers };

export { INVALID_PAYLOAD_MESSAGE };

export interface IpcRegistrationOptions {
  isTrustedSender: (frame: FrameLike | null | undefined) => boolean;
  /** Where to report refusals and crashes (never with payload contents). */
  log: (message: string) => void;
}

type IpcMainLike = Pick<IpcMain, 'handle' | 'removeHandler'>;

/** One ipcMain handler per request in `handlers` (main's own: the engine's come on its port). */
export function registerRequestHandlers(
  ipcMain: IpcMainLike,
  handlers: Partial<RequestHandlers>,
  options: IpcRegistrationOptions,
): () => void {
  const names = Object.keys(handlers) as RequestName[];
  for (const name of names) {
    ipcMain.handle(channelOf(name), (event, payload: unknown) => answer(name, handlers, options, event, payload));
  }
  return () => {
    for (const name of names) ipcMain.removeHandler(channelOf(name));
  };
}

/** Sends the contract's events to the window `current` answers, while it is open. */
export function eventSender(
  current: () => BrowserWindow | undefined,
): <E extends EventName>(event: E, payload: EventPayload<E>) => void {
  return (event, payload) => {
    const window = current();
    if (window !== undefined && !window.isDestroyed()) window.webContents.send(channelOf(event), payload);
  };
}

async function answer(
  name: RequestName,
  handlers: Partial<RequestHandlers>,
  options: IpcRegistrationOptions,
  event: IpcMainInvokeEvent,
  payload: unknown,
): Promise<Result<unknown>> {
  if (!options.isTrustedSender(event.senderFrame)) {
    options.log(`Refused “${name}” from an untrusted frame (${event.senderFrame?.url ?? 'no frame'}).`);
    return {
      ok: false,
      error: { code: 'untrusted-sender', message: 'This request did not come from the Shotput window.' },
    };
  }
  return answerRequest(name, handlers, payload, options.log);
}
