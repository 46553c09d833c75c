// SIGKILL the real CLI at random moments of a 30-file upload (while preparing, while a POST is
// in flight, while shots are processing), start it again each time, and check that the sandbox
// (its own process, so it survives) ends with each file exactly once. Real time on purpose: when
// the kill lands in a real process's work is what is tested.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listAllShots, makeImages, sandboxToken, setFaults } from '../../bench/lib/uploads-sandbox';
import { runCli } from './cli-process';
import { useCliSandbox } from './cli-sandbox';

const FILES = 30;
const KILLS = 15;
const PROCESSING_MS = 400;

const fixture = useCliSandbox('crash', { processingMs: PROCESSING_MS, rateLimit: 60, rateWindowS: 5 });

describe('uploads survive SIGKILL', () => {
  it('publishes each of 30 files exactly once across 15 kills and restarts', { timeout: 240_000 }, async () => {
    const files = await makeImages(path.join(fixture.root, 'images'), FILES, 'crash');
    const token = await sandboxToken(fixture.sandbox.url);
    await setFaults(fixture.sandbox.url, { latency_ms: 100 });
    const globals = ['--api', fixture.sandbox.url, '--token', token, '--data-dir', path.join(fixture.root, 'data')];
    const env = { SHOTPUT_EXPECTED_PROCESSING_MS: String(PROCESSING_MS) };
    const phases = ['preparing', 'uploading', 'processing'];
    const killedIn: string[] = [];

    for (let kill = 0; kill < KILLS; kill++) {
      const run = runCli(globals, ['upload', ...files], env);
      fixture.children.push(run);
      const phase = phases[kill % phases.length]!;
      // Each run is killed at the first job reaching the phase, so the batch is still unfinished
      // after 15 runs; which job that is moves along the batch from run to run.
      const line = await run.waitForLine((l) => l.type === 'job' && l.state === phase);
      if (!line) {
        // This run ended before reaching the moment: only right when it finished the batch.
        expect(await run.exited, run.stderr()).toBe(0);
        break;
      }
      // Within a few milliseconds of the state being written: the POST or the prepare is in flight
      // (every request takes 100 ms on this sandbox).
      await new Promise((r) => setTimeout(r, Math.random() * 80));
      run.child.kill('SIGKILL');
      await run.exited;
      killedIn.push(phase);
    }
    expect(killedIn.length).toBe(KILLS);
    expect(new Set(killedIn)).toEqual(new Set(phases));

    const publishedBefore = new Set(
      fixture.children.flatMap((r) => r.lines.filter((l) => l.state === 'published').map((l) => l.file)),
    ).size;
    // The last run still had work to do: the kills really interrupted the batch.
    expect(publishedBefore).toBeLessThan(FILES);
    const last = runCli(globals, ['upload', ...files], env);
    fixture.children.push(last);
    const code = await last.exited;
    expect(code, last.stderr()).toBe(0);

    const reader = await sandboxToken(fixture.sandbox.url, 'ada', 'web-demo');
    const shots = await listAllShots(fixture.sandbox.url, reader);
    const titles = shots.map((s) => s.title).filter((t) => t.startsWith('crash-'));
    const expected = files.map((f) => path.parse(f).name);
    expect(titles.sort()).toEqual(expected.sort());
  });
});
