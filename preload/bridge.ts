// Builds `window.shotput` from the contract: one function per request, plus `on` for events,
// `pathsOf` for dropped files and `openMotionPort` for the page's motion Worker (motion-port.ts).
// Main's own requests and events go over IPC; the engine's over the port main hands the preload
// (engine-link.ts), so they never wait on main. It takes the ipcRenderer as a parameter so the same
// code runs in Electron and in the end-to-end harness, and so the renderer never receives
// ipcRenderer, the port or the IPC event itself.
import type { IpcRenderer, IpcRendererEvent, WebUtils } from 'electron';
import {
  channelOf,
  eventNames,
  requestNames,
  splitRequestName,
  type EventName,
  type EventPayload,
  type Result,
  type ShotputBridge,
} from '../common/contract/index';
import { answeredByMain, enginePortChannel, maxDroppedPaths } from '../common/window-routes';
import { EngineLink, type PagePort } from '../common/engine-link';
import { motionPortHandover, postToPage, type ToPage } from './motion-port';

type IpcLike = Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>;
type WebUtilsLike = Pick<WebUtils, 'getPathForFile'>;

export function buildBridge(ipc: IpcLike, webUtils?: WebUtilsLike, toPage: ToPage = postToPage): ShotputBridge {
  const engine = new EngineLink();
  const motionPort = motionPortHandover(ipc, toPage);
  // Main posts the port at this page's request, and a new one whenever the engine starts anew.
  ipc.on(enginePortChannel, (event: IpcRendererEvent) => {
    const port = event.ports[0] as PagePort | undefined;
    if (port !== undefined && engine.adopt(port)) motionPort.engineRestarted();
  });
  void ipc.invoke(enginePortChannel).catch(() => undefined);

  const bridge: Record<string, Record<string, (payload?: unknown) => Promise<Result<unknown>>>> = {};
  for (const name of requestNames) {
    const [namespace, method] = splitRequestName(name);
    const channel = channelOf(name);
    bridge[namespace] ??= {};
    if (!answeredByMain(name)) {
      bridge[namespace][method] = (payload?: unknown) => engine.request(name, payload);
      continue;
    }
    bridge[namespace][method] = async (payload?: unknown) => {
      try {
        return (await ipc.invoke(channel, payload)) as Result<unknown>;
      } catch (error) {
        // Only a missing handler or a crash in main gets here: handlers answer failures as values.
        const detail = error instanceof Error ? error.message : String(error);
        return { ok: false, error: { code: 'ipc-failed', message: `The app could not complete “${name}”: ${detail}` } };
      }
    };
  }

  const on = <E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): (() => void) => {
    if (!eventNames.includes(event)) throw new Error(`Unknown event “${String(event)}”.`);
    const channel = channelOf(event);
    // Wrap so the renderer never sees the IPC event object (it holds the sender).
    // An event comes from main (IPC) or from the engine (its port): the listener hears both.
    const wrapped = (_event: IpcRendererEvent, payload: EventPayload<E>) => listener(payload);
    ipc.on(channel, wrapped);
    const offEngine = engine.on(event, (payload) => listener(payload as EventPayload<E>));
    return () => {
      ipc.removeListener(channel, wrapped);
      offEngine();
    };
  };

  // Dropped files are File objects; only the preload can ask Electron for their paths on disk.
  // Pasted images and files from elsewhere have none and are left out. The paths found are
  // granted in the engine before the page can name them: the grant goes down the same port as the
  // page's next request (drafts.add), and messages on it arrive in order.
  // Each File is granted once, however often the page asks for its path.
  const granted = new WeakSet<File>();
  const pathsOf = (files: readonly File[]): string[] => {
    if (webUtils === undefined) return [];
    const paths: string[] = [];
    const toGrant: string[] = [];
    for (const file of files) {
      try {
        const path = webUtils.getPathForFile(file);
        if (typeof path !== 'string' || path === '') continue;
        paths.push(path);
        if (!granted.has(file)) toGrant.push(path);
        granted.add(file);
      } catch {
        // Not a File Electron knows: no path.
      }
    }
    if (toGrant.length > 0) engine.grant(toGrant.slice(0, maxDroppedPaths));
    return paths;
  };

  return { ...bridge, on, pathsOf, openMotionPort: () => motionPort.open() } as unknown as ShotputBridge;
}
