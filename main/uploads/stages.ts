// The two stages a job works through: preparing its image (queued → preparing → ready) and sending
// it (ready → uploading → processing). Each records what it is about to do in the journal before
// doing it, so a crash at any instant leaves a job the reconciler can finish.
import path from 'node:path';
import type { HighestShotId } from './highest-shot';
import type { AccountInfo } from './ports';
import type { QueueCore } from './queue-core';
import type { Reconciler } from './reconciler';
import type { UploadJob } from './types';
import { failWith, ok } from '../../common/problem';
import type { Problem, Result } from '../../common/problem';
import { sourceChangedSince, takeFile } from './snapshot';
import { checkAgainstAccount, checkImage, checkMetadata, needsAccount } from './validate';

export class Stages {
  constructor(
    private readonly core: QueueCore,
    private readonly reconciler: Reconciler,
    private readonly highest: HighestShotId,
    /** Who is signed in, once known: for the scheduling and team rules. */
    private account: AccountInfo | undefined,
  ) {}

  async prepare(id: string): Promise<void> {
    const { core } = this;
    const job = core.job(id);
    // Only a queued job is prepared: a pump's list can be stale when another pass already took it.
    if (!job || job.state !== 'queued' || core.busy.has(id)) return;
    core.busy.add(id);
    core.transition(job, 'preparing');
    // The content this preparation reads: a re-run may hand the job a replaced file's content
    // while it runs, and then this image is not what the job now records.
    const preparedHash = job.contentHash;
    try {
      const handed = core.prepared.get(id);
      // Never synchronous, even with the image at hand: the pump that called this goes on first,
      // instead of being entered again from inside itself (finally below).
      const content = handed ? await Promise.resolve(undefined) : await this.content(job);
      if (!handed && !content) {
        const name = path.basename(job.sourcePath);
        core.fail(
          job,
          {
            code: 'source-lost',
            message: `The copy of ${name} taken when it was queued is gone, and ${name} has changed since; add it again.`,
          },
          false,
        );
        return;
      }
      const result = handed ? ok(handed) : await core.preparer.prepare(content!, job.prepare);
      const current = core.job(id);
      if (core.closing || !current || current.state !== 'preparing') return;
      if (current.contentHash !== preparedHash) {
        // Prepared from content the job no longer holds: it goes back to be prepared from its new one.
        core.transition(current, 'queued');
        return;
      }
      if (!result.ok) {
        // The image's own Problem (`image-<code>`), so the job says what a draft of it says.
        core.fail(current, result.error);
        return;
      }
      const image = result.value;
      const problems = checkImage(image);
      if (problems.length > 0) {
        core.fail(current, { code: 'image-output-check-failed', message: problems.join(' ') }, false);
        return;
      }
      core.prepared.set(id, image);
      current.warnings = image.warnings.length > 0 ? image.warnings : undefined;
      core.transition(current, 'ready');
    } catch (error) {
      const current = core.job(id);
      if (current && !core.closing)
        core.fail(
          current,
          { code: 'internal-error', message: `Preparing the image failed: ${(error as Error).message}` },
          false,
        );
    } finally {
      core.busy.delete(id);
      core.pump();
    }
  }

  /**
   * The job's content as it was queued: its copy, or (the copy lost with a power cut, or a queue
   * from before copies were kept) its source while that still holds the same bytes.
   */
  private async content(job: UploadJob): Promise<Buffer | undefined> {
    const kept = await this.core.snapshots.read(job.contentHash);
    if (kept) return kept;
    const again = await takeFile(job.sourcePath).catch(() => undefined);
    if (!again || again.hash !== job.contentHash) return undefined;
    await this.core.snapshots.keep(again.hash, again.bytes).catch(() => undefined);
    return again.bytes;
  }

