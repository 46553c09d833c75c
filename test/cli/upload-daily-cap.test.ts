// The daily cap remembered across runs: once the service refused an upload for its daily limit,
// running the same command again before the next day sends no POST the service would refuse; it
// says again what waits and until when.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeImages, sandboxToken } from '../../bench/lib/uploads-sandbox';
import { runCli } from '../uploads/cli-process';
import { useCliSandbox } from '../uploads/cli-sandbox';

const fixture = useCliSandbox('cap-runs', {
  processingMs: 200,
  rateLimit: 1_000,
  rateWindowS: 5,
  profile: 'deployed',
  dailyCap: 2,
});

async function refusals(): Promise<number> {
  const state = (await (await fetch(`${fixture.sandbox.url}/_sandbox/state`)).json()) as { daily_cap_refusals: number };
  return state.daily_cap_refusals;
}

describe('the daily cap across runs', () => {
  it(
    'sends nothing the service would refuse before the next day, and says what waits',
    { timeout: 90_000 },
    async () => {
      const files = await makeImages(path.join(fixture.root, 'img'), 3, 'capped', 800);
      const globals = [
        '--api',
        fixture.sandbox.url,
        '--token',
        await sandboxToken(fixture.sandbox.url),
        '--data-dir',
        path.join(fixture.root, 'data'),
      ];
      const upload = async () => {
        const run = runCli(globals, ['upload', ...files], { SHOTPUT_EXPECTED_PROCESSING_MS: '200' });
        fixture.children.push(run);
        return { code: await run.exited, run };
      };

      const first = await upload();
      expect(first.code).toBe(1);
      expect(first.run.lines.find((l) => l.type === 'summary')).toMatchObject({ published: 2, waiting: 1 });
      const refusedFirst = await refusals();
      expect(refusedFirst).toBeGreaterThanOrEqual(1);

      const again = await upload();
      expect(again.code).toBe(1);
      expect(again.run.lines.find((l) => l.type === 'summary')).toMatchObject({ published: 2, waiting: 1 });
      expect(again.run.stderr()).toMatch(
        /1 file waits for the daily upload limit: run the same command again after \d{4}-\d\d-\d\d \d\d:\d\d [A-Z]+/,
      );
      expect(await refusals()).toBe(refusedFirst);
    },
  );
});
