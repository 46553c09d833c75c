// Many files at once: a few pipelines side by side, each file succeeding or failing on its own.
import type { Result } from '../../common/problem';
import { imageProblem } from './image-error';
import type { PrepareOptions } from './options';
import type { PreparedImage } from './prepare';
import { prepare } from './prepare';
import type { ImageSource } from './sharp-setup';
import { cores } from './sharp-setup';

/** Each file's Result, with the file it is for. */
export type BatchResult<S extends ImageSource = ImageSource> = Result<PreparedImage> & { source: S };

export interface BatchOptions<S extends ImageSource = ImageSource> {
  /** Pipelines at once; default and maximum: the number of cores. */
  concurrency?: number;
  /** Stops starting new files; files already started finish. Unstarted ones are not reported. */
  signal?: AbortSignal;
  /** Per-file options, overriding the shared ones (e.g. a crop chosen for that file). */
  optionsFor?: (source: S, index: number) => PrepareOptions | undefined;
}

/**
 * Streams results to `onResult` as files finish (completion order) and keeps none of them, so
 * memory is bounded by `concurrency` pipelines plus whatever the callback holds on to. Each
 * pipeline streams its input (sequential read, shrink-on-load). Resolves when all started files
 * are done; a callback that throws stops the batch with that error.
 */
export async function forEachPrepared<S extends ImageSource>(
  sources: readonly S[],
  options: PrepareOptions,
  batch: BatchOptions<S>,
  onResult: (result: BatchResult<S>, index: number) => void | Promise<void>,
): Promise<void> {
  const limit = Math.max(1, Math.min(batch.concurrency ?? cores(), cores()));
  let next = 0;
  async function worker(): Promise<void> {
    while (next < sources.length && !batch.signal?.aborted) {
      const index = next++;
      const source = sources[index]!;
      const fileOptions = { ...options, ...batch.optionsFor?.(source, index) };
      let result: BatchResult<S>;
      try {
        result = { source, ok: true, value: await prepare(source, fileOptions) };
      } catch (error) {
        result = { source, ok: false, error: imageProblem(error) };
      }
      await onResult(result, index);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, sources.length) }, () => worker()));
}

/** Prepares every source and returns the results in input order (holding all output buffers). */
export async function prepareBatch<S extends ImageSource>(
  sources: readonly S[],
  options: PrepareOptions = {},
  batch: BatchOptions<S> = {},
): Promise<BatchResult<S>[]> {
  const results: Array<BatchResult<S> | undefined> = new Array(sources.length);
  await forEachPrepared(sources, options, batch, (result, index) => {
    results[index] = result;
  });
  return results.filter((r): r is BatchResult<S> => r !== undefined);
}
