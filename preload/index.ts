// Preload: runs sandboxed before the renderer and exposes exactly one object, `window.shotput`.
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { buildBridge } from './bridge';

contextBridge.exposeInMainWorld('shotput', buildBridge(ipcRenderer, webUtils));
