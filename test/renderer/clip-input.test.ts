// The worker's clip Input over main's slices: main lets a stream go as soon as it has what it asked
// for (a clip described, a trim changed), while mediabunny may still be reading ahead. That must
// not surface in the window as an uncaught error (the motion editor saw "damaged" as a page error).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EncodedPacketSink } from 'mediabunny';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clipInput } from '../../renderer/src/workers/clip-input';
import { busyPattern, ffmpegClip, H264 } from '../images/motion-fixtures';
import type { MotionDecodeRequest } from '../../common/contract/index';

let clip: Uint8Array;
const unhandled: unknown[] = [];
const count = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'clip-input-'));
  clip = readFileSync(await ffmpegClip(join(dir, 'walk.mp4'), busyPattern('640x360', 30, 3), H264));
  process.on('unhandledRejection', count);
}, 60_000);

afterEach(() => {
  unhandled.length = 0;
});

afterAll(() => {
  process.off('unhandledRejection', count);
});

/**
 * Main's side: each slice after a short wait, so a read ahead is on its way when main lets the
 * stream go; refused after that.
 */
function mainReads() {
  const side = { open: true, refused: 0, served: 0 };
  const read = async (start: number, end: number) => {
    await new Promise((resolve) => setTimeout(resolve, 2));
    if (!side.open) {
      side.refused++;
      throw new Error('This clip is no longer being decoded.');
    }
    side.served++;
    return clip.subarray(start, Math.min(end, clip.length));
  };
  return { side, read };
}

describe('clipInput', () => {
  it('a read ahead refused after the stream was let go is no unhandled rejection', async () => {
    const { side, read } = mainReads();
    const request = { streamId: 's', name: 'walk.mp4', size: clip.length, want: 'info' } as MotionDecodeRequest;
    const input = clipInput({ request, read });
    const track = await input.getPrimaryVideoTrack();
    expect(track?.codec).toBe('avc');
    // Main lets the stream go a few frames in (a new trim), while the worker still waits on it
    // (its answer to the frames sent); mediabunny's read ahead is then on its way.
    let packets = 0;
    for await (const packet of new EncodedPacketSink(track!).packets()) {
      expect(packet.byteLength).toBeGreaterThan(0);
      if (++packets === 10) break;
    }
    side.open = false;
    await new Promise((resolve) => setTimeout(resolve, 200));
    input.dispose();
    expect(side.served).toBeGreaterThan(0);
    expect(side.refused).toBeGreaterThan(0);
    expect(unhandled).toEqual([]);
  });

  it('a read the decoder waits for still fails to it', async () => {
    const { side, read } = mainReads();
    const request = { streamId: 's', name: 'walk.mp4', size: clip.length, want: 'info' } as MotionDecodeRequest;
    const input = clipInput({ request, read });
    side.open = false;
    await expect(input.getPrimaryVideoTrack()).rejects.toThrow('no longer being decoded');
    input.dispose();
  });
});
