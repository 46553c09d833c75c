// The app protocol's pictures across an engine restart: a card's request in flight when the engine's
// process died was a 404 (a broken picture the card never asks for again; seen in CI). It is asked
// again of the next process; any other failure is not retried.
import { describe, expect, it } from 'vitest';
import { enginePictures, type PictureEngine } from '../../main/app/engine-pictures';
import { PortClosedError } from '../../common/port-rpc';

/** An engine whose calls answer from `answers` in turn: a value, or an error thrown. */
function engineAnswering(answers: unknown[]): PictureEngine & { calls: unknown[][] } {
  const calls: unknown[][] = [];
  return {
    calls,
    async call<T>(method: string, ...args: unknown[]): Promise<T> {
      calls.push([method, ...args]);
      const answer = answers.shift();
      if (answer instanceof Error) throw answer;
      return answer as T;
    },
  };
}

const picture = { buffer: new Uint8Array([0x89]), type: 'image/png' };

describe('enginePictures', () => {
  it('asks the next engine again when the process died before answering', async () => {
    const engine = engineAnswering([new PortClosedError("the engine's process ended (code 9)"), picture]);
    const pictures = enginePictures(() => engine);
    expect(await pictures.draft('d', 'result', 7)).toEqual(picture);
    expect(engine.calls).toEqual([
      ['draftPicture', 'd', 'result', 7],
      ['draftPicture', 'd', 'result', 7],
    ]);
    const jobs = engineAnswering([new PortClosedError('gone'), picture]);
    expect(await enginePictures(() => jobs).job('j')).toEqual(picture);
    expect(jobs.calls).toHaveLength(2);
  });

  it('does not retry any other failure, and answers nothing before the engine exists', async () => {
    const engine = engineAnswering([new Error('Shotput is quitting.'), picture]);
    await expect(enginePictures(() => engine).draft('d', 'source', 1)).rejects.toThrow('Shotput is quitting.');
    expect(engine.calls).toHaveLength(1);
    expect(await enginePictures(() => undefined).job('j')).toBeUndefined();
  });
});
