// v2: the authenticated user and shots.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, notFound, validationFailed } from './errors';
import type { FieldError } from './errors';
import { requireToken, requireUser, requireUserWithScope } from './api-auth';
import { probeImage, renderShotImages } from './images';
import type { Probe, RenderedShot } from './images';
import {
  bodyFields,
  MAX_TAGS,
  paginate,
  parseBoolean,
  parseInteger,
  parseTags,
  parseTimestamp,
  pathId,
} from './params';
import type { SandboxContext } from './context';
import type { ShotRecord, UserRecord } from './model';
import { randomToken } from './random';

export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
const MAX_TITLE = 255;
const MAX_DESCRIPTION = 10_000;
const MAX_TAG_LENGTH = 50;

export function canSchedule(user: UserRecord): boolean {
  return user.pro || user.type === 'Team' || user.teamIds.length > 0;
}

interface ImageUpload {
  data?: Buffer;
  tooLarge?: boolean;
}

/** Reads a multipart form: fields as lists of strings, and the `image` file (kept only up to 8 MB). */
async function readMultipart(
  req: FastifyRequest,
): Promise<{ fields: Record<string, unknown[]>; image: ImageUpload | undefined; errors: FieldError[] }> {
  const fields: Record<string, unknown[]> = Object.create(null) as Record<string, unknown[]>;
  const errors: FieldError[] = [];
  let image: ImageUpload | undefined;
  const parts = req.parts({
    // throwFileSizeLimit is off for the whole plugin (server.ts): a too-large file is reported as a 422.
    limits: { fileSize: MAX_IMAGE_BYTES, files: 4, fields: 100, parts: 110, fieldSize: 256 * 1024, headerPairs: 200 },
  });
  for await (const part of parts) {
    if (part.type === 'file') {
      if (part.fieldname === 'image' && image === undefined) {
        const chunks: Buffer[] = [];
        let tooLarge = false;
        // Past the limit busboy stops handing over data and marks the stream truncated: the rest of
        // the part is read from the socket and dropped, never buffered.
        for await (const chunk of part.file) {
          if (!tooLarge) chunks.push(chunk as Buffer);
          if (part.file.truncated) {
            tooLarge = true;
            chunks.length = 0;
          }
        }
        if (part.file.truncated) tooLarge = true;
        image = tooLarge ? { tooLarge: true } : { data: Buffer.concat(chunks) };
      } else {
        if (part.fieldname === 'image') errors.push({ attribute: 'image', message: 'must be a single file' });
        for await (const _ of part.file) {
          // drain other files
        }
      }
    } else {
      if (part.valueTruncated) errors.push({ attribute: part.fieldname, message: 'is too long' });
      (fields[part.fieldname] ??= []).push(part.value);
    }
  }
  return { fields, image, errors };
}

function listFromBody(b: Record<string, unknown>): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = Object.create(null) as Record<string, unknown[]>;
  for (const [k, v] of Object.entries(b)) out[k] = Array.isArray(v) && k.endsWith('[]') ? v : [v];
  return out;
}

interface ShotInput {
  title?: string;
  description?: string;
  lowProfile?: boolean;
  tags?: string[];
  /** null removes the team. */
  teamId?: number | null;
  /** null means: publish now. */
  scheduledFor?: number | null;
  reboundSourceId?: number;
}

