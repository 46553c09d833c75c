// The comments panel: a shot's comments with whether the user likes each, writing, editing and
// deleting their own, likes. Comment bodies go to the renderer as the service sent them; the
// renderer sanitizes them (DOMPurify) right before showing them.
import type { CommentView, PersonView } from '../../../common/contract/index';
import { displayNameOf, handleOf } from '../../service/resources';
import type { Comment, User } from '../../service/resources';
import type { RequestHandlers } from '../../../common/contract/index';
import type { ServiceAccess } from './service-access';
import { operations, withService } from '../../service/problem';

export const COMMENTS_PER_PAGE = 50;
/** Who liked a comment: the first page is enough for a popover. */
export const LIKES_SHOWN = 100;

type CommentRequests =
  | 'comments.list'
  | 'comments.add'
  | 'comments.edit'
  | 'comments.delete'
  | 'comments.like'
  | 'comments.unlike'
  | 'comments.liked'
  | 'comments.likes';

export function createCommentsHandlers(access: ServiceAccess): Pick<RequestHandlers, CommentRequests> {
  return {
    'comments.list': ({ shotId, page }) =>
      withService(access, operations.listComments(shotId), async (client) => {
        const [me, listed] = await Promise.all([
          access.user(client),
          client.listComments(shotId, { page: page ?? 1, perPage: COMMENTS_PER_PAGE }),
        ]);
        // One small request per liked comment (nobody likes a comment with no likes); the
        // rate-limit governor paces them.
        const liked = await Promise.all(
          listed.items.map((comment) => (comment.likes_count > 0 ? client.isCommentLiked(shotId, comment.id) : false)),
        );
        return {
          comments: listed.items.map((comment, index) => toCommentView(shotId, comment, me.id, liked[index] ?? false)),
          nextPage: listed.nextPage,
        };
      }),

    'comments.add': ({ shotId, body }) =>
      withService(access, operations.createComment(shotId), async (client) => {
        const [me, created] = await Promise.all([access.user(client), client.createComment(shotId, body)]);
        return toCommentView(shotId, created.comment, me.id, false);
      }),

    'comments.edit': ({ shotId, commentId, body }) =>
      withService(access, operations.updateComment(shotId, commentId), async (client) => {
        const [me, updated, liked] = await Promise.all([
          access.user(client),
          client.updateComment(shotId, commentId, body),
          client.isCommentLiked(shotId, commentId),
        ]);
        return toCommentView(shotId, updated, me.id, liked);
      }),

    'comments.delete': ({ shotId, commentId }) =>
      withService(access, operations.deleteComment(shotId, commentId), async (client) => {
        await client.deleteComment(shotId, commentId);
        return null;
      }),

    'comments.like': ({ shotId, commentId }) =>
      withService(access, operations.likeComment(shotId, commentId), async (client) => {
        await client.likeComment(shotId, commentId);
        return null;
      }),

    'comments.unlike': ({ shotId, commentId }) =>
      withService(access, operations.unlikeComment(shotId, commentId), async (client) => {
        await client.unlikeComment(shotId, commentId);
        return null;
      }),

    'comments.liked': ({ shotId, commentId }) =>
      withService(access, operations.getCommentLike(shotId, commentId), (client) =>
        client.isCommentLiked(shotId, commentId),
      ),

    'comments.likes': ({ shotId, commentId }) =>
      withService(access, operations.listCommentLikes(shotId, commentId), async (client) => {
        const likes = await client.listCommentLikes(shotId, commentId, { perPage: LIKES_SHOWN });
        return likes.items.map((like) => ({
          id: like.id,
          createdAt: like.created_at,
          user: like.user ? toPersonView(like.user) : null,
        }));
      }),
  };
}

export function toCommentView(shotId: number, comment: Comment, myId: number, likedByMe: boolean): CommentView {
  return {
    id: comment.id,
    shotId,
    bodyHtml: comment.body,
    likesCount: comment.likes_count,
    createdAt: comment.created_at,
    updatedAt: comment.updated_at,
    author: toPersonView(comment.user),
    own: comment.user.id === myId,
    likedByMe,
  };
}

export function toPersonView(user: User): PersonView {
  return {
    id: user.id,
    name: displayNameOf(user),
    username: handleOf(user),
    htmlUrl: user.html_url ?? '',
    avatarUrl: user.avatar_url ?? null,
  };
}
