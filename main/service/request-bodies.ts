// What the client sends: a new shot as multipart form data, shot changes as JSON, and a form
// handed to the connection chunk by chunk so an upload's progress follows the bytes really taken.
import type { ShotMetadata } from '../../common/shot-metadata';

/** The image of a new shot: its bytes, a file name and media type. */
export interface ShotImage {
  data: Blob | Uint8Array;
  filename: string;
  contentType?: string;
}

/** A new shot: its fields (common/shot-metadata.ts) and its image. */
export interface NewShot extends ShotMetadata {
  image: ShotImage;
}

export interface ShotChanges {
  title?: string;
  description?: string;
  lowProfile?: boolean;
  scheduledFor?: string;
  /** Replaces all tags. */
  tags?: string[];
  /** null removes the team association. */
  teamId?: number | null;
}

/**
 * The form encoded once (multipart, with its boundary), then handed to the connection in chunks as
 * it asks for them, so `onProgress` follows the bytes actually taken for sending.
 */
export async function countedBody(
  form: FormData,
  onProgress: (sentBytes: number, totalBytes: number) => void,
): Promise<{ body: ReadableStream<Uint8Array>; contentType: string }> {
  const encoded = new Response(form);
  const contentType = encoded.headers.get('content-type') ?? 'multipart/form-data';
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  const chunk = 64 * 1024;
  let sent = 0;
  onProgress(0, bytes.length);
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes.length) {
        controller.close();
        return;
      }
      const end = Math.min(bytes.length, sent + chunk);
      controller.enqueue(bytes.subarray(sent, end));
      sent = end;
      onProgress(sent, bytes.length);
    },
  });
  return { body, contentType };
}

export function shotForm(shot: NewShot): FormData {
  const form = new FormData();
  const { data, filename, contentType } = shot.image;
  const blob =
    data instanceof Blob
      ? data
      : new Blob([data as Uint8Array<ArrayBuffer>], { type: contentType ?? 'application/octet-stream' });
  form.append('image', blob, filename);
  form.append('title', shot.title);
  if (shot.description !== undefined) form.append('description', shot.description);
  if (shot.lowProfile !== undefined) form.append('low_profile', String(shot.lowProfile));
  if (shot.reboundSourceId !== undefined) form.append('rebound_source_id', String(shot.reboundSourceId));
  if (shot.scheduledFor !== undefined) form.append('scheduled_for', shot.scheduledFor);
  if (shot.teamId !== undefined) form.append('team_id', String(shot.teamId));
  for (const tag of shot.tags ?? []) form.append('tags[]', tag);
  return form;
}

export function shotChangesBody(changes: ShotChanges): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (changes.title !== undefined) body.title = changes.title;
  if (changes.description !== undefined) body.description = changes.description;
  if (changes.lowProfile !== undefined) body.low_profile = changes.lowProfile;
  if (changes.scheduledFor !== undefined) body.scheduled_for = changes.scheduledFor;
  if (changes.tags !== undefined) body.tags = changes.tags;
  if (changes.teamId !== undefined) body.team_id = changes.teamId === null ? '' : changes.teamId;
  return body;
}
