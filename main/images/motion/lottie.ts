// Lottie animations (`.json` from After Effects' exporters, `.lottie` archives) drawn frame by frame
// by the dotLottie player's software renderer (ThorVG compiled to WebAssembly), in plain Node: the
// CLI and main alike, no browser needed. A Lottie is vector art: it is drawn at the size the shot
// needs (at least 800x600 covered), never drawn small and enlarged.
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { DotLottie } from '@lottiefiles/dotlottie-web';
import { ImageError, tooLargeFileError } from '../image-error';
import { MAX_INPUT_BYTES } from '../limits';
import type { ImageSource } from '../sharp-setup';
import { isDotLottie } from './lottie-sniff';
import type { FrameRange, MotionFrame, MotionInfo, MotionSource } from './source';

/** The larger shot size: a Lottie is drawn to cover it, however small its own canvas. */
const COVER = { width: 800, height: 600 };
/** The longest side drawn: a Lottie declaring a huge canvas is drawn no larger than this. */
const MAX_SIDE = 4096;

let wasmReady = false;

/** The player's WebAssembly, handed over from the package's own file (no network, no file: URL in Node). */
async function loadWasm(): Promise<void> {
  if (wasmReady) return;
  const require = createRequire(import.meta.url);
  const wasm = await readFile(require.resolve('@lottiefiles/dotlottie-web/dotlottie-player.wasm'));
  DotLottie.setWasmUrl(`data:application/wasm;base64,${wasm.toString('base64')}`);
  wasmReady = true;
}

/** Image assets a Lottie JSON names by path instead of carrying: the player would draw them as holes. */
function outsideImages(json: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new ImageError('corrupt', 'The Lottie file is not valid JSON (it may be truncated).');
  }
  const assets = (parsed as { assets?: unknown }).assets;
  if (!Array.isArray(assets)) return [];
  return assets
    .filter((asset): asset is { u?: string; p: string; e?: number } => {
      const item = asset as { p?: unknown; e?: unknown };
      return typeof item.p === 'string' && item.e !== 1 && !item.p.startsWith('data:');
    })
    .map((asset) => `${asset.u ?? ''}${asset.p}`);
}

/** Opens a Lottie (JSON or dotLottie bytes, or a path to either) as a motion source. */
export async function openLottie(source: ImageSource): Promise<{ source: MotionSource; close: () => Promise<void> }> {
  // Read whole (the player takes it whole): within the limit every input has.
  const size = Buffer.isBuffer(source) ? source.length : (await stat(source)).size;
  if (size > MAX_INPUT_BYTES) throw tooLargeFileError(size, MAX_INPUT_BYTES);
  const bytes = Buffer.isBuffer(source) ? source : await readFile(source);
  const json = isDotLottie(bytes) ? undefined : bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (json !== undefined) {
    const missing = outsideImages(json);
    if (missing.length > 0)
      throw new ImageError(
        'unsupported-format',
        `The Lottie uses ${missing.length === 1 ? 'an image' : `${missing.length} images`} kept outside it (${missing[0]}); export it with images embedded, or as a .lottie file.`,
      );
  }
  await loadWasm();
  const surface = { width: 1, height: 1 };
  const player = new DotLottie({
    canvas: surface,
    data: json ?? new Uint8Array(bytes).buffer,
    autoplay: false,
    loop: false,
    renderConfig: { devicePixelRatio: 1, autoResize: false, freezeOnOffscreen: false },
  });
  const loaded = await new Promise<boolean>((resolve) => {
    player.addEventListener('load', () => resolve(true));
    player.addEventListener('loadError', () => resolve(false));
  });
  const close = async () => player.destroy();
  const native = loaded ? player.animationSize() : { width: 0, height: 0 };
  if (!loaded || native.width <= 0 || native.height <= 0 || player.totalFrames < 1 || player.duration <= 0) {
    await close();
    throw new ImageError('corrupt', 'The Lottie animation could not be read: it is damaged or not a Lottie.');
  }
  // Drawn to cover 800x600, as an SVG is drawn at the larger size: sharper than enlarging pixels.
  const scale = Math.min(
    Math.max(1, COVER.width / native.width, COVER.height / native.height),
    MAX_SIDE / Math.max(native.width, native.height),
  );
  surface.width = Math.max(1, Math.round(native.width * scale));
  surface.height = Math.max(1, Math.round(native.height * scale));
  player.resize();

  const frameCount = player.totalFrames;
  const durationMs = player.duration * 1000;
  const info: MotionInfo = {
    label: 'Lottie',
    width: surface.width,
    height: surface.height,
    durationMs,
    fps: (frameCount * 1000) / durationMs,
    frames: Math.round(frameCount),
    loop: 0,
    hasAlpha: true,
  };
  return { source: { info, frames: (options) => drawFrames(player, info, options?.range, options?.fps) }, close };
}

/**
 * Draws the frames starting in the range (the one on screen at its start first), at the source's
 * frame rate or at `fps` when lower: a vector is drawn at any time, so no frame is drawn to be dropped.
 */
async function* drawFrames(
  player: DotLottie,
  info: MotionInfo,
  range: FrameRange | undefined,
  fps: number | undefined,
): AsyncGenerator<MotionFrame> {
  const startMs = Math.max(0, range?.startMs ?? 0);
  const endMs = Math.min(info.durationMs, range?.endMs ?? info.durationMs);
  const stepMs = 1000 / Math.min(info.fps, fps ?? info.fps);
  const last = (info.frames ?? 1) - 1;
  for (let k = 0; startMs + k * stepMs < endMs - 1e-6; k++) {
    const timeMs = startMs + k * stepMs;
    // Drawn and copied at once: the player's buffer is drawn over by the next frame of any reader.
    player.setFrame(Math.min(last, (timeMs * info.fps) / 1000));
    const drawn = player.buffer;
    if (drawn === null) throw new ImageError('corrupt', 'The Lottie animation could not be drawn.');
    yield {
      data: Buffer.from(drawn),
      width: info.width,
      height: info.height,
      timeMs: Math.round(timeMs * 1000) / 1000,
    };
    // Frames are drawn on the caller's thread: let other work (IPC, timers) run between them.
    await new Promise((resolve) => setImmediate(resolve));
  }
}
