// The comments panel: a shot's comments, writing and editing one's own, likes.
import * as v from 'valibot';
import { answers, pageNumber, positiveId } from './base';

const commentBody = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'A comment cannot be empty.'),
  v.maxLength(10_000, 'A comment has at most 10,000 characters.'),
);
const commentRef = { shotId: positiveId, commentId: positiveId };

export interface PersonView {
  id: number;
  name: string;
  username: string;
  htmlUrl: string;
  avatarUrl: string | null;
}

export interface CommentView {
  id: number;
  shotId: number;
  /** The service's HTML, unsanitized: the renderer sanitizes it before showing it. */
  bodyHtml: string;
  likesCount: number;
  createdAt: string;
  updatedAt: string;
  author: PersonView;
  /** Written by the signed-in user: they may edit and delete it. */
  own: boolean;
  likedByMe: boolean;
}

export interface CommentListPage {
  comments: CommentView[];
  nextPage: number | null;
}

export interface CommentLikeView {
  id: number;
  createdAt: string;
  user: PersonView | null;
}

export const commentsRequests = {
  'comments.list': {
    payload: v.strictObject({ shotId: positiveId, page: pageNumber }),
    result: answers<CommentListPage>(),
  },
  'comments.add': {
    payload: v.strictObject({ shotId: positiveId, body: commentBody }),
    result: answers<CommentView>(),
  },
  'comments.edit': { payload: v.strictObject({ ...commentRef, body: commentBody }), result: answers<CommentView>() },
  'comments.delete': { payload: v.strictObject(commentRef), result: answers<null>() },
  'comments.like': { payload: v.strictObject(commentRef), result: answers<null>() },
  'comments.unlike': { payload: v.strictObject(commentRef), result: answers<null>() },
  'comments.liked': { payload: v.strictObject(commentRef), result: answers<boolean>() },
  /** Who liked the comment (the first 100). */
  'comments.likes': { payload: v.strictObject(commentRef), result: answers<CommentLikeView[]>() },
} as const;