/** Validates shot parameters shared by create and update; pushes field errors. */
function readShotInput(
  ctx: SandboxContext,
  user: UserRecord,
  f: Record<string, unknown[]>,
  errors: FieldError[],
  creating: boolean,
): ShotInput {
  const input: ShotInput = {};
  const has = (k: string) => f[k] !== undefined;
  const one = (k: string): unknown => f[k]?.[0];
  const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

  if (creating || has('title')) {
    const t = one('title');
    if (t !== undefined && t !== null && typeof t !== 'string')
      errors.push({ attribute: 'title', message: 'must be a string' });
    else if (blank(t)) errors.push({ attribute: 'title', message: "can't be blank" });
    else if ((t as string).trim().length > MAX_TITLE)
      errors.push({ attribute: 'title', message: `is too long (maximum is ${MAX_TITLE} characters)` });
    else input.title = (t as string).trim();
  }
  if (has('description')) {
    const d = one('description');
    if (d !== null && typeof d !== 'string') errors.push({ attribute: 'description', message: 'must be a string' });
    else if ((d ?? '').length > MAX_DESCRIPTION)
      errors.push({ attribute: 'description', message: `is too long (maximum is ${MAX_DESCRIPTION} characters)` });
    else input.description = d ?? '';
  }
  if (has('low_profile')) {
    const b = parseBoolean(one('low_profile'));
    if (!b.ok) errors.push({ attribute: 'low_profile', message: 'must be true or false' });
    else input.lowProfile = b.value;
  }
  if (has('tags') || has('tags[]')) {
    const t = parseTags([...(f.tags ?? []), ...(f['tags[]'] ?? [])]);
    if (!t.ok) errors.push({ attribute: 'tags', message: 'must be a list of strings' });
    else if (t.value.length > MAX_TAGS)
      errors.push({ attribute: 'tags', message: `is too long (maximum is ${MAX_TAGS} tags)` });
    else if (t.value.some((x) => x.length > MAX_TAG_LENGTH))
      errors.push({ attribute: 'tags', message: `has a tag longer than ${MAX_TAG_LENGTH} characters` });
    else input.tags = t.value;
  }
  if (has('team_id')) {
    const v = one('team_id');
    if (blank(v)) {
      if (!creating) input.teamId = null;
    } else {
      const id = parseInteger(v);
      const team = id.ok ? ctx.store.user(id.value) : undefined;
      if (!id.ok) errors.push({ attribute: 'team_id', message: 'must be an integer' });
      else if (!team || team.type !== 'Team') errors.push({ attribute: 'team_id', message: 'is not a team' });
      else if (team.id !== user.id && !user.teamIds.includes(team.id))
        errors.push({ attribute: 'team_id', message: 'you are not a member of this team' });
      else input.teamId = team.id;
    }
  }
  if (has('scheduled_for')) {
    const v = one('scheduled_for');
    if (!canSchedule(user)) {
      if (!blank(v))
        errors.push({
          attribute: 'scheduled_for',
          message: 'is only available to pro accounts, teams and team members',
        });
    } else if (blank(v)) {
      if (!creating) input.scheduledFor = null;
    } else {
      const ts = parseTimestamp(v);
      if (!ts.ok) errors.push({ attribute: 'scheduled_for', message: 'must be an ISO 8601 timestamp' });
      else if (ts.value <= ctx.store.now())
        errors.push({ attribute: 'scheduled_for', message: 'must be in the future' });
      else input.scheduledFor = ts.value;
    }
  }
  if (creating && has('rebound_source_id') && !blank(one('rebound_source_id'))) {
    const id = parseInteger(one('rebound_source_id'));
    const source = id.ok ? ctx.store.shot(id.value) : undefined;
    if (!id.ok) errors.push({ attribute: 'rebound_source_id', message: 'must be an integer' });
    else if (!source || !ctx.store.isReady(source) || source.publishedAt === null)
      errors.push({ attribute: 'rebound_source_id', message: 'does not exist' });
    else input.reboundSourceId = source.id;
  }
  return input;
}

/** A shot the caller may address: processed, and (for these endpoints) owned by the caller. */
function ownShot(
  ctx: SandboxContext,
  req: FastifyRequest,
  user: UserRecord,
  ownerError: 'notFound' | 'forbidden',
): ShotRecord {
  const id = pathId((req.params as Record<string, unknown>).id);
  const shot = ctx.store.shot(id);
  if (!shot || !ctx.store.isReady(shot)) throw notFound();
  if (shot.userId !== user.id)
    throw ownerError === 'notFound' ? notFound() : forbidden('You can only change your own shots.');
  return shot;
}

