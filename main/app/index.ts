// Entry of the Electron main process (built to out/main/index.js).
import { startApp } from './lifecycle';

startApp();
