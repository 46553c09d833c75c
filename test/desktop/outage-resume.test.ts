// The uploads go on when the service answers again, not at the end of their backoff. A job whose
// connection failed waits out a backoff that grows with each try (up to a minute and more); when
// the outage ended, the window said "<host> answers again; the uploads go on." while the job still
// waited its time out. A real desktop on a real sandbox that drops every connection (reset_rate 1).
import { expect, it } from 'vitest';
import { value } from '../app/handler-results';
import { photo } from '../images/fixtures';
import type { Scratch } from '../images/fixtures';
import { control, type Fixture } from '../service/sandbox-fixture';
import { signedInDesktop, useSandboxAndScratch } from './signed-in-desktop';

let sandbox: Fixture;
let files: Scratch;
useSandboxAndScratch((made, scratch) => {
  sandbox = made;
  files = scratch;
});

/** The queue's backoff after the first failed try: 45 to 75 s, so a job that waits it out shows. */
const RETRY_BASE_MS = 60_000;

it('a job that failed in the outage goes as soon as the service answers again, with nothing clicked', async () => {
  const file = files.file('night-walk.png');
  await photo(900, 700).png().toFile(file);
  const desktop = await signedInDesktop({
    dataDir: files.file('outage-data'),
    sandbox,
    username: 'ada',
    retryBaseMs: RETRY_BASE_MS,
  });
  try {
    await control(sandbox.sandbox, 'faults', { reset_rate: 1 });
    value(
      await desktop.uploads.enqueue([
        {
          draftId: 'none',
          sourcePath: file,
          metadata: { title: 'Night walk' },
          prepare: { size: 'auto', fit: 'cover' },
        },
      ]),
    );
    // The job's try failed and it waits out its backoff: the next attempt is far off.
    const nextAttempt = () => Date.parse(desktop.uploads.view().offline?.nextAttemptAt ?? '') - Date.now();
    await expect.poll(nextAttempt, { timeout: 30_000, interval: 100 }).toBeGreaterThan(30_000);
    await control(sandbox.sandbox, 'faults', { reset_rate: 0 });
    const backAt = Date.now();
    // Real time is the subject. The account asks the service 5 s after the outage began
    // (account-check.ts); its answer ends the outage and the job goes then. Before, it waited
    // its 45 to 75 s.
    const state = () => desktop.uploads.view().jobs[0]?.state;
    await expect.poll(state, { timeout: 30_000, interval: 100 }).toBe('published');
    expect(Date.now() - backAt).toBeLessThan(30_000);
    expect(desktop.uploads.view().offline ?? null).toBeNull();
  } finally {
    await control(sandbox.sandbox, 'faults', { reset_rate: 0 });
    await desktop.close();
  }
}, 90_000);
