// Main's end of the drop channel (preload/dropped-paths.ts): the disk paths of files dropped on
// the app's own window become granted paths. Like every request, only the app's top-level frame is
// heard and the payload is checked; the answer says nothing but whether it was taken.
import type { IpcMain } from 'electron';
import * as v from 'valibot';
import { droppedPathsChannel, maxDroppedPaths } from '../../preload/dropped-paths';
import type { PathGrants } from '../desktop/path-grants';
import type { IpcRegistrationOptions } from './ipc-registration';

const DroppedPathsSchema = v.pipe(
  v.array(v.pipe(v.string(), v.minLength(1), v.maxLength(4096))),
  v.minLength(1),
  v.maxLength(maxDroppedPaths),
);

export function registerDroppedPaths(
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>,
  grants: Pick<PathGrants, 'grant'>,
  options: IpcRegistrationOptions,
): () => void {
  ipcMain.handle(droppedPathsChannel, (event, payload: unknown) => {
    if (!options.isTrustedSender(event.senderFrame)) {
      options.log(`Refused dropped paths from an untrusted frame (${event.senderFrame?.url ?? 'no frame'}).`);
      return false;
    }
    const parsed = v.safeParse(DroppedPathsSchema, payload);
    if (!parsed.success) {
      options.log('Refused dropped paths: the list was malformed.');
      return false;
    }
    grants.grant(parsed.output);
    return true;
  });
  return () => ipcMain.removeHandler(droppedPathsChannel);
}
