// What each request of the service client is for, in the words its failures are told in: "save the
// changes to the shot", the permission it needs, and what a 404 means for it. The client tags every
// error with the operation it belongs to (ServiceError.operation), so the translator (problem.ts)
// never has to guess it back from a method and a path.

export type Scope = 'public' | 'upload' | 'comment' | 'write';

export interface ServiceOperation {
  /** Infinitive phrase: "save the changes to the shot". */
  doing: string;
  /** The scope the service requires for it, if any. */
  scope?: Scope;
  /** The sentence for a 404: what is gone and what to do. */
  notFound: string;
}

const shotGone = (id: number) => `Shot ${id} is not among your shots: it does not exist, or it was deleted.`;
const commentGone = (shot: number, comment: number) =>
  `Comment ${comment} on shot ${shot} was not found (it does not exist, or the shot is not visible to you).`;
const shotNotVisible = (shot: number) => `Shot ${shot} was not found (it does not exist, or it is not visible to you).`;

export const operations = {
  getUser: (): ServiceOperation => ({
    doing: 'read your account',
    notFound: 'The service does not know this account. Sign out, then sign in again.',
  }),
  listUserShots: (): ServiceOperation => ({
    doing: 'list your shots',
    notFound: 'The service has no shot list for this account. Sign out, then sign in again.',
  }),
  listPopularShots: (): ServiceOperation => ({
    doing: 'list popular shots',
    notFound: 'Popular shots are not offered to this application.',
  }),
  getShot: (id: number): ServiceOperation => ({ doing: 'open the shot', notFound: shotGone(id) }),
  createShot: (): ServiceOperation => ({
    doing: 'upload the shot',
    scope: 'upload',
    notFound: 'The service has no place to upload shots to at this address. Check the service settings.',
  }),
  updateShot: (id: number): ServiceOperation => ({
    doing: 'save the changes to the shot',
    scope: 'upload',
    notFound: shotGone(id),
  }),
  deleteShot: (id: number): ServiceOperation => ({ doing: 'delete the shot', scope: 'upload', notFound: shotGone(id) }),
  listComments: (shot: number): ServiceOperation => ({ doing: 'load the comments', notFound: shotNotVisible(shot) }),
  createComment: (shot: number): ServiceOperation => ({
    doing: 'post the comment',
    scope: 'comment',
    notFound: shotNotVisible(shot),
  }),
  getComment: (shot: number, comment: number): ServiceOperation => ({
    doing: 'read the comment',
    notFound: commentGone(shot, comment),
  }),
  updateComment: (shot: number, comment: number): ServiceOperation => ({
    doing: 'save the comment',
    scope: 'comment',
    notFound: commentGone(shot, comment),
  }),
  deleteComment: (shot: number, comment: number): ServiceOperation => ({
    doing: 'delete the comment',
    scope: 'comment',
    notFound: commentGone(shot, comment),
  }),
  listCommentLikes: (shot: number, comment: number): ServiceOperation => ({
    doing: 'list who liked the comment',
    notFound: commentGone(shot, comment),
  }),
  getCommentLike: (shot: number, comment: number): ServiceOperation => ({
    doing: 'check whether you like the comment',
    notFound: commentGone(shot, comment),
  }),
  likeComment: (shot: number, comment: number): ServiceOperation => ({
    doing: 'like the comment',
    scope: 'write',
    notFound: commentGone(shot, comment),
  }),
  unlikeComment: (shot: number, comment: number): ServiceOperation => ({
    doing: 'unlike the comment',
    scope: 'write',
    notFound: commentGone(shot, comment),
  }),
};

/** For an error that belongs to no client operation (it should not happen): plain words. */
export const anyRequest: ServiceOperation = {
  doing: 'reach the service',
  notFound: 'The service has nothing at that address.',
};
