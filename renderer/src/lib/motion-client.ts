// The window's side of motion decoding: it starts the motion Worker the first time main asks for a
// clip and relays between the two (a Worker cannot reach window.shotput). Nothing is decoded or
// scaled on this thread: it forwards messages, and file slices and frames are transferred.
import type { ShotputBridge } from '../../../common/contract/index';
import type { FromWorker, ToWorker } from '../workers/worker-messages';
import { getBridge } from './bridge';

function post(worker: Worker, message: ToWorker, transfer: Transferable[] = []): void {
  worker.postMessage(message, transfer);
}

async function relay(bridge: ShotputBridge, worker: Worker, message: FromWorker): Promise<void> {
  const motion = bridge.motion;
  switch (message.type) {
    case 'read': {
      const { id, streamId, start, end } = message;
      const answer = await motion.read({ streamId, start, end });
      if (!answer.ok) return post(worker, { type: 'read', id, error: answer.error.message });
      // IPC hands over a fresh copy: give it to the Worker rather than copy it again.
      const data = answer.value;
      return post(worker, { type: 'read', id, data }, [data.buffer]);
    }
    case 'info':
      await motion.info({ streamId: message.streamId, info: message.info });
      return;
    case 'frames': {
      const answer = await motion.frames({ streamId: message.streamId, frames: message.frames });
      return post(worker, { type: 'frames', id: message.id, more: answer.ok && answer.value.more });
    }
    case 'end':
      await motion.end({ streamId: message.streamId, ...(message.failure ? { failure: message.failure } : {}) });
      return;
  }
}

/** Tells main this window decodes motion, and serves its requests from then on. */
export function startMotionDecoding(): void {
  // Without WebCodecs main keeps decoding clips itself (ffmpeg), as the CLI does.
  const bridge = getBridge();
  if (bridge === undefined || typeof VideoDecoder === 'undefined') return;
  let worker: Worker | undefined;
  const workerNow = (): Worker => {
    if (worker !== undefined) return worker;
    const started = new Worker(new URL('../workers/motion-decoder.ts', import.meta.url), {
      type: 'module',
      name: 'motion-decoder',
    });
    started.addEventListener('message', (event: MessageEvent<FromWorker>) => void relay(bridge, started, event.data));
    worker = started;
    return started;
  };
  bridge.on('motion.decode', (request) => post(workerNow(), { type: 'decode', request }));
  void bridge.motion.ready();
}