/**
 * A form-encoded PUT from a client library carries every field, the ones not being changed as empty
 * values: those mean "unchanged", where the spec is silent. The spec does say what an empty
 * `team_id` means: it removes the team association, in a form as in JSON.
 */
function formPutFields(req: FastifyRequest): Record<string, unknown> {
  const fields = bodyFields(req);
  if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] ?? '')) return fields;
  return Object.fromEntries(Object.entries(fields).filter(([name, value]) => value !== '' || name === 'team_id'));
}

export function registerV2(app: FastifyInstance, ctx: SandboxContext): void {
  const { store, presenter } = ctx;

  app.get('/v2/user', async (req) => {
    const { user } = requireUser(req);
    const teams = user.teamIds.map((id) => store.user(id)).filter((t): t is UserRecord => t !== undefined);
    return { ...presenter.user(user), teams: teams.map((t) => presenter.team(t)) };
  });

  app.get('/v2/user/shots', async (req, reply) => {
    const { user } = requireUser(req);
    const shots = store.state.shots
      .filter((s) => s.userId === user.id && store.isReady(s))
      .sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
    return paginate(req, reply, presenter.url, shots).map((s) => presenter.shot(s));
  });

  app.get('/v2/popular_shots', async (req, reply) => {
    const a = requireToken(req);
    if (!a.app.approved) throw forbidden('This application is not approved for popular shots.');
    const score = (s: ShotRecord) => {
      const commentIds = new Set(store.state.comments.filter((c) => c.shotId === s.id).map((c) => c.id));
      return commentIds.size + store.state.likes.filter((l) => commentIds.has(l.commentId)).length;
    };
    const shots = store.state.shots
      .filter((s) => s.publishedAt !== null && !s.lowProfile && store.isReady(s))
      .map((s) => ({ s, score: score(s) }))
      .sort((x, y) => y.score - x.score || (y.s.publishedAt ?? 0) - (x.s.publishedAt ?? 0) || y.s.id - x.s.id)
      .map((x) => x.s);
    return paginate(req, reply, presenter.url, shots).map((s) => presenter.popularShot(s));
  });

  app.get('/v2/shots/:id', async (req) => {
    const { user } = requireUser(req);
    return presenter.shot(ownShot(ctx, req, user, 'notFound'));
  });

  app.post('/v2/shots', async (req, reply) => {
    const { user } = requireUserWithScope(req, 'upload');
    let fields: Record<string, unknown[]>;
    let image: ImageUpload | undefined;
    const errors: FieldError[] = [];
    if (req.isMultipart()) {
      const form = await readMultipart(req);
      fields = form.fields;
      image = form.image;
      errors.push(...form.errors);
    } else {
      fields = listFromBody(bodyFields(req));
    }
    // Checked once the request is read, so the refusal never cuts off an upload mid-body.
    ctx.dailyUploads.check(ctx.profile, user.id, store.now());
    const input = readShotInput(ctx, user, fields, errors, true);
    let probe: Probe | undefined;
    if (!image || (image.data && image.data.length === 0))
      errors.push({ attribute: 'image', message: "can't be blank" });
    else if (image.tooLarge) errors.push({ attribute: 'image', message: 'is too large (maximum is 8 MB)' });
    else if (image.data) {
      probe = await probeImage(image.data);
      if (!probe) errors.push({ attribute: 'image', message: 'must be a GIF, JPG or PNG image' });
      else if (!((probe.width === 400 && probe.height === 300) || (probe.width === 800 && probe.height === 600))) {
        errors.push({
          attribute: 'image',
          message: `must be exactly 400x300 or 800x600 (this one is ${probe.width}x${probe.height})`,
        });
      }
    }
    if (errors.length > 0 || !probe || !image?.data) throw validationFailed(errors);
    let rendered: RenderedShot;
    try {
      rendered = await renderShotImages(image.data, probe);
    } catch {
      throw validationFailed([
        { attribute: 'image', message: 'could not be read (the file may be damaged or truncated)' },
      ]);
    }
    // Checked and counted together, after every await of this request: requests in flight at the
    // same time cannot both take the day's last place.
    ctx.dailyUploads.take(ctx.profile, user.id, store.now());
    const id = store.nextId('shot');
    // Ids are sequential: an unguessable part keeps a scheduled shot's images from anyone who has
    // not been given their addresses by the API.
    const folder = `u/${id}/${randomToken(16)}`;
    const keys = {
      hidpi: null as string | null,
      normal: `${folder}/normal.${rendered.normal.ext}`,
      teaser: `${folder}/teaser.${rendered.teaser.ext}`,
    };
    ctx.images.put(keys.normal, rendered.normal.data);
    ctx.images.put(keys.teaser, rendered.teaser.data);
    if (rendered.hidpi) {
      keys.hidpi = `${folder}/hidpi.${rendered.hidpi.ext}`;
      ctx.images.put(keys.hidpi, rendered.hidpi.data);
    }
    const now = store.now();
    const scheduled = input.scheduledFor ?? null;
    store.state.shots.push({
      id,
      userId: user.id,
      title: input.title ?? '',
      description: input.description ?? '',
      tags: input.tags ?? [],
      lowProfile: input.lowProfile ?? false,
      teamId: input.teamId ?? null,
      reboundSourceId: input.reboundSourceId ?? null,
      animated: probe.animated,
      images: keys,
      createdAt: now,
      updatedAt: now,
      publishedAt: scheduled === null ? now : null,
      scheduledFor: scheduled,
      readyAtRealMs: Date.now() + ctx.processingMs,
    });
    store.markDirty();
    return reply.code(202).header('location', `${presenter.url}/v2/shots/${id}`).send();
  });

  app.put('/v2/shots/:id', async (req) => {
    const { user } = requireUserWithScope(req, 'upload');
    const shot = ownShot(ctx, req, user, 'forbidden');
    const fields = listFromBody(formPutFields(req));
    const errors: FieldError[] = [];
    const input = readShotInput(ctx, user, fields, errors, false);
    if (input.scheduledFor !== undefined && shot.publishedAt !== null) {
      errors.push({ attribute: 'scheduled_for', message: 'cannot be changed once the shot is published' });
    }
    if (errors.length > 0) throw validationFailed(errors);
    if (input.title !== undefined) shot.title = input.title;
    if (input.description !== undefined) shot.description = input.description;
    if (input.lowProfile !== undefined) shot.lowProfile = input.lowProfile;
    if (input.tags !== undefined) shot.tags = input.tags;
    if (input.teamId !== undefined) shot.teamId = input.teamId;
    const now = store.now();
    if (input.scheduledFor !== undefined) {
      if (input.scheduledFor === null) {
        shot.scheduledFor = null;
        shot.publishedAt = now;
      } else {
        shot.scheduledFor = input.scheduledFor;
      }
    }
    shot.updatedAt = now;
    store.markDirty();
    return presenter.shot(shot);
  });

  app.delete('/v2/shots/:id', async (req, reply) => {
    const { user } = requireUserWithScope(req, 'upload');
    const shot = ownShot(ctx, req, user, 'forbidden');
    const s = store.state;
    const commentIds = new Set(s.comments.filter((c) => c.shotId === shot.id).map((c) => c.id));
    s.shots = s.shots.filter((x) => x !== shot);
    s.comments = s.comments.filter((c) => !commentIds.has(c.id));
    s.likes = s.likes.filter((l) => !commentIds.has(l.commentId));
    ctx.images.removeShot(shot.id);
    store.markDirty();
    return reply.code(204).send();
  });
}
