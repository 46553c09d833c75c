// How a request of the window is answered, wherever it arrives (main's IPC, the engine's port):
// the payload must match the contract's schema before a handler sees it, and whatever happens the
// window gets a Result, never a thrown error. Who may send is checked before this, by each door.
import * as v from 'valibot';
import { requests, type RequestHandlers, type RequestName, type Result } from '../../../common/contract/index';

/** What the window shows when Shotput cannot use what it sent (a fault of Shotput's, not of the user). */
export const INVALID_PAYLOAD_MESSAGE =
  'Shotput could not use what the window sent, so nothing was changed. Please try again; if it happens again, restart Shotput.';

const INTERNAL_ERROR = {
  ok: false,
  error: { code: 'internal-error', message: 'Something went wrong inside Shotput. Please try again.' },
} as const;

/** Checks the payload and runs the handler; `log` hears refusals and crashes (never payload contents). */
export async function answerRequest(
  name: RequestName,
  handlers: Partial<RequestHandlers>,
  payload: unknown,
  log: (message: string) => void,
): Promise<Result<unknown>> {
  const parsed = v.safeParse(requests[name].payload, payload);
  if (!parsed.success) {
    const issues = parsed.issues.map((issue) => `${v.getDotPath(issue) ?? 'payload'}: ${issue.message}`).join('; ');
    log(`Refused “${name}”: invalid payload (${issues}).`);
    // The details are for the log; the person at the window gets a sentence, never a request's name
    // or a schema's words (each field the user types is checked where it is typed, before this).
    return { ok: false, error: { code: 'invalid-payload', message: INVALID_PAYLOAD_MESSAGE } };
  }
  const handler = handlers[name] as ((payload: unknown) => Promise<Result<unknown>> | Result<unknown>) | undefined;
  if (handler === undefined) {
    log(`Refused “${name}”: this process does not answer it.`);
    return INTERNAL_ERROR;
  }
  try {
    return await handler(parsed.output);
  } catch (error) {
    log(`Handler of “${name}” crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return INTERNAL_ERROR;
  }
}
