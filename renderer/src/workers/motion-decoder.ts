// The motion Worker: decodes the clips the engine asks for (motion.decode, passed on by the window),
// off the window's thread, and talks to the engine on a port of its own: it reads the clip's file
// in slices and sends its description, frames and end there. Each request is a stream of its own;
// several may run at once (two drafts, or a fitter's sample while the poster of another is made).
import { decodeAnimation } from './decode-animation';
import { decodeVideo } from './decode-video';
import { FrameSender } from './frame-sender';
import { DecodeFailure } from './worker-messages';
import type { DecodeIo, ToWorker } from './worker-messages';
import type { MotionDecodeRequest, MotionWindowFrame, Result } from '../../../common/contract/index';
import { EngineLink, type PagePort } from '../../../common/engine-link';

interface WorkerScope {
  addEventListener(type: 'message', listener: (event: MessageEvent<ToWorker>) => void): void;
}
const scope = self as unknown as WorkerScope;

/** The Worker's port to the engine: requests wait until the window hands one over. */
const engine = new EngineLink();

function ioFor(request: MotionDecodeRequest, sender: FrameSender): DecodeIo {
  const { streamId } = request;
  return {
    request,
    async read(start, end) {
      const answer = (await engine.request('motion.read', { streamId, start, end })) as Result<Uint8Array>;
      if (!answer.ok) throw new DecodeFailure('damaged');
      return answer.value;
    },
    info(info) {
      void engine.request('motion.info', { streamId, info });
    },
    frames: (frames: MotionWindowFrame[]) => sender.frames(frames),
  };
}

function isAnimation(name: string): boolean {
  return /\.(png|apng|avif)$/i.test(name);
}

async function sendFrames(streamId: string, frames: MotionWindowFrame[]): Promise<boolean> {
  const answer = (await engine.request('motion.frames', { streamId, frames })) as Result<{ more: boolean }>;
  return answer.ok && answer.value.more;
}

async function decode(request: MotionDecodeRequest): Promise<void> {
  const sender = new FrameSender((frames) => sendFrames(request.streamId, frames));
  const io = ioFor(request, sender);
  try {
    await (isAnimation(request.name) ? decodeAnimation(io) : decodeVideo(io));
    // The end goes after the last batch is taken: a batch that failed to go fails the clip.
    await sender.settled();
    void engine.request('motion.end', { streamId: request.streamId });
  } catch (error) {
    const failure = error instanceof DecodeFailure ? error.failure : 'damaged';
    void engine.request('motion.end', { streamId: request.streamId, failure });
  }
}

scope.addEventListener('message', (event) => {
  const message = event.data;
  if (message.type === 'port') engine.adopt(message.port as unknown as PagePort);
  else void decode(message.request);
});
