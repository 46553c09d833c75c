// The comments handlers against a real sandbox over HTTP: own and liked flags, writing, editing,
// liking and deleting, and the failures a designer meets (missing scope, someone else's comment).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCommentsHandlers } from '../../main/desktop/handlers/comments-handlers';
import { serviceAccess } from '../../main/desktop/handlers/service-access';
import type { ServiceClient } from '../../main/service/service-client';
import { signedInClient, startFixture, type Fixture } from '../service/sandbox-fixture';
import { failure, value } from './handler-results';

let fixture: Fixture;
let ada: ServiceClient;
let adaShotId: number;

beforeAll(async () => {
  fixture = await startFixture();
  ada = await signedInClient(fixture.sandbox, 'ada');
  const shots = await ada.listUserShots({ all: true });
  // A shot of ada's with comments by others, some of which she likes.
  for (const shot of shots.items) {
    if ((await ada.listComments(shot.id)).items.length >= 2) {
      adaShotId = shot.id;
      break;
    }
  }
});
afterAll(async () => {
  await fixture?.close();
});

const commentsAs = (client: ServiceClient | undefined) => createCommentsHandlers(serviceAccess(() => client));

describe('comments handlers', () => {
  test('lists a shot’s comments with author, likes, whether they are mine and whether I like them', async () => {
    const page = value(await commentsAs(ada)['comments.list']({ shotId: adaShotId }));
    expect(page.comments.length).toBeGreaterThanOrEqual(2);
    expect(page.nextPage).toBeNull();
    for (const comment of page.comments) {
      expect(comment.shotId).toBe(adaShotId);
      expect(comment.own).toBe(comment.author.username === 'ada');
      expect(comment.likedByMe).toBe(await ada.isCommentLiked(adaShotId, comment.id));
      expect(comment.bodyHtml.length).toBeGreaterThan(0);
    }
    expect(page.comments.some((comment) => comment.likedByMe)).toBe(true);
    expect(page.comments.some((comment) => !comment.own)).toBe(true);
  });

  test('writes, edits, likes, lists who liked, unlikes and deletes a comment', async () => {
    const comments = commentsAs(ada);
    const written = value(await comments['comments.add']({ shotId: adaShotId, body: 'First thought.' }));
    expect(written).toMatchObject({ own: true, likedByMe: false, likesCount: 0, author: { username: 'ada' } });
    expect(written.bodyHtml).toContain('First thought.');

    const edited = value(
      await comments['comments.edit']({ shotId: adaShotId, commentId: written.id, body: 'Second thought.' }),
    );
    expect(edited.id).toBe(written.id);
    expect(edited.bodyHtml).toContain('Second thought.');

    const ref = { shotId: adaShotId, commentId: written.id };
    expect(value(await comments['comments.like'](ref))).toBeNull();
    expect(value(await comments['comments.liked'](ref))).toBe(true);
    const likes = value(await comments['comments.likes'](ref));
    expect(likes.map((like) => like.user?.username)).toEqual(['ada']);
    const listed = value(await comments['comments.list']({ shotId: adaShotId })).comments.find(
      (comment) => comment.id === written.id,
    );
    expect(listed).toMatchObject({ likesCount: 1, likedByMe: true });

    expect(value(await comments['comments.unlike'](ref))).toBeNull();
    expect(value(await comments['comments.liked'](ref))).toBe(false);
    expect(value(await comments['comments.likes'](ref))).toEqual([]);

    expect(value(await comments['comments.delete'](ref))).toBeNull();
    const gone = failure(await comments['comments.liked'](ref));
    expect(gone.code).toBe('not-found');
    expect(gone.message).toMatch(/Comment \d+ on shot \d+ was not found/);
  });

  test('someone else’s comment cannot be edited or deleted: the service’s reason as a sentence', async () => {
    const others = value(await commentsAs(ada)['comments.list']({ shotId: adaShotId })).comments.find(
      (comment) => !comment.own,
    )!;
    const edit = failure(
      await commentsAs(ada)['comments.edit']({ shotId: adaShotId, commentId: others.id, body: 'Mine now' }),
    );
    expect(edit).toEqual({
      code: 'forbidden',
      message: 'The service refused to save the comment: You can only change your own comments.',
      retryable: false,
    });
    const remove = failure(await commentsAs(ada)['comments.delete']({ shotId: adaShotId, commentId: others.id }));
    expect(remove.message).toBe('The service refused to delete the comment: You can only delete your own comments.');
  });

  test('without the comment scope, writing says which permission is missing and how to grant it', async () => {
    const noComment = await signedInClient(fixture.sandbox, 'ben', { scopes: ['public', 'upload', 'write'] });
    const refused = failure(await commentsAs(noComment)['comments.add']({ shotId: adaShotId, body: 'Hello' }));
    expect(refused.code).toBe('missing-scope');
    expect(refused.message).toBe(
      'The service refused to post the comment: this sign-in does not include the “comment” permission (write comments). Sign out, then sign in again and allow it when the service asks.',
    );
    // Reading still works without it.
    expect(value(await commentsAs(noComment)['comments.list']({ shotId: adaShotId })).comments.length).toBeGreaterThan(
      0,
    );
    const noWrite = await signedInClient(fixture.sandbox, 'ben', { scopes: ['public', 'comment'] });
    const commentId = value(await commentsAs(noWrite)['comments.list']({ shotId: adaShotId })).comments[0]!.id;
    const like = failure(await commentsAs(noWrite)['comments.like']({ shotId: adaShotId, commentId }));
    expect(like.message).toMatch(/“write” permission \(like comments\)/);
  });

  test('a shot that does not exist and a signed-out session', async () => {
    const missing = failure(await commentsAs(ada)['comments.list']({ shotId: 999_999 }));
    expect(missing.code).toBe('not-found');
    const signedOut = failure(await commentsAs(undefined)['comments.add']({ shotId: adaShotId, body: 'x' }));
    expect(signedOut).toEqual({
      code: 'signed-out',
      message: 'You are signed out, so Shotput cannot post the comment. Sign in, then try again.',
    });
  });
});
