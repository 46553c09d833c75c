// The mediabunny Input of a clip whose bytes main reads for the worker in slices (motion.read).
import { ALL_FORMATS, CustomSource, Input } from 'mediabunny';
import type { DecodeIo } from './worker-messages';

export function clipInput(io: Pick<DecodeIo, 'request' | 'read'>): Input {
  const source = new CustomSource({
    getSize: () => io.request.size,
    read: (start, end) => io.read(start, end),
    prefetchProfile: 'fileSystem',
    // A read ahead that nobody waits for fails when main has already let the stream go (the
    // designer trimmed again, or the clip was described and its reader closed); left to
    // mediabunny it becomes an unhandled rejection in the window. A read the decoder does wait
    // for still fails to that reader, which ends the stream with its failure.
    handleUnhandledError: () => undefined,
  });
  return new Input({ formats: ALL_FORMATS, source });
}
