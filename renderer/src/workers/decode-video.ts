// MP4, MOV, WebM and MKV: mediabunny demuxes (reading the file from the engine in slices) and decodes
// through WebCodecs' VideoDecoder; its CanvasSink hands each frame already scaled on the GPU to the
// size main asked for, so only what the framing needs is read back and sent.
import { CanvasSink } from 'mediabunny';
import type { Input, InputVideoTrack } from 'mediabunny';
import { clipInput } from './clip-input';
import { framePicker, posterOf, rgbaOf } from './frame-pick';
import { DecodeFailure } from './worker-messages';
import type { DecodeIo } from './worker-messages';
import type { MotionWindowFrame } from '../../../common/contract/index';
import { MOTION_FRAMES_MAX } from '../../../common/motion-limits';

/**
 * Bytes of frames sent to the engine in one request: a frame the size of a shot (800x600 RGBA,
 * 1.9 MB) or of its framing (1067x600, 2.6 MB) goes on its own, smaller ones a few together. Each
 * request is answered once the engine has taken its frames, so the Worker holds a few at most.
 */
const BATCH_BYTES = 2 * 1024 * 1024;

const CODEC_NAMES: Record<string, string> = { avc: 'H.264', hevc: 'HEVC', vp8: 'VP8', vp9: 'VP9', av1: 'AV1' };

function containerOf(name: string): string {
  const ending = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  if (ending === 'mov') return 'MOV';
  if (ending === 'webm') return 'WebM';
  if (ending === 'mkv') return 'MKV';
  return 'MP4';
}

async function openTrack(io: DecodeIo): Promise<{ input: Input; track: InputVideoTrack }> {
  const input = clipInput(io);
  try {
    if (!(await input.canRead())) throw new DecodeFailure('damaged');
    const track = await input.getPrimaryVideoTrack();
    if (track === null) throw new DecodeFailure('no-video');
    if (!(await track.canDecode())) throw new DecodeFailure('unsupported-codec');
    return { input, track };
  } catch (error) {
    input.dispose();
    throw error instanceof DecodeFailure ? error : new DecodeFailure('damaged');
  }
}

export async function decodeVideo(io: DecodeIo): Promise<void> {
  const { input, track } = await openTrack(io);
  try {
    const first = await track.getFirstTimestamp();
    const { request } = io;
    if (request.want === 'info') {
      const durationMs = Math.max(1, (await track.computeDuration()) - first) * 1000;
      const stats = await track.computePacketStats(240);
      const width = track.displayWidth;
      const height = track.displayHeight;
      const poster = await new CanvasSink(track).getCanvas(first);
      if (poster === null) throw new DecodeFailure('damaged');
      io.info({
        label: `${CODEC_NAMES[track.codec ?? ''] ?? 'video'} ${containerOf(request.name)}`,
        width,
        height,
        durationMs,
        fps: Math.min(1000, Math.max(0.1, stats.averagePacketRate || 30)),
        loop: 0,
        hasAlpha: false,
        poster: await posterOf(poster.canvas, width, height),
      });
      return;
    }
    const width = request.width ?? track.displayWidth;
    const height = request.height ?? track.displayHeight;
    const sink = new CanvasSink(track, { width, height, fit: 'fill' });
    const pick = framePicker(request);
    const start = first + (request.range?.startMs ?? 0) / 1000;
    const end = request.range ? first + request.range.endMs / 1000 : undefined;
    let batch: MotionWindowFrame[] = [];
    let bytes = 0;
    for await (const wrapped of sink.canvases(start, end)) {
      const timeMs = Math.max(0, (wrapped.timestamp - first) * 1000);
      const choice = pick(timeMs);
      if (choice === 'stop') break;
      if (choice === 'skip') continue;
      const frame = rgbaOf(wrapped.canvas, width, height, timeMs);
      batch.push(frame);
      bytes += frame.data.byteLength;
      if (bytes < BATCH_BYTES && batch.length < MOTION_FRAMES_MAX) continue;
      const more = await io.frames(batch);
      batch = [];
      bytes = 0;
      if (!more) return;
    }
    if (batch.length > 0) await io.frames(batch);
  } catch (error) {
    throw error instanceof DecodeFailure ? error : new DecodeFailure('damaged');
  } finally {
    input.dispose();
  }
}
