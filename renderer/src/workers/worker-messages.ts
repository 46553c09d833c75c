// What the window's thread (lib/motion-client.ts) tells the motion Worker: a clip to decode, and
// the Worker's own port to the engine (a new one after the engine starts anew). The Worker reads
// and sends on that port itself: nothing of a clip passes through the window's thread.
import type {
  MotionDecodeRequest,
  MotionFailure,
  MotionWindowFrame,
  MotionWindowInfo,
} from '../../../common/contract/index';

export type ToWorker = { type: 'decode'; request: MotionDecodeRequest } | { type: 'port'; port: MessagePort };

/** What a decoder needs from the stream it serves. */
export interface DecodeIo {
  request: MotionDecodeRequest;
  /** Bytes [start, end) of the file. */
  read(start: number, end: number): Promise<Uint8Array>;
  info(info: MotionWindowInfo): void;
  /** Sends frames; resolves when the next batch may go, with whether the engine wants more. */
  frames(frames: MotionWindowFrame[]): Promise<boolean>;
}

/** A decode that cannot go on, with the reason the engine words for the person. */
export class DecodeFailure extends Error {
  constructor(readonly failure: MotionFailure) {
    super(failure);
  }
}
