// What the fuses Shotput is packaged with forbid (README, Security: runAsNode off). Node's
// child_process.fork starts process.execPath, which in Electron is the app's own executable, as
// Node through ELECTRON_RUN_AS_NODE; with the RunAsNode fuse off that starts a second copy of the
// app instead of the module. While the double runs, fork of the app's executable throws, so code
// that relies on it fails here as it would in the package (utilityProcess.fork is the way).
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';

type Fork = typeof childProcess.fork;

const realForkKey = Symbol.for('shotput.e2e.realFork');
const holder = globalThis as { [realForkKey]?: Fork };
// Kept on globalThis: a copy of this module loaded while the guard is on must not take the guard for Node's fork.
holder[realForkKey] ??= childProcess.fork;

/** Node's own fork, for the double's utilityProcess (which is how Electron starts one too). */
export const realFork: Fork = holder[realForkKey];

export const RUN_AS_NODE_REFUSAL =
  "child_process.fork runs the app's own executable as Node, which the RunAsNode fuse turns off in the packaged app: use utilityProcess.fork.";

let guards = 0;

/** Turns the guard on until the returned function is called (guards nest: one per running double). */
export function forbidRunAsNode(appExecutable: string): () => void {
  guards += 1;
  if (guards === 1) {
    const guarded = function fork(modulePath: string, ...rest: unknown[]) {
      const options = rest.find((item) => typeof item === 'object' && item !== null && !Array.isArray(item)) as
        { execPath?: string } | undefined;
      const execPath = options?.execPath;
      if (execPath === undefined || execPath === process.execPath || execPath === appExecutable)
        throw new Error(RUN_AS_NODE_REFUSAL);
      return (realFork as (...args: unknown[]) => ReturnType<Fork>)(modulePath, ...rest);
    };
    childProcess.fork = guarded as Fork;
    syncBuiltinESMExports();
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    guards -= 1;
    if (guards === 0) {
      childProcess.fork = realFork;
      syncBuiltinESMExports();
    }
  };
}
