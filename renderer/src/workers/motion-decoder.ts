// The motion Worker: decodes the clips main asks for (motion.decode), off the window's thread. Each
// request is a stream of its own; several may run at once (two drafts, or a fitter's sample while
// the poster of another clip is made).
import { decodeAnimation } from './decode-animation';
import { decodeVideo } from './decode-video';
import { DecodeFailure } from './worker-messages';
import type { DecodeIo, FromWorker, ToWorker } from './worker-messages';
import type { MotionDecodeRequest, MotionWindowFrame } from '../../../common/contract/index';

interface WorkerScope {
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToWorker>) => void): void;
}
const scope = self as unknown as WorkerScope;

let nextId = 1;
const waiting = new Map<number, (message: ToWorker) => void>();

function ask(message: FromWorker & { id: number }, transfer: Transferable[] = []): Promise<ToWorker> {
  return new Promise((resolve) => {
    waiting.set(message.id, resolve);
    scope.postMessage(message, transfer);
  });
}

function ioFor(request: MotionDecodeRequest): DecodeIo {
  const { streamId } = request;
  return {
    request,
    async read(start, end) {
      const answer = await ask({ type: 'read', id: nextId++, streamId, start, end });
      if (answer.type !== 'read' || answer.data === undefined) throw new DecodeFailure('damaged');
      return answer.data;
    },
    info(info) {
      scope.postMessage({ type: 'info', streamId, info });
    },
    async frames(frames: MotionWindowFrame[]) {
      const transfer = frames.map((frame) => frame.data.buffer as ArrayBuffer);
      const answer = await ask({ type: 'frames', id: nextId++, streamId, frames }, transfer);
      return answer.type === 'frames' && answer.more;
    },
  };
}

function isAnimation(name: string): boolean {
  return /\.(png|apng|avif)$/i.test(name);
}

async function decode(request: MotionDecodeRequest): Promise<void> {
  const io = ioFor(request);
  try {
    await (isAnimation(request.name) ? decodeAnimation(io) : decodeVideo(io));
    scope.postMessage({ type: 'end', streamId: request.streamId });
  } catch (error) {
    const failure = error instanceof DecodeFailure ? error.failure : 'damaged';
    scope.postMessage({ type: 'end', streamId: request.streamId, failure });
  }
}

scope.addEventListener('message', (event) => {
  const message = event.data;
  if (message.type === 'decode') {
    void decode(message.request);
    return;
  }
  const resolve = waiting.get(message.id);
  waiting.delete(message.id);
  resolve?.(message);
});
