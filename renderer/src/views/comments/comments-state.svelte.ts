// The comments of one shot as the panel shows them, and the changes made from the panel.
// Every method answers with a sentence for the user when it failed, undefined when it worked.
import { bridge, failureText } from '../../lib/bridge';
import type { CommentLikeView, CommentView } from '../../../../common/contract/index';

export class CommentsState {
  comments = $state<CommentView[]>([]);
  nextPage = $state<number | null>(null);
  loading = $state(false);
  loaded = $state(false);
  problem = $state<string | undefined>(undefined);
  /** The code of the last failure, so the panel can tell a missing permission from the rest. */
  problemCode = $state<string | undefined>(undefined);

  constructor(readonly shotId: number) {}

  async load(): Promise<void> {
    this.loading = true;
    this.problem = undefined;
    this.problemCode = undefined;
    const result = await bridge().comments.list({ shotId: this.shotId });
    this.loading = false;
    if (!result.ok) {
      this.problem = failureText(result.error);
      this.problemCode = result.error.code;
      return;
    }
    this.comments = result.value.comments;
    this.nextPage = result.value.nextPage;
    this.loaded = true;
  }

  async loadMore(): Promise<string | undefined> {
    if (this.nextPage === null) return undefined;
    const result = await bridge().comments.list({ shotId: this.shotId, page: this.nextPage });
    if (!result.ok) return failureText(result.error);
    const known = this.comments.map((comment) => comment.id);
    this.comments = [...this.comments, ...result.value.comments.filter((comment) => !known.includes(comment.id))];
    this.nextPage = result.value.nextPage;
    return undefined;
  }

  async add(body: string): Promise<string | undefined> {
    const result = await bridge().comments.add({ shotId: this.shotId, body });
    if (!result.ok) return failureText(result.error);
    this.comments = [...this.comments, result.value];
    return undefined;
  }

  async edit(commentId: number, body: string): Promise<string | undefined> {
    const result = await bridge().comments.edit({ shotId: this.shotId, commentId, body });
    if (!result.ok) return failureText(result.error);
    this.update(commentId, () => result.value);
    return undefined;
  }

  async remove(commentId: number): Promise<string | undefined> {
    const result = await bridge().comments.delete({ shotId: this.shotId, commentId });
    if (!result.ok) return failureText(result.error);
    this.comments = this.comments.filter((comment) => comment.id !== commentId);
    return undefined;
  }

  async toggleLike(comment: CommentView): Promise<string | undefined> {
    const ref = { shotId: this.shotId, commentId: comment.id };
    const liking = !comment.likedByMe;
    const result = liking ? await bridge().comments.like(ref) : await bridge().comments.unlike(ref);
    if (!result.ok) return failureText(result.error);
    this.update(comment.id, (current) => ({
      ...current,
      likedByMe: liking,
      likesCount: Math.max(0, current.likesCount + (liking ? 1 : -1)),
    }));
    return undefined;
  }

  async likers(commentId: number): Promise<{ likes: CommentLikeView[] } | { problem: string }> {
    const result = await bridge().comments.likes({ shotId: this.shotId, commentId });
    return result.ok ? { likes: result.value } : { problem: failureText(result.error) };
  }

  private update(commentId: number, change: (comment: CommentView) => CommentView): void {
    this.comments = this.comments.map((comment) => (comment.id === commentId ? change(comment) : comment));
  }
}
