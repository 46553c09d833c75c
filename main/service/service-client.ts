// The one client of the service: every endpoint of the spec, what each answers and what its 404
// means, each request tagged with the operation it belongs to (the words of its failure). How a
// request travels (token, governor, time limits, reading answers) is service-transport.ts.
// Failures are thrown as ServiceError values (see service-error.ts).
import { AuthenticatedUserSchema, CommentLikeSchema, CommentSchema, PopularShotSchema, ShotSchema } from './resources';
import type { AuthenticatedUser, Comment, CommentLike, PopularShot, Shot } from './resources';
import { ServiceError } from './service-error';
import { operations } from './problem';
import type { ServiceOperation } from './service-error';
import { shotChangesBody, shotForm } from './request-bodies';
import type { NewShot, ShotChanges } from './request-bodies';
export type { NewShot, ShotChanges, ShotImage } from './request-bodies';
import type { Page, PageRequest } from './pagination';
import type { RateLimitGovernor } from './rate-limit-governor';
import { ServiceTransport, errorFromBody } from './service-transport';
import type { CallOptionsPublic, ServiceClientOptions } from './service-transport';
export type { CallOptionsPublic, ServiceClientOptions } from './service-transport';

export interface CreatedShot {
  id: number;
  /** Answers 404 until processing is done, then the shot. */
  location: string;
}

export interface CreatedComment {
  comment: Comment;
  location: string | null;
}

/** What a DELETE did: removed it now, or found it already gone. */
export type DeleteOutcome = 'deleted' | 'already-gone';

export class ServiceClient {
  private readonly http: ServiceTransport;

  constructor(options: ServiceClientOptions) {
    this.http = new ServiceTransport(options);
  }

  get apiUrl(): string {
    return this.http.apiUrl;
  }

  get governor(): RateLimitGovernor {
    return this.http.governor;
  }

  /**
   * Whether v1 (comments) is retired on this service: learned once, from a v1 401 while v2 takes
   * the same token, so later comment requests are answered at once without asking again.
   */
  get commentsRetired(): boolean {
    return this.http.commentsRetired;
  }

  // ---- v2: the user and shots ----

  /** The signed-in user with `teams` (team membership); `pro` and `type` tell who may schedule. */
  async getUser(options: CallOptionsPublic = {}): Promise<AuthenticatedUser> {
    return this.during(operations.getUser(), async () =>
      this.http.read('GET', '/v2/user', AuthenticatedUserSchema, 'the user', options),
    );
  }

  async listUserShots(request: PageRequest = {}, options: CallOptionsPublic = {}): Promise<Page<Shot>> {
    return this.during(operations.listUserShots(), () =>
      this.http.list('/v2/user/shots', ShotSchema, 'a shot', request, options),
    );
  }

  /** Only for applications approved for it; others get a 403 ServiceError. */
  async listPopularShots(request: PageRequest = {}, options: CallOptionsPublic = {}): Promise<Page<PopularShot>> {
    return this.during(operations.listPopularShots(), () =>
      this.http.list('/v2/popular_shots', PopularShotSchema, 'a popular shot', request, options),
    );
  }

  async getShot(id: number, options: CallOptionsPublic = {}): Promise<Shot> {
    const path = `/v2/shots/${shotId(id)}`;
    return this.during(operations.getShot(id), async () => this.http.read('GET', path, ShotSchema, 'a shot', options));
  }

  /**
   * Looks at a created shot's Location: null while it is still processing (404), the shot when done.
   * Only this service's own addresses are followed (for the bundled sandbox, also its own old ports:
   * see ServiceTransport.pathUnderApi), so the token never goes elsewhere.
   */
  async getShotAtLocation(location: string, options: CallOptionsPublic = {}): Promise<Shot | null> {
    return this.during(operations.getShot(Number(location.split('/').filter(Boolean).at(-1)) || 0), async () => {
      const path = this.http.pathUnderApi(location);
      const response = await this.http.call('GET', path, options, [404]);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      return this.http.parse(response, ShotSchema, 'a shot', 'GET', path);
    });
  }

  /**
   * Uploads a shot (multipart). Answers once the service accepted it for processing.
   * A lost connection gives a ServiceError of kind "unknown-outcome": look for the shot before sending again.
   */
  async createShot(
    shot: NewShot,
    options: CallOptionsPublic & { onProgress?: (sentBytes: number, totalBytes: number) => void } = {},
  ): Promise<CreatedShot> {
    return this.during(operations.createShot(), async () => {
      const path = '/v2/shots';
      const response = await this.http.call('POST', path, {
        ...options,
        form: () => shotForm(shot),
        timeoutMs: this.http.uploadTimeoutMs,
      });
      await response.body?.cancel();
      const location = response.headers.get('location');
      const id = location
        ? Number(this.http.absolute(location).pathname.split('/').filter(Boolean).at(-1))
        : Number.NaN;
      if (!location || !Number.isInteger(id)) {
        throw new ServiceError({
          kind: 'invalid-response',
          status: response.status,
          message: 'The service accepted the shot but did not say where it is (no usable Location header).',
          method: 'POST',
          path,
        });
      }
      return { id, location: this.http.absolute(location).toString() };
    });
  }

  async updateShot(id: number, changes: ShotChanges, options: CallOptionsPublic = {}): Promise<Shot> {
    return this.during(operations.updateShot(id), async () => {
      const path = `/v2/shots/${shotId(id)}`;
      return this.http.read('PUT', path, ShotSchema, 'a shot', { ...options, json: shotChangesBody(changes) });
    });
  }

