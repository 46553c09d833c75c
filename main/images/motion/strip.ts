// The editor's strip of frames: a few small pictures spread over a clip, so the trim is chosen
// by what is seen, not only by seconds. One decode, asking the decoder for no more frames per
// second than the strip needs; each picture is the frame on screen at the middle of its slot,
// holding one frame at a time.
import sharp from 'sharp';
import type { MotionFrame, MotionSource } from './source';

export interface StripFrame {
  /** When the picture starts showing, in the clip's milliseconds. */
  timeMs: number;
  /** A small JPEG, `height` pixels high. */
  jpeg: Buffer;
}

function small(frame: MotionFrame, height: number): Promise<Buffer> {
  return sharp(frame.data, { raw: { width: frame.width, height: frame.height, channels: 4 } })
    .resize({ height: Math.min(height, frame.height) })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 70 })
    .toBuffer();
}

/** `count` pictures of the clip, in order; none when its length is unknown. */
export async function stripOf(source: MotionSource, count: number, height: number): Promise<StripFrame[]> {
  const { durationMs } = source.info;
  if (!(durationMs > 0) || count < 1) return [];
  const wanted = Array.from({ length: count }, (_, i) => ((i + 0.5) * durationMs) / count);
  const out: StripFrame[] = [];
  let held: { frame: MotionFrame; jpeg?: Buffer } | undefined;
  const emitHeldBefore = async (timeMs: number) => {
    while (held && out.length < count && wanted[out.length]! < timeMs) {
      held.jpeg ??= await small(held.frame, height);
      out.push({ timeMs: held.frame.timeMs, jpeg: held.jpeg });
    }
  };
  // Twice the strip's rate, so a decoder that resamples still lands a frame in every slot.
  const fps = Math.min(source.info.fps, (2 * count * 1000) / durationMs);
  for await (const frame of source.frames({ fps })) {
    await emitHeldBefore(frame.timeMs);
    if (out.length === count) break;
    held = { frame };
  }
  await emitHeldBefore(Number.POSITIVE_INFINITY);
  return out;
}
