// The real service client and image pipeline, seen through the queue's ports.
import { prepare } from '../images';
import { ImageError } from '../images';
import type { ServiceClient } from '../service/service-client';
import { isServiceError } from '../service/service-error';
import { problemOfRequest } from '../service/problem';
import type { AuthenticatedUser, Shot } from '../service/resources';
import type { AccountInfo, CreateShotResult, ImagePreparer, RemoteShot, ServiceProblem, UploadService } from './ports';
import type { PrepareOptions } from './types';

export function serviceAdapter(client: ServiceClient): UploadService {
  return {
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
        const created = await client.createShot(
          {
            image: {
              data: new Uint8Array(form.image.buffer),
              filename: form.image.filename,
              contentType: form.image.contentType,
            },
            title: form.title,
            description: form.description,
            tags: form.tags,
            lowProfile: form.lowProfile,
            teamId: form.teamId,
            reboundSourceId: form.reboundSourceId,
            scheduledFor: form.scheduledFor,
          },
          progress,
        );
        onProgress?.(sentTotal, sentTotal);
        return { ok: true, location: created.location, shotId: created.id };
      } catch (error) {
        return createFailure(error);
      }
    },
    async getShotAt(location) {
      try {
        const shot = await client.getShotAtLocation(location);
        return shot ? { ok: true, found: true, shot: remoteShot(shot) } : { ok: true, found: false };
      } catch (error) {
        return problem(error);
      }
    },
    async listMyShots(page, perPage) {
      try {
        const result = await client.listUserShots({ page, perPage });
        return { ok: true, shots: result.items.map(remoteShot), hasNext: result.nextPage !== null };
      } catch (error) {
        return problem(error);
      }
    },
    async currentAccount() {
      try {
        return { ok: true, account: accountInfo(await client.getUser()) };
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
  };
}

/** A failed request as the queue sees it: the translator's code, sentence and whether retrying helps. */
function problem(error: unknown): ServiceProblem {
  const found = problemOfRequest(error);
  return {
    ok: false,
    code: found.code,
    message: found.message,
    retryable: found.retryable,
    status: isServiceError(error) ? error.status : undefined,
  };
}

function createFailure(error: unknown): CreateShotResult {
  const base = problem(error);
  if (isServiceError(error)) {
    // Only an answer from the service (or a connection never made) proves nothing was created.
    if (error.kind === 'http' || error.kind === 'network') return { ...base, outcome: 'refused' };
    return { ...base, outcome: 'unknown', retryable: true };
  }
  return { ...base, outcome: 'unknown', retryable: true };
}

export const imagePreparer: ImagePreparer = {
  async prepare(file, options) {
    try {
      const image = await prepare(file, pipelineOptions(options));
      return {
        ok: true,
        buffer: image.buffer,
        format: image.format,
        width: image.width,
        height: image.height,
        bytes: image.bytes,
        warnings: image.warnings.map((w) => w.message),
      };
    } catch (error) {
      const message = error instanceof ImageError || error instanceof Error ? error.message : String(error);
      return { ok: false, message, retryable: false };
    }
  },
};

function pipelineOptions(options: PrepareOptions): Parameters<typeof prepare>[1] {
  return {
    target: options.size,
    mode: options.fit,
    focus: options.focus,
    crop: options.crop,
    background: options.background,
    format: options.format,
  };
}
