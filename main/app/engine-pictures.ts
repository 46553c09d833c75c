// The pictures the app's protocol serves (queue thumbnails, drafts' pictures) are the engine's. A
// picture asked of an engine whose process dies before it answers is asked again of the next one:
// a card whose request failed shows a broken picture and never asks again, and a picture is only
// read, so asking twice is safe. (Seen in CI: a card's request in flight as the engine was killed.)
import { PortClosedError } from '../../common/port-rpc';
import type { AppPictures } from './app-protocol';

/** What the pictures need of the engine's client: a call to its process. */
export interface PictureEngine {
  call<T>(method: string, ...args: unknown[]): Promise<T>;
}

export function enginePictures(engine: () => PictureEngine | undefined): AppPictures {
  const ask = async <T>(method: string, ...args: unknown[]): Promise<T | undefined> => {
    try {
      return await engine()?.call<T>(method, ...args);
    } catch (error) {
      if (!(error instanceof PortClosedError)) throw error;
      return engine()?.call<T>(method, ...args);
    }
  };
  return {
    job: (jobId) => ask('jobPicture', jobId),
    draft: (draftId, kind, n) => ask('draftPicture', draftId, kind, n),
  };
}
