// Animated GIF and WebP decode natively in sharp (no ffmpeg needed, as before): read a run of pages
// at a time, so a long GIF is never held whole. Delays of 0 or 10 ms are shown as 100 ms by
// browsers, and so they are timed here.
import sharp from 'sharp';
import { inputOptions } from '../sharp-setup';
import type { ImageSource } from '../sharp-setup';
import { shownDelay } from './retime';
import type { FrameRange, MotionFrame, MotionInfo, MotionSource } from './source';

/** Decoded bytes per read: 16 frames of 800x600 RGBA; larger frames are read fewer at a time. */
const BYTES_PER_READ = 32 * 1024 * 1024;
const MAX_PAGES_PER_READ = 16;

export interface PagedAnimation {
  label: string;
  width: number;
  height: number;
  pages: number;
  delays: number[];
  loop: number;
  hasAlpha: boolean;
}

export function pagedSource(source: ImageSource, animation: PagedAnimation): MotionSource {
  const delays = Array.from({ length: animation.pages }, (_, i) => shownDelay(animation.delays[i] ?? 100));
  const starts: number[] = [];
  let total = 0;
  for (const delay of delays) {
    starts.push(total);
    total += delay;
  }
  const info: MotionInfo = {
    label: animation.label,
    width: animation.width,
    height: animation.height,
    durationMs: total,
    fps: (animation.pages * 1000) / total,
    frames: animation.pages,
    loop: animation.loop,
    hasAlpha: animation.hasAlpha,
    shortestFrameMs: Math.min(...delays),
  };
  return { info, frames: (options) => readPages(source, info, starts, options?.range) };
}

async function* readPages(
  source: ImageSource,
  info: MotionInfo,
  starts: number[],
  range: FrameRange | undefined,
): AsyncGenerator<MotionFrame> {
  // The frame on screen at the range's start, then every frame starting before its end.
  let first = 0;
  if (range) while (first + 1 < starts.length && starts[first + 1]! <= range.startMs) first++;
  const last = range ? starts.findLastIndex((start) => start < range.endMs) : starts.length - 1;
  const frameBytes = info.width * info.height * 4;
  const perRead = Math.max(1, Math.min(MAX_PAGES_PER_READ, Math.floor(BYTES_PER_READ / frameBytes)));
  for (let page = first; page <= last; page += perRead) {
    const pages = Math.min(perRead, last + 1 - page);
    const data = await sharp(source, inputOptions({ page, pages })).ensureAlpha().raw().toBuffer();
    for (let i = 0; i < pages; i++) {
      yield {
        data: data.subarray(i * frameBytes, (i + 1) * frameBytes),
        width: info.width,
        height: info.height,
        timeMs: Math.max(starts[page + i]!, range?.startMs ?? 0),
      };
    }
  }
}
