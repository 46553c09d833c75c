// APNG and animated AVIF: WebCodecs' ImageDecoder, frame by frame (main keeps GIF and animated
// WebP, which sharp reads without a codec). The file is small enough to be read whole.
import { framePicker, posterOf, rgbaOf } from './frame-pick';
import { DecodeFailure } from './worker-messages';
import type { DecodeIo } from './worker-messages';

const SLICE = 4 * 1024 * 1024;
/** Larger animations go to main's decoders instead of into the Worker's memory at once. */
const MAX_BYTES = 256 * 1024 * 1024;

function typeOf(start: Uint8Array): { type: string; label: string } | undefined {
  const ascii = String.fromCharCode(...start.subarray(0, 12));
  if (ascii.startsWith('\x89PNG')) return { type: 'image/png', label: 'APNG' };
  if (ascii.slice(4, 12) === 'ftypavis') return { type: 'image/avif', label: 'animated AVIF' };
  return undefined;
}

async function readAll(io: DecodeIo): Promise<Uint8Array> {
  const { size } = io.request;
  if (size > MAX_BYTES) throw new DecodeFailure('no-decoder');
  const bytes = new Uint8Array(size);
  for (let at = 0; at < size; at += SLICE) bytes.set(await io.read(at, Math.min(size, at + SLICE)), at);
  return bytes;
}

export async function decodeAnimation(io: DecodeIo): Promise<void> {
  const bytes = await readAll(io);
  const kind = typeOf(bytes);
  if (kind === undefined) throw new DecodeFailure('damaged');
  if (typeof ImageDecoder === 'undefined' || !(await ImageDecoder.isTypeSupported(kind.type)))
    throw new DecodeFailure('unsupported-codec');
  const decoder = new ImageDecoder({ data: bytes, type: kind.type });
  try {
    await decoder.tracks.ready;
    await decoder.completed;
    const track = decoder.tracks.selectedTrack;
    if (track === null) throw new DecodeFailure('no-video');
    const count = track.frameCount;
    const { request } = io;
    const pick = framePicker(request);
    let timeMs = 0;
    let width = 0;
    let height = 0;
    let poster = '';
    for (let index = 0; index < count; index += 1) {
      const { image } = await decoder.decode({ frameIndex: index });
      try {
        if (index === 0) {
          width = image.displayWidth;
          height = image.displayHeight;
          if (request.want === 'info') poster = await posterOf(image, width, height);
        }
        const choice = request.want === 'frames' ? pick(timeMs) : 'skip';
        if (choice === 'stop') break;
        if (choice === 'take') {
          const frame = rgbaOf(image, request.width ?? width, request.height ?? height, timeMs);
          if (!(await io.frames([frame]))) return;
        }
        // A frame without a duration shows for 100 ms, as browsers play it.
        timeMs += image.duration ? image.duration / 1000 : 100;
      } finally {
        image.close();
      }
    }
    if (request.want === 'info') {
      const loop = track.repetitionCount;
      io.info({
        label: kind.label,
        width,
        height,
        durationMs: Math.max(1, timeMs),
        fps: Math.min(1000, Math.max(0.1, (count * 1000) / Math.max(1, timeMs))),
        frames: count,
        loop: Number.isFinite(loop) ? Math.min(65_535, loop) : 0,
        hasAlpha: true,
        poster,
      });
    }
  } catch (error) {
    throw error instanceof DecodeFailure ? error : new DecodeFailure('damaged');
  } finally {
    decoder.close();
  }
}
