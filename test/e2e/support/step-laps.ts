// Where a long end-to-end test was when it failed. A test that times out says only that it timed
// out; with laps, the failure also prints each step the test reached and when, so a slow or stuck
// step under a full run's load is named in the CI log. Quiet when the test passes, unless
// SHOTPUT_E2E_LAPS=1 (for finding where a slow test's time goes).
import { onTestFailed, onTestFinished } from 'vitest';

/** Call at the start of a test; call the answer with a step's name as the test reaches it. */
export function stepLaps(test: string): (step: string) => void {
  const start = Date.now();
  const laps: string[] = [];
  const reached = () => (laps.length === 0 ? 'no step' : laps.join('; '));
  onTestFailed(() => {
    console.error(`[e2e] ${test}: steps reached before the failure (s from its start): ${reached()}.`);
  });
  if (process.env['SHOTPUT_E2E_LAPS'] === '1')
    onTestFinished(() => console.error(`[e2e] ${test}: steps (s from its start): ${reached()}.`));
  return (step) => {
    laps.push(`${step} ${((Date.now() - start) / 1000).toFixed(1)}`);
  };
}
