// Both ways of IPC with the window. Requests: one ipcMain handler per request of the contract;
// before a handler runs, the sender must be the app's own frame and the payload must match the
// contract's schema; whatever happens, the renderer gets a Result, never a thrown error. Events:
// sent to the window while it is open, on the contract's channel.
import type { BrowserWindow, IpcMain, IpcMainInvokeEvent } from 'electron';
import * as v from 'valibot';
import {
  channelOf,
  type EventName,
  type EventPayload,
  requestNames,
  requests,
  type RequestHandlers,
  type RequestName,
  type Result,
} from '../../common/contract/index';
import type { FrameLike } from './trusted-sender';

export type { RequestHandlers };

/** What the window shows when main cannot use what it sent (a fault of Shotput's, not of the user). */
export const INVALID_PAYLOAD_MESSAGE =
  'Shotput could not use what the window sent, so nothing was changed. Please try again; if it happens again, restart Shotput.';

export interface IpcRegistrationOptions {
  isTrustedSender: (frame: FrameLike | null | undefined) => boolean;
  /** Where to report refusals and crashes (never with payload contents). */
  log: (message: string) => void;
}

type IpcMainLike = Pick<IpcMain, 'handle' | 'removeHandler'>;

export function registerRequestHandlers(
  ipcMain: IpcMainLike,
  handlers: RequestHandlers,
  options: IpcRegistrationOptions,
): () => void {
  for (const name of requestNames) {
    ipcMain.handle(channelOf(name), (event, payload: unknown) => answer(name, handlers, options, event, payload));
  }
  return () => {
    for (const name of requestNames) ipcMain.removeHandler(channelOf(name));
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
  handlers: RequestHandlers,
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
  const parsed = v.safeParse(requests[name].payload, payload);
  if (!parsed.success) {
    const issues = parsed.issues.map((issue) => `${v.getDotPath(issue) ?? 'payload'}: ${issue.message}`).join('; ');
    options.log(`Refused “${name}”: invalid payload (${issues}).`);
    // The details are for the log; the person at the window gets a sentence, never a request's name
    // or a schema's words (each field the user types is checked where it is typed, before this).
    return { ok: false, error: { code: 'invalid-payload', message: INVALID_PAYLOAD_MESSAGE } };
  }
  try {
    const handler = handlers[name] as (payload: unknown) => Promise<Result<unknown>> | Result<unknown>;
    return await handler(parsed.output);
  } catch (error) {
    options.log(
      `Handler of “${name}” crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return {
      ok: false,
      error: { code: 'internal-error', message: 'Something went wrong inside Shotput. Please try again.' },
    };
  }
}
