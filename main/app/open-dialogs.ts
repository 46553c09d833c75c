// The system file pickers, per platform. On Windows and Linux an open dialog cannot be both a file
// selector and a directory selector: asked for both (`openFile` and `openDirectory`), Electron
// shows a directory selector, where no file can be chosen (dialog.showOpenDialog, Electron 45). So
// "Choose files…" asks for files only there, and "Choose a folder…" is a picker of its own; only
// macOS gets one dialog that takes both. `createDirectory` exists on macOS only.
import type { OpenDialogOptions } from 'electron';
import { INPUT_EXTENSIONS } from '../../common/input-types';

/** images: files to make drafts of; image-folder: a folder of them; watch-folder: one folder to watch. */
export type PickKind = 'images' | 'image-folder' | 'watch-folder';

export function openDialogOptions(kind: PickKind, platform: NodeJS.Platform): OpenDialogOptions {
  const mac = platform === 'darwin';
  const imageFilter = [{ name: 'Images', extensions: [...INPUT_EXTENSIONS] }];
  switch (kind) {
    case 'images':
      return mac
        ? {
            title: 'Choose images or folders',
            properties: ['openFile', 'openDirectory', 'multiSelections'],
            filters: imageFilter,
          }
        : { title: 'Choose images', properties: ['openFile', 'multiSelections'], filters: imageFilter };
    case 'image-folder':
      return { title: 'Choose a folder of images', properties: ['openDirectory', 'multiSelections'] };
    case 'watch-folder':
      return {
        title: 'Choose a folder to watch',
        properties: ['openDirectory', ...(mac ? (['createDirectory'] as const) : [])],
      };
  }
}