  async upload(id: string): Promise<void> {
    const { core } = this;
    const job = core.job(id);
    const image = core.prepared.get(id);
    if (!job) return;
    if (!image) {
      core.transition(job, 'queued');
      return;
    }
    core.busy.add(id);
    core.sending.add(id);
    try {
      const rules = await this.checkAccountRules(job);
      if (!rules.ok) {
        core.fail(job, rules.error, false);
        return;
      }
      if (rules.value === 'wait') return;
      const after = await this.highest.learn();
      if (after === undefined) {
        if (!core.holdsForSignIn(this.highest.lastProblem))
          core.later(job, 'Could not reach the service; will try again.');
        return;
      }
      if (core.closing || job.state !== 'ready' || job.paused || core.paused) return;
      // What is sent is what was queued; a source changed since is said, with the job.
      if (job.sourceStamp && (await sourceChangedSince(job.sourcePath, job.sourceStamp))) job.sourceChanged = true;
      if (core.closing || job.state !== 'ready' || job.paused || core.paused) return;
      // Written, and on the disk before the request leaves (the fsync runs off the event loop,
      // shared with other lines): after a crash this is what lets the queue find the shot
      // instead of sending it twice.
      job.attempts++;
      job.attempt = { startedAt: new Date().toISOString(), afterShotId: after };
      job.lastError = undefined;
      job.retryAt = undefined;
      if (!core.transition(job, 'uploading') || !(await core.durable())) {
        // The disk refused to note the attempt: without that note a crash could send it twice.
        job.state = 'ready';
        job.attempts--;
        job.attempt = undefined;
        return;
      }
      await this.send(job, image);
    } catch (error) {
      job.lastError = `The upload stopped: ${(error as Error).message}`;
      if (job.state === 'uploading') {
        core.save(job);
        this.reconciler.trackInterrupted(job);
      } else core.later(job, job.lastError);
    } finally {
      core.busy.delete(id);
      core.sending.delete(id);
      core.pump();
    }
  }

  /** The POST and what its answer means for the job. */
  private async send(job: UploadJob, image: NonNullable<ReturnType<QueueCore['prepared']['get']>>): Promise<void> {
    const { core } = this;
    const ext = image.format === 'jpeg' ? 'jpg' : image.format;
    const result = await core.service.createShot(
      {
        ...job.metadata,
        image: {
          buffer: image.buffer,
          filename: `${path.parse(job.sourcePath).name}.${ext}`,
          contentType: `image/${image.format}`,
        },
      },
      (sentBytes, totalBytes) => core.announce({ type: 'progress', id: job.id, sentBytes, totalBytes }),
    );
    if (result.ok) {
      const created = result.value;
      this.highest.note(created.shotId);
      job.location = created.location;
      job.shotId = created.shotId;
      job.processingSince = new Date().toISOString();
      core.prepared.delete(job.id);
      core.transition(job, 'processing');
      this.reconciler.track(job, core.tuning.expectedProcessingMs);
      return;
    }
    const problem = result.error;
    if (problem.code === 'daily-cap') {
      // Nothing was created: the job keeps its prepared image and waits with the others.
      core.dailyCap.hold(problem.message);
      job.lastError = problem.message;
      job.attempts = Math.max(0, job.attempts - 1);
      core.transition(job, 'ready');
    } else if (problem.code === 'aborted') {
      // Called off before it left (the command is stopping): it waits, as it was, for the next run.
      job.attempts = Math.max(0, job.attempts - 1);
      job.attempt = undefined;
      core.transition(job, 'ready');
    } else if (core.holdsForSignIn(problem)) {
      // Refused before anything was created: the job waits, prepared, for a sign-in the service takes.
      job.attempts = Math.max(0, job.attempts - 1);
      job.attempt = undefined;
      core.transition(job, 'ready');
    } else if (problem.code !== 'unknown-outcome') {
      if (problem.retryable && job.attempts < core.tuning.maxAttempts) {
        job.lastError = problem.message;
        job.retryAt = new Date(Date.now() + core.backoff(job.attempts)).toISOString();
        core.transition(job, 'ready');
      } else {
        core.prepared.delete(job.id);
        core.fail(job, problem);
      }
    } else {
      // The request may have created the shot: stay in `uploading`; the checks look for it.
      job.lastError = problem.message;
      core.save(job);
      this.reconciler.trackInterrupted(job);
    }
  }

  /**
   * Whether the job may go now ('go'), must wait for the account to be known ('wait'; the sign-in
   * hold or a later try is already set), or is refused for a rule of the service (the Problem).
   */
  private async checkAccountRules(job: UploadJob): Promise<Result<'go' | 'wait'>> {
    if (!needsAccount(job.metadata)) return ok('go');
    if (!this.account) {
      const found = await this.core.service.currentAccount();
      if (!found.ok) {
        if (this.core.holdsForSignIn(found.error)) return ok('wait');
        this.core.later(job, `Could not read the account to check scheduling and teams: ${found.error.message}`);
        return ok('wait');
      }
      this.account = found.value;
    }
    const metadata = checkMetadata(job.metadata).map((message): Problem => ({ code: 'invalid-shot', message }));
    const problems = [...metadata, ...checkAgainstAccount(job.metadata, this.account)];
    return problems.length > 0 ? failWith(oneProblem(problems)) : ok('go');
  }
}

/** Several refusals at once said as one Problem: every sentence, under the first one's code. */
function oneProblem(problems: readonly Problem[]): Problem {
  return { code: problems[0]!.code, message: problems.map((p) => p.message).join(' ') };
}
