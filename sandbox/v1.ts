// v1: comments on shots and likes of comments (all nine endpoints).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, notFound, validationFailed } from './errors';
import { requireToken, requireUser, requireUserWithScope } from './api-auth';
import { bodyFields, paginate, pathId } from './params';
import type { SandboxContext } from './context';
import type { CommentRecord, ShotRecord, UserRecord } from './model';

const MAX_BODY = 10_000;

export function registerV1(app: FastifyInstance, ctx: SandboxContext): void {
  const { store, presenter } = ctx;

  /** A shot others can see (published), or the caller's own processed shot. */
  const visibleShot = (req: FastifyRequest, user: UserRecord | undefined): ShotRecord => {
    const shot = store.shot(pathId((req.params as Record<string, unknown>).shot));
    if (!shot || !store.isReady(shot)) throw notFound();
    if (shot.publishedAt === null && shot.userId !== user?.id) throw notFound();
    return shot;
  };

  const commentOf = (req: FastifyRequest, shot: ShotRecord): CommentRecord => {
    const id = pathId((req.params as Record<string, unknown>).id);
    const c = store.state.comments.find((x) => x.id === id && x.shotId === shot.id);
    if (!c) throw notFound();
    return c;
  };

  const readBody = (req: FastifyRequest): string => {
    const v = bodyFields(req).body;
    if (v !== undefined && v !== null && typeof v !== 'string')
      throw validationFailed([{ attribute: 'body', message: 'must be a string' }]);
    const text = (v ?? '').trim();
    if (text === '') throw validationFailed([{ attribute: 'body', message: "can't be blank" }]);
    if (text.length > MAX_BODY)
      throw validationFailed([{ attribute: 'body', message: `is too long (maximum is ${MAX_BODY} characters)` }]);
    return text;
  };

  const base = '/v1/shots/:shot/comments';

  app.get(base, async (req, reply) => {
    const a = requireToken(req);
    const shot = visibleShot(req, a.user);
    const comments = store.state.comments
      .filter((c) => c.shotId === shot.id)
      .sort((x, y) => x.createdAt - y.createdAt || x.id - y.id);
    return paginate(req, reply, presenter.url, comments).map((c) => presenter.comment(c));
  });

  app.post(base, async (req, reply) => {
    const { user } = requireUserWithScope(req, 'comment');
    const shot = visibleShot(req, user);
    const text = readBody(req);
    const now = store.now();
    const c: CommentRecord = {
      id: store.nextId('comment'),
      shotId: shot.id,
      userId: user.id,
      bodyHtml: presenter.storedHtml(text),
      createdAt: now,
      updatedAt: now,
    };
    store.state.comments.push(c);
    store.markDirty();
    return reply.code(201).header('location', presenter.commentUrl(c)).send(presenter.comment(c));
  });

  app.get(`${base}/:id`, async (req) => {
    const a = requireToken(req);
    return presenter.comment(commentOf(req, visibleShot(req, a.user)));
  });

  app.put(`${base}/:id`, async (req) => {
    const { user } = requireUserWithScope(req, 'comment');
    const c = commentOf(req, visibleShot(req, user));
    if (c.userId !== user.id) throw forbidden('You can only change your own comments.');
    c.bodyHtml = presenter.storedHtml(readBody(req));
    c.updatedAt = store.now();
    store.markDirty();
    return presenter.comment(c);
  });

  app.delete(`${base}/:id`, async (req, reply) => {
    const { user } = requireUserWithScope(req, 'comment');
    const c = commentOf(req, visibleShot(req, user));
    if (c.userId !== user.id) throw forbidden('You can only delete your own comments.');
    store.state.comments = store.state.comments.filter((x) => x !== c);
    store.state.likes = store.state.likes.filter((l) => l.commentId !== c.id);
    store.markDirty();
    return reply.code(204).send();
  });

  app.get(`${base}/:id/likes`, async (req, reply) => {
    const a = requireToken(req);
    const c = commentOf(req, visibleShot(req, a.user));
    const likes = store.state.likes
      .filter((l) => l.commentId === c.id)
      .sort((x, y) => x.createdAt - y.createdAt || x.id - y.id);
    return paginate(req, reply, presenter.url, likes).map((l) => presenter.like(l, true));
  });

  app.get(`${base}/:id/like`, async (req, reply) => {
    const { user } = requireUser(req);
    const c = commentOf(req, visibleShot(req, user));
    const like = store.state.likes.find((l) => l.commentId === c.id && l.userId === user.id);
    if (!like) return reply.code(404).send();
    return presenter.like(like, false);
  });

  app.post(`${base}/:id/like`, async (req, reply) => {
    const { user } = requireUserWithScope(req, 'write');
    const c = commentOf(req, visibleShot(req, user));
    let like = store.state.likes.find((l) => l.commentId === c.id && l.userId === user.id);
    if (!like) {
      like = { id: store.nextId('like'), commentId: c.id, userId: user.id, createdAt: store.now() };
      store.state.likes.push(like);
      store.markDirty();
    }
    return reply.code(201).send(presenter.like(like, false));
  });

  app.delete(`${base}/:id/like`, async (req, reply) => {
    const { user } = requireUserWithScope(req, 'write');
    const c = commentOf(req, visibleShot(req, user));
    store.state.likes = store.state.likes.filter((l) => !(l.commentId === c.id && l.userId === user.id));
    store.markDirty();
    return reply.code(204).send();
  });
}
