// The window's side of motion decoding: it starts the motion Worker the first time the engine asks
// for a clip, and hands it a port of its own to the engine (window.shotput.openMotionPort): the
// Worker reads the clip's file and sends its frames on that port, so nothing of a clip passes
// through this thread. The window only passes on each decode request, and a new port after the
// engine starts anew, when it tells the new engine again that this window decodes motion.
import { motionPortMessage } from '../../../common/window-routes';
import type { ToWorker } from '../workers/worker-messages';
import { getBridge } from './bridge';

function post(worker: Worker, message: ToWorker, transfer: Transferable[] = []): void {
  worker.postMessage(message, transfer);
}

/** Tells the engine this window decodes motion, and passes its requests to the Worker from then on. */
export function startMotionDecoding(): void {
  // Without WebCodecs the engine keeps decoding clips itself (ffmpeg), as the CLI does.
  const bridge = getBridge();
  if (bridge === undefined || typeof VideoDecoder === 'undefined') return;
  let worker: Worker | undefined;
  const workerNow = (): Worker => {
    if (worker !== undefined) return worker;
    const started = new Worker(new URL('../workers/motion-decoder.ts', import.meta.url), {
      type: 'module',
      name: 'motion-decoder',
    });
    // The preload posts the port to this window as a message from the window itself.
    window.addEventListener('message', (event: MessageEvent) => {
      const port = event.ports[0];
      if (event.source !== window || event.data !== motionPortMessage || port === undefined) return;
      post(started, { type: 'port', port }, [port]);
    });
    bridge.openMotionPort();
    worker = started;
    return started;
  };
  bridge.on('motion.decode', (request) => post(workerNow(), { type: 'decode', request }));
  void bridge.motion.ready();
  // An engine started anew knows nothing of this window: said again, or its clips would go to the
  // CLI's decoders (ffmpeg, which most computers lack). The preload has its new port by then.
  bridge.on('engine.restarted', () => void bridge.motion.ready());
}
