// `shotput comments SHOT list|show ID|add BODY|edit ID BODY|delete ID|likes ID|like ID|unlike ID|liked ID`.
import type { CliCommand, CliContext } from './command';
import { EXIT_FAILURE, EXIT_OK, UsageError } from './command';
import { didYouMean, emptyComment } from './messages';
import { confirmed, ensureAskable } from './confirm';
import { COMMENTS_OPTIONS } from './options';
import { openSession } from './session';
import type { CliSession } from './session';
import { commentLine, likeLine, lookOf, parseCommandArgs, positiveId, print, withSession } from './service-output';

type Action = (
  session: CliSession,
  shot: number,
  positionals: string[],
  ctx: CliContext,
  flags: { all: boolean; yes: boolean },
) => Promise<number>;

const ACTIONS: Record<string, { arity: string; run: Action }> = {
  list: {
    arity: '',
    async run({ client }, shot, _p, ctx, { all }) {
      const page = await client.listComments(shot, { all }, { signal: ctx.signal });
      print(ctx, page.items, () =>
        page.items.length ? page.items.map((c) => commentLine(c, lookOf(ctx))) : [`No comments on shot ${shot}.`],
      );
      return EXIT_OK;
    },
  },
  show: {
    arity: 'ID',
    async run({ client }, shot, [id], ctx) {
      const comment = await client.getComment(shot, positiveId(id, 'the comment ID'), { signal: ctx.signal });
      print(ctx, comment, () => commentLine(comment, lookOf(ctx)));
      return EXIT_OK;
    },
  },
  add: {
    arity: 'BODY',
    async run({ client }, shot, [body], ctx) {
      const { comment } = await client.createComment(shot, body!, { signal: ctx.signal });
      print(ctx, comment, () => `Added comment ${comment.id} to shot ${shot}.`);
      return EXIT_OK;
    },
  },
  edit: {
    arity: 'ID BODY',
    async run({ client }, shot, [id, body], ctx) {
      const comment = await client.updateComment(shot, positiveId(id, 'the comment ID'), body!, { signal: ctx.signal });
      print(ctx, comment, () => `Updated comment ${comment.id}.`);
      return EXIT_OK;
    },
  },
  delete: {
    arity: 'ID',
    async run({ client }, shot, [id], ctx, { yes }) {
      const commentId = positiveId(id, 'the comment ID');
      if (
        !(await confirmed(
          ctx,
          yes,
          `Delete comment ${commentId} on shot ${shot}`,
          `comments ${shot} delete ${commentId}`,
        ))
      )
        return EXIT_FAILURE;
      await client.deleteComment(shot, commentId, { signal: ctx.signal });
      print(ctx, { deleted: commentId }, () => `Deleted comment ${commentId}.`);
      return EXIT_OK;
    },
  },
  likes: {
    arity: 'ID',
    async run({ client }, shot, [id], ctx, { all }) {
      const page = await client.listCommentLikes(
        shot,
        positiveId(id, 'the comment ID'),
        { all },
        { signal: ctx.signal },
      );
      print(ctx, page.items, () =>
        page.items.length ? page.items.map((l) => likeLine(l, lookOf(ctx))) : ['Nobody likes this comment yet.'],
      );
      return EXIT_OK;
    },
  },
  like: {
    arity: 'ID',
    async run({ client }, shot, [id], ctx) {
      const like = await client.likeComment(shot, positiveId(id, 'the comment ID'), { signal: ctx.signal });
      print(ctx, like, () => `Liked comment ${id}.`);
      return EXIT_OK;
    },
  },
  unlike: {
    arity: 'ID',
    async run({ client }, shot, [id], ctx) {
      const commentId = positiveId(id, 'the comment ID');
      await client.unlikeComment(shot, commentId, { signal: ctx.signal });
      print(ctx, { unliked: commentId }, () => `No longer liking comment ${commentId}.`);
      return EXIT_OK;
    },
  },
  liked: {
    arity: 'ID',
    async run({ client }, shot, [id], ctx) {
      const like = await client.getCommentLike(shot, positiveId(id, 'the comment ID'), { signal: ctx.signal });
      // The service answers 404 with no body when not liked; --json prints null then.
      print(ctx, like, () =>
        like ? `You like comment ${id} (since ${like.created_at}).` : `You do not like comment ${id}.`,
      );
      return EXIT_OK;
    },
  },
};

export const commentsCommand: CliCommand = {
  name: 'comments',
  async run(args, ctx) {
    const { values, positionals } = parseCommandArgs(args, COMMENTS_OPTIONS);
    const [shotArg, actionName, ...rest] = positionals;
    if (shotArg === undefined) throw new UsageError('comments needs a shot ID');
    const shot = positiveId(shotArg, 'the shot ID');
    if (actionName === undefined) throw new UsageError(`comments needs an action: ${Object.keys(ACTIONS).join(', ')}`);
    const action = ACTIONS[actionName];
    if (!action || !Object.hasOwn(ACTIONS, actionName))
      throw new UsageError(
        `there is no comments action "${actionName}".${didYouMean(actionName, Object.keys(ACTIONS))}`,
      );
    const needed = action.arity ? action.arity.split(' ') : [];
    // A body is the rest of the line, so `comments 5 add Nice work` needs no quotes.
    const takesBody = needed.at(-1) === 'BODY';
    const fixed = takesBody ? needed.length - 1 : needed.length;
    const args2 = takesBody ? [...rest.slice(0, fixed), rest.slice(fixed).join(' ')] : rest;
    // A body of nothing (`add ""`) is said as such, not as a usage line to decode.
    if (takesBody && rest.length >= fixed && !args2.at(-1)?.trim())
      throw new UsageError(emptyComment(actionName === 'add' ? 'add' : 'edit'));
    if (rest.length < needed.length || (!takesBody && rest.length > needed.length)) {
      throw new UsageError(`comments SHOT ${actionName}${action.arity ? ` ${action.arity}` : ''}`);
    }
    if (values.all && actionName !== 'list' && actionName !== 'likes')
      throw new UsageError('--all goes with list and likes');
    if (values.yes && actionName !== 'delete') throw new UsageError('--yes goes with delete');
    if (actionName === 'delete') ensureAskable(ctx, values.yes, `comments ${shot} delete ${args2[0]}`);
    return withSession(
      () => openSession(ctx),
      (session) => action.run(session, shot, args2, ctx, { all: values.all ?? false, yes: values.yes ?? false }),
    );
  },
};
