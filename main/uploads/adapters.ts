// The real service client and image pipeline, seen through the queue's ports.
import { fail, failWith, ok } from '../../common/problem';
import type { Result } from '../../common/problem';
import { imageProblem, optionsOfChoice, prepare } from '../images';
import type { PreparedImage as PipelineImage } from '../images';
import type { ServiceClient } from '../service/service-client';
import { isServiceError } from '../service/service-error';
import { problemOfRequest } from '../service/problem';
import type { AuthenticatedUser, Shot } from '../service/resources';
import type { AccountInfo, ImagePreparer, PreparedImage, RemoteShot, UploadService } from './ports';

/**
 * `stops.uploadWait` calls off uploads (and their account checks) still waiting for the rate-limit
 * budget: nothing of them was sent, so an upload says 'aborted' and waits in the queue.
 * `stops.anyWait` calls off every request still waiting (confirmations too). `stops.signal` stops
 * requests on the wire as well: an upload's outcome is then unknown, and looked for before it is
 * ever sent again.
 */
export function serviceAdapter(
  client: ServiceClient,
  stops: { signal?: AbortSignal; uploadWait?: AbortSignal; anyWait?: AbortSignal } = {},
): UploadService {
  const waits = [stops.uploadWait, stops.anyWait].filter((s): s is AbortSignal => s !== undefined);
  const uploadWait = waits.length > 0 ? AbortSignal.any(waits) : undefined;
  const options = { signal: stops.signal, waitSignal: stops.anyWait };
  const uploadOptions = { signal: stops.signal, waitSignal: uploadWait };
  return {
    onAnswersAgain: (listener) =>
      client.governor.reach.onChange((reachable) => {
        if (reachable) listener();
      }),
    async createShot(form, onProgress) {
      const total = form.image.buffer.length;
      let sentTotal = total;
      onProgress?.(0, total);
      try {
        // The encoded form (image plus fields) is what travels: its bytes are reported as taken for sending.
        const progress = onProgress
          ? {
              onProgress: (sent: number, all: number) => {
                sentTotal = all;
                onProgress(sent, all);
              },
            }
          : {};
        const { image, ...fields } = form;
        const created = await client.createShot(
          {
            ...fields,
            image: { data: new Uint8Array(image.buffer), filename: image.filename, contentType: image.contentType },
          },
          { ...progress, ...uploadOptions },
        );
        onProgress?.(sentTotal, sentTotal);
        return ok({ location: created.location, shotId: created.id });
      } catch (error) {
        // Called off while it waited for the budget: it never left.
        if (isServiceError(error) && error.kind === 'aborted' && uploadWait?.aborted && !stops.signal?.aborted)
          return fail('aborted', 'Stopped before it was sent.', true);
        return createFailure(error);
      }
    },
    async getShotAt(location) {
      try {
        const shot = await client.getShotAtLocation(location, options);
        return ok(shot ? remoteShot(shot) : undefined);
      } catch (error) {
        return problem(error);
      }
    },
    async listMyShots(page, perPage) {
      try {
        const result = await client.listUserShots({ page, perPage }, options);
        return ok({ shots: result.items.map(remoteShot), hasNext: result.nextPage !== null });
      } catch (error) {
        return problem(error);
      }
    },
    async currentAccount() {
      try {
        return ok(accountInfo(await client.getUser(uploadOptions)));
      } catch (error) {
        return problem(error);
      }
    },
  };
}

/** What the queue's account rules need to know of the signed-in user. */
export function accountInfo(user: AuthenticatedUser): AccountInfo {
  return {
    id: user.id,
    pro: user.pro,
    type: user.type ?? 'User',
    canUploadShot: user.can_upload_shot,
    teams: (user.teams ?? []).map((t) => ({ id: t.id, name: t.name })),
  };
}

function remoteShot(shot: Shot): RemoteShot {
  return {
    id: shot.id,
    title: shot.title,
    publishedAt: shot.published_at ?? undefined,
    scheduledFor: shot.scheduled_for ?? undefined,
    htmlUrl: shot.html_url,
    ...(shot.user?.id !== undefined ? { ownerId: shot.user.id } : {}),
  };
}

/** A failed request as the queue sees it: the translator's code, sentence and whether retrying helps. */
function problem<T>(error: unknown): Result<T> {
  return failWith(problemOfRequest(error));
}

function createFailure<T>(error: unknown): Result<T> {
  const found = problemOfRequest(error);
  // Only an answer from the service (or a connection never made) proves nothing was created.
  if (isServiceError(error) && (error.kind === 'http' || error.kind === 'network')) return failWith(found);
  return failWith({ ...found, code: 'unknown-outcome', retryable: true });
}

/** The image pipeline's result as the queue keeps it. */
export function preparedForQueue(image: PipelineImage): PreparedImage {
  return {
    buffer: image.buffer,
    format: image.format,
    width: image.width,
    height: image.height,
    bytes: image.bytes,
    warnings: image.warnings.map((w) => w.message),
  };
}

export const imagePreparer: ImagePreparer = {
  async prepare(source, choice) {
    try {
      return ok(preparedForQueue(await prepare(source, optionsOfChoice(choice))));
    } catch (error) {
      // The image's Problem in the words a draft and `shotput prepare` give it; trying it again as it is cannot help.
      return failWith({ ...imageProblem(error), retryable: false });
    }
  },
};
