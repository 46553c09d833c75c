// What every decoder of the Worker shares: which frames are sent (range and rate), how one becomes
// RGBA at the asked size, and the poster.
import type { MotionDecodeRequest, MotionWindowFrame } from '../../../common/contract/index';

/** Side of the poster (the card's picture and the crop editor's), in pixels. */
const POSTER_SIDE = 480;

/** Chooses frames by time: inside the range, and at most `fps` of them per second. */
export function framePicker(request: MotionDecodeRequest): (timeMs: number) => 'skip' | 'take' | 'stop' {
  const startMs = request.range?.startMs ?? 0;
  const endMs = request.range?.endMs ?? Number.POSITIVE_INFINITY;
  const slotMs = request.fps ? 1000 / request.fps : 0;
  let next = startMs;
  return (timeMs) => {
    if (timeMs >= endMs) return 'stop';
    // Half a millisecond of slack: container times are rounded.
    if (timeMs < startMs || timeMs < next - 0.5) return 'skip';
    next = Math.max(next, timeMs) + slotMs;
    return 'take';
  };
}

/** Draws a picture at the asked size and reads it back as straight RGBA. */
export function rgbaOf(picture: CanvasImageSource, width: number, height: number, timeMs: number): MotionWindowFrame {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (context === null) throw new Error('No 2D canvas in this Worker.');
  context.drawImage(picture, 0, 0, width, height);
  const pixels = context.getImageData(0, 0, width, height).data;
  return { width, height, timeMs, data: new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength) };
}

function base64Of(bytes: Uint8Array): string {
  let text = '';
  for (let at = 0; at < bytes.length; at += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(text);
}

/** A small PNG of a picture, as a data URL. */
export async function posterOf(picture: CanvasImageSource, width: number, height: number): Promise<string> {
  const scale = Math.min(1, POSTER_SIDE / Math.max(width, height));
  const canvas = new OffscreenCanvas(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)));
  const context = canvas.getContext('2d');
  if (context === null) throw new Error('No 2D canvas in this Worker.');
  context.drawImage(picture, 0, 0, canvas.width, canvas.height);
  const blob = await canvas.convertToBlob({ type: 'image/png' });
  return `data:image/png;base64,${base64Of(new Uint8Array(await blob.arrayBuffer()))}`;
}
