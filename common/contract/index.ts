// The one contract between the renderer and the main process.
//
// Every request (renderer → main, answered) and every event (main → renderer) is named in this
// folder, one file per namespace, with the schema of what crosses the boundary; this file joins
// them into `requests` and `events` (the typed event map). Main registers one handler per request and
// validates each payload against `payload` before the handler runs (main/app/ipc-registration.ts);
// the preload builds `window.shotput` from the names (preload/bridge.ts); the end-to-end
// harness connects a Chromium page to the same handlers. The renderer imports only types.
//
// Adding a feature: 1. add an entry to its namespace's requests (or events), 2. add its handler in
// main/desktop/handlers/ (the compiler lists what is missing), 3. call it from a view as
// `window.shotput.<namespace>.<method>(payload)`.
import type * as v from 'valibot';
import { appRequests, appEvents } from './app';
import { settingsRequests, settingsEvents } from './settings';
import { authRequests, authEvents } from './auth';
import { shotsRequests } from './shots';
import { commentsRequests } from './comments';
import { uploadsRequests, uploadsEvents } from './uploads';
import { watchRequests, watchEvents } from './watch';
import { motionRequests, motionEvents } from './motion';
import { motionEditRequests, motionEditEvents } from './motion-edit';
import type { Result } from './base';

export * from './base';
export * from './app';
export * from './settings';
export * from './auth';
export * from './shots';
export * from './comments';
export * from './uploads';
export * from './watch';
export * from './motion';
export * from './motion-edit';

export const requests = {
  ...appRequests,
  ...settingsRequests,
  ...authRequests,
  ...shotsRequests,
  ...commentsRequests,
  ...uploadsRequests,
  ...watchRequests,
  ...motionRequests,
  ...motionEditRequests,
} as const;

// Events come from main, which is trusted: they carry a type, not a schema.
export const events = {
  ...appEvents,
  ...settingsEvents,
  ...authEvents,
  ...uploadsEvents,
  ...watchEvents,
  ...motionEvents,
  ...motionEditEvents,
} as const;

export type RequestName = keyof typeof requests;
export type EventName = keyof typeof events;
export type RequestPayload<N extends RequestName> = v.InferInput<(typeof requests)[N]['payload']>;
export type RequestResult<N extends RequestName> = (typeof requests)[N]['result'];
export type EventPayload<E extends EventName> = (typeof events)[E];

/** What main implements for each request: the validated payload in, a Result out (main/desktop/handlers/). */
export type RequestHandlers = {
  [N in RequestName]: (
    payload: v.InferOutput<(typeof requests)[N]['payload']>,
  ) => Promise<Result<RequestResult<N>>> | Result<RequestResult<N>>;
};

export const requestNames = Object.keys(requests) as RequestName[];
export const eventNames = Object.keys(events) as EventName[];

/** The IPC channel of a request or event; the prefix keeps our channels apart from Electron's. */
export function channelOf(name: RequestName | EventName): string {
  return `shotput:${name}`;
}

type NamespaceOf<N> = N extends `${infer Namespace}.${string}` ? Namespace : never;
type MethodOf<N, Namespace extends string> = N extends `${Namespace}.${infer Method}` ? Method : never;

/** A request as the renderer calls it: no argument when the payload is empty. */
export type RequestFunction<N extends RequestName> =
  undefined extends RequestPayload<N>
    ? (payload?: RequestPayload<N>) => Promise<Result<RequestResult<N>>>
    : (payload: RequestPayload<N>) => Promise<Result<RequestResult<N>>>;

/** What the preload exposes as `window.shotput`: `shotput.settings.set({...})`, `shotput.on(...)`. */
export type ShotputBridge = {
  readonly [Namespace in NamespaceOf<RequestName>]: {
    readonly [Method in MethodOf<RequestName, Namespace>]: RequestFunction<
      Extract<`${Namespace}.${Method}`, RequestName>
    >;
  };
} & {
  /** Subscribes to an event from main; returns the function that unsubscribes. */
  readonly on: <E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) => () => void;
  /** The paths on disk of dropped files (webUtils.getPathForFile in the preload); files without one are left out. */
  readonly pathsOf: (files: readonly File[]) => string[];
  /**
   * Asks main for a port from the page's motion Worker to the engine; it arrives as a message the
   * window posts to itself (data: motionPortMessage, the port in event.ports), and again after the
   * engine starts anew.
   */
  readonly openMotionPort: () => void;
};

/** Splits 'settings.set' into ['settings', 'set']. */
export function splitRequestName(name: RequestName): [string, string] {
  const dot = name.indexOf('.');
  return [name.slice(0, dot), name.slice(dot + 1)];
}
