// Images and the few human pages (index, profiles, shots) that html_url links point to.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml } from './html';
import type { SandboxContext } from './context';

function html(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}</style></head><body>${body}</body></html>`);
}

export function registerPages(app: FastifyInstance, ctx: SandboxContext): void {
  const { store, presenter } = ctx;

  app.get('/images/*', async (req, reply) => {
    const key = (req.params as Record<string, string>)['*'] ?? '';
    const img = await ctx.images.get(key);
    if (!img) return reply.code(404).send({ message: 'Not found.' });
    return reply
      .header('content-type', img.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(img.data);
  });

  app.get('/', async (_req, reply) => {
    const users = store.state.users
      .map(
        (u) =>
          `<li><a href="/${escapeHtml(u.username)}">${escapeHtml(u.username)}</a> (${u.type}${u.pro ? ', pro' : ''})</li>`,
      )
      .join('');
    return html(
      reply,
      200,
      'Sandbox',
      `<h1>Design-sharing sandbox</h1><p>A local implementation of the service for Shotput. Every password is <code>sandbox</code>.</p><ul>${users}</ul>`,
    );
  });

  app.get('/shots/:id', async (req, reply) => {
    const raw = (req.params as Record<string, string>).id ?? '';
    const id = /^\d{1,15}/.exec(raw)?.[0];
    const shot = id ? store.shot(Number(id)) : undefined;
    if (!shot || shot.publishedAt === null || !store.isReady(shot))
      return html(reply, 404, 'Not found', '<h1>Not found</h1>');
    const owner = store.user(shot.userId);
    const img = presenter.images(shot);
    return html(
      reply,
      200,
      shot.title,
      `<h1>${escapeHtml(shot.title)}</h1><p>by <a href="/${escapeHtml(owner?.username ?? '')}">${escapeHtml(owner?.name ?? '')}</a></p>
<img src="${escapeHtml(img.hidpi ?? img.normal ?? '')}" width="400" height="300" alt="">${presenter.render(shot.description)}`,
    );
  });

  app.get('/:username', async (req, reply) => {
    const user = store.userByName((req.params as Record<string, string>).username ?? '');
    if (!user) return html(reply, 404, 'Not found', '<h1>Not found</h1>');
    const shots = store.state.shots
      .filter((s) => s.userId === user.id && s.publishedAt !== null && store.isReady(s))
      .map((s) => `<li><a href="/shots/${s.id}">${escapeHtml(s.title)}</a></li>`)
      .join('');
    return html(
      reply,
      200,
      user.name,
      `<h1>${escapeHtml(user.name)} (@${escapeHtml(user.username)})</h1>${presenter.render(user.bio)}<ul>${shots}</ul>`,
    );
  });
}
