/// <reference types="svelte" />
/// <reference types="vite/client" />
import type { ShotputBridge } from '../../common/contract/index';

declare global {
  interface Window {
    /** Exposed by the preload (preload/index.ts); absent when the page is opened outside the app. */
    readonly shotput?: ShotputBridge;
  }
}
