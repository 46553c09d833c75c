// Which process answers each of the window's requests. Main answers the app's own (its facts,
// settings, links, About, logs, updates) over IPC; the engine's process answers everything else
// (sign-in, the service, drafts, the queue, watched folders, motion) over a MessagePort main hands
// the window's preload after the same sender check as every IPC request. The preload routes by this
// list; main's handlers are typed against it (main/desktop/handlers/index.ts), so the two agree.
import type { RequestName } from './contract/index';

export const mainRequestNames = [
  'app.info',
  'app.about',
  'settings.get',
  'settings.set',
  'shell.openLink',
  'logs.show',
  'updates.state',
  'updates.check',
  'updates.restart',
] as const satisfies readonly RequestName[];

export type MainRequestName = (typeof mainRequestNames)[number];

export function answeredByMain(name: RequestName): name is MainRequestName {
  return (mainRequestNames as readonly RequestName[]).includes(name);
}

/**
 * The IPC channel the preload asks on for a port to the engine, and main answers on with the port
 * (webContents.postMessage): at every page load, and again whenever the engine starts anew.
 */
export const enginePortChannel = 'shotput-engine:port';

/**
 * The disk paths of files dropped on the window go to the engine on its port, as the note `grant`,
 * apart from the contract's requests: window.shotput has no function that sends it, so script in the
 * page can only hand over paths of real File objects from a drop (webUtils.getPathForFile in the
 * preload), never strings of its own. The engine records them as granted (main/desktop/path-grants.ts).
 * As many as one drafts.add may carry.
 */
export const maxDroppedPaths = 5000;

/**
 * The IPC channel the preload asks on for a port from the window's motion Worker to the engine, and
 * main answers on with the port. Decoded frames, megabytes each, then go from the Worker straight to
 * the engine's process: the window's thread never copies or relays them. Asked when the page starts
 * its Worker, and again after the engine starts anew.
 */
export const motionPortChannel = 'shotput-engine:motion-port';

/**
 * What the preload posts to the page (window.postMessage, with the port in its transfer list): a
 * MessagePort cannot cross the context bridge, so it reaches the page's world as a message to itself.
 */
export const motionPortMessage = 'shotput:motion-port';

/** The only requests the engine answers on the motion Worker's port: a stream's reads and results. */
export const motionWorkerRequestNames = [
  'motion.read',
  'motion.info',
  'motion.frames',
  'motion.end',
] as const satisfies readonly RequestName[];
