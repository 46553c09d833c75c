// prepare() for motion: the trimmed part, planned from its first frame, fitted, and the final file
// checked like any output.
import type { ResolvedOptions } from '../options';
import type { ImageInfo } from '../probe';
import { checkEncoded } from '../verify';
import type { VerifiedOutput } from '../verify';
import type { PrepareWarning } from '../warnings';
import type { EncodeOptions } from './encode';
import { fitMotion } from './fit';
import { gifFrames } from './gif-mux';
import { frameInfo, planMotion } from './framing';
import type { MotionFrame, MotionSource } from './source';
import { trimSource } from './trim';

export interface PreparedMotion {
  buffer: Buffer;
  checked: VerifiedOutput;
  warnings: PrepareWarning[];
  input: ImageInfo;
  delays: number[];
  /** Output frames per second as traded (the source's own rate, at most 50, when nothing was). */
  fps: number;
}

async function firstFrame(source: MotionSource): Promise<MotionFrame | undefined> {
  for await (const frame of source.frames()) return frame;
  return undefined;
}

export async function prepareMotion(
  whole: MotionSource,
  options: ResolvedOptions,
  extra: EncodeOptions = {},
): Promise<PreparedMotion> {
  const source = options.trim ? trimSource(whole, options.trim) : whole;
  const smart = options.mode === 'cover' && typeof options.focus === 'string' && !options.crop;
  const plan = await planMotion(source.info, options, smart ? await firstFrame(source) : undefined);
  const fitted = await fitMotion(source, plan, options, extra);
  // The joined file is read back block by block: its screen size and frames, as a decoder sees them.
  const read = gifFrames(fitted.buffer);
  const { width, height } = fitted.settings.target;
  const checked = checkEncoded(
    fitted.buffer,
    {
      format: 'gif',
      width: read.width,
      height: read.height,
      pageHeight: read.height,
      pages: read.frames,
      size: fitted.buffer.length,
      channels: 3,
      premultiplied: false,
      hasAlpha: false,
    },
    { format: 'gif', size: { width, height }, pages: fitted.frames, maxBytes: options.maxBytes, keptMetadata: false },
  );
  const input: ImageInfo = {
    ...frameInfo(whole.info),
    format: 'gif',
    pages: whole.info.frames ?? Math.round((whole.info.durationMs * whole.info.fps) / 1000),
    bytes: 0,
  };
  return {
    buffer: fitted.buffer,
    checked,
    warnings: [...plan.warnings, ...fitted.warnings],
    input,
    delays: fitted.delays,
    fps: fitted.settings.rate,
  };
}
