// My shots (list, edit, delete) and popular shots: plain views of the service's resources.
import * as v from 'valibot';
import { ShotTagsSchema, ShotTitleSchema, answers, noPayload, pageNumber, positiveId } from './base';

/** What may change on one of the user's shots; absent keys stay as they are. */
export const ShotChangesSchema = v.strictObject({
  title: v.optional(ShotTitleSchema),
  description: v.optional(v.pipe(v.string(), v.maxLength(20_000))),
  /** Replaces every tag. */
  tags: v.optional(ShotTagsSchema),
  /** null removes the team. */
  teamId: v.optional(v.nullable(positiveId)),
  lowProfile: v.optional(v.boolean()),
  /** ISO 8601; only while the shot is not yet published. */
  scheduledFor: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(40),
      v.check((value) => !Number.isNaN(Date.parse(value)), 'Not a date and time.'),
    ),
  ),
});
export type ShotChanges = v.InferInput<typeof ShotChangesSchema>;

export interface ShotTeamView {
  id: number;
  name: string;
}

export interface ShotView {
  id: number;
  title: string;
  /** HTML as the service sends it: sanitize before showing it. */
  descriptionHtml: string | null;
  /** 200x150; served by the service's image host (allowed by the CSP's img-src). */
  teaserUrl: string;
  /** 400x300 (or 800x600 when there is one). */
  imageUrl: string;
  htmlUrl: string;
  width: number;
  height: number;
  animated: boolean;
  /** null while the shot is scheduled. */
  publishedAt: string | null;
  scheduledFor: string | null;
  tags: string[];
  team: ShotTeamView | null;
  lowProfile: boolean;
  /** Views, likes and comments, where the service sends them (the deployed one does; the spec has none). */
  counts: ShotCounts | null;
}

export interface ShotCounts {
  views: number | null;
  likes: number | null;
  comments: number | null;
}

/** Who made a shot, where the service says. */
export interface ShotAuthorView {
  name: string;
  username: string;
}

export interface ShotListPage {
  shots: ShotView[];
  nextPage: number | null;
}

export interface PopularShotView {
  id: number;
  title: string;
  teaserUrl: string;
  imageUrl: string;
  htmlUrl: string;
  publishedAt: string | null;
  counts: ShotCounts | null;
  author: ShotAuthorView | null;
}

export interface PopularShotListPage {
  shots: PopularShotView[];
  nextPage: number | null;
}

/** Whether the application may list popular shots (decided once per account: a 403 means no). */
export interface PopularAvailability {
  approved: boolean;
}

/** A shot deleted: null now; or the sentence saying it was already gone (deleted elsewhere). */
export interface ShotDeleted {
  alreadyGone: string | null;
}

export const shotsRequests = {
  /** The signed-in user's shots, newest first, one page at a time. */
  'shots.list': { payload: v.optional(v.strictObject({ page: pageNumber })), result: answers<ShotListPage>() },
  'shots.get': { payload: v.strictObject({ id: positiveId }), result: answers<ShotView>() },
  'shots.update': {
    payload: v.strictObject({ id: positiveId, changes: ShotChangesSchema }),
    result: answers<ShotView>(),
  },
  'shots.delete': { payload: v.strictObject({ id: positiveId }), result: answers<ShotDeleted>() },
  'popular.availability': { payload: noPayload, result: answers<PopularAvailability>() },
  'popular.list': { payload: v.optional(v.strictObject({ page: pageNumber })), result: answers<PopularShotListPage>() },
} as const;
