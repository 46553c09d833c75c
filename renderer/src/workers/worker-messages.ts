// The messages between the window's thread (lib/motion-client.ts) and the motion Worker. The window
// only relays: the Worker's reads, descriptions and frames go to main through window.shotput, which
// a Worker cannot reach; frames and file slices are transferred, never copied on the window's thread.
import type {
  MotionDecodeRequest,
  MotionFailure,
  MotionWindowFrame,
  MotionWindowInfo,
} from '../../../common/contract/index';

export type ToWorker =
  | { type: 'decode'; request: MotionDecodeRequest }
  | { type: 'read'; id: number; data?: Uint8Array; error?: string }
  | { type: 'frames'; id: number; more: boolean };

export type FromWorker =
  | { type: 'read'; id: number; streamId: string; start: number; end: number }
  | { type: 'info'; streamId: string; info: MotionWindowInfo }
  | { type: 'frames'; id: number; streamId: string; frames: MotionWindowFrame[] }
  | { type: 'end'; streamId: string; failure?: MotionFailure };

/** What a decoder needs from the stream it serves. */
export interface DecodeIo {
  request: MotionDecodeRequest;
  /** Bytes [start, end) of the file. */
  read(start: number, end: number): Promise<Uint8Array>;
  info(info: MotionWindowInfo): void;
  /** Sends frames; resolves with whether main wants more. */
  frames(frames: MotionWindowFrame[]): Promise<boolean>;
}

/** A decode that cannot go on, with the reason main words for the person. */
export class DecodeFailure extends Error {
  constructor(readonly failure: MotionFailure) {
    super(failure);
  }
}