  /** 'already-gone' when the shot was deleted before (elsewhere): the one place a 404 on delete is decided. */
  async deleteShot(id: number, options: CallOptionsPublic = {}): Promise<DeleteOutcome> {
    return this.during(operations.deleteShot(id), async () => this.remove(`/v2/shots/${shotId(id)}`, options, true));
  }

  // ---- v1: comments and comment likes ----

  async listComments(shot: number, request: PageRequest = {}, options: CallOptionsPublic = {}): Promise<Page<Comment>> {
    return this.during(operations.listComments(shot), () =>
      this.http.list(`/v1/shots/${shotId(shot)}/comments`, CommentSchema, 'a comment', request, options),
    );
  }

  async getComment(shot: number, id: number, options: CallOptionsPublic = {}): Promise<Comment> {
    const path = commentPath(shot, id);
    return this.during(operations.getComment(shot, id), async () =>
      this.http.read('GET', path, CommentSchema, 'a comment', options),
    );
  }

  async createComment(shot: number, body: string, options: CallOptionsPublic = {}): Promise<CreatedComment> {
    return this.during(operations.createComment(shot), async () => {
      const path = `/v1/shots/${shotId(shot)}/comments`;
      const response = await this.http.call('POST', path, { ...options, json: { body } });
      const location = response.headers.get('location');
      const comment = await this.http.parse(response, CommentSchema, 'a comment', 'POST', path);
      return { comment, location: location ? this.http.absolute(location).toString() : null };
    });
  }

  async updateComment(shot: number, id: number, body: string, options: CallOptionsPublic = {}): Promise<Comment> {
    const path = commentPath(shot, id);
    return this.during(operations.updateComment(shot, id), async () =>
      this.http.read('PUT', path, CommentSchema, 'a comment', { ...options, json: { body } }),
    );
  }

  async deleteComment(shot: number, id: number, options: CallOptionsPublic = {}): Promise<void> {
    return this.during(
      operations.deleteComment(shot, id),
      async () => void (await this.remove(commentPath(shot, id), options, false)),
    );
  }

  async listCommentLikes(
    shot: number,
    comment: number,
    request: PageRequest = {},
    options: CallOptionsPublic = {},
  ): Promise<Page<CommentLike>> {
    return this.during(operations.listCommentLikes(shot, comment), () =>
      this.http.list(`${commentPath(shot, comment)}/likes`, CommentLikeSchema, 'a comment like', request, options),
    );
  }

  /** The signed-in user's like of the comment, or null when they do not like it. */
  async getCommentLike(shot: number, comment: number, options: CallOptionsPublic = {}): Promise<CommentLike | null> {
    return this.during(operations.getCommentLike(shot, comment), async () => {
      const path = `${commentPath(shot, comment)}/like`;
      const response = await this.http.call('GET', path, options, [404]);
      if (response.status === 404) {
        // "Not liked" is a 404 with an empty body; a 404 with a message means the comment itself is missing.
        const text = await response.text();
        if (text.trim() === '') return null;
        throw errorFromBody(404, text, 'GET', path);
      }
      return this.http.parse(response, CommentLikeSchema, 'a comment like', 'GET', path);
    });
  }

  async isCommentLiked(shot: number, comment: number, options: CallOptionsPublic = {}): Promise<boolean> {
    return (await this.getCommentLike(shot, comment, options)) !== null;
  }

  async likeComment(shot: number, comment: number, options: CallOptionsPublic = {}): Promise<CommentLike> {
    const path = `${commentPath(shot, comment)}/like`;
    return this.during(operations.likeComment(shot, comment), async () =>
      this.http.read('POST', path, CommentLikeSchema, 'a comment like', options),
    );
  }

  async unlikeComment(shot: number, comment: number, options: CallOptionsPublic = {}): Promise<void> {
    return this.during(
      operations.unlikeComment(shot, comment),
      async () => void (await this.remove(`${commentPath(shot, comment)}/like`, options, false)),
    );
  }

  // ---- the plumbing ----

  /** Runs one operation of the client: any ServiceError it ends in carries the operation, for its sentence. */
  private async during<T>(operation: ServiceOperation, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ServiceError) error.operation ??= operation;
      throw error;
    }
  }

  /**
   * DELETE, retried like any idempotent request. If an earlier attempt may have reached the server
   * (dropped connection, 5xx), a final 404 means that attempt did the job: it is deleted. Any other
   * 404 means someone deleted it before: 'already-gone' where that is an answer (a shot), an error
   * where it is not (a comment that was never there).
   */
  private async remove(path: string, options: CallOptionsPublic, goneIsAnAnswer: boolean): Promise<DeleteOutcome> {
    let uncertain = false;
    const response = await this.http.call(
      'DELETE',
      path,
      { ...options, onUncertainRetry: () => (uncertain = true) },
      [404],
    );
    const text = await response.text().catch(() => '');
    if (response.status !== 404 || uncertain) return 'deleted';
    if (goneIsAnAnswer) return 'already-gone';
    throw errorFromBody(404, text, 'DELETE', path);
  }
}

function shotId(id: number): string {
  if (!Number.isSafeInteger(id) || id <= 0)
    throw new RangeError(`A shot or comment id is a positive whole number, not ${id}.`);
  return String(id);
}

function commentPath(shot: number, comment: number): string {
  return `/v1/shots/${shotId(shot)}/comments/${shotId(comment)}`;
}
