// The service's resources, typed from the spec's tables (SERVICE-API.md "Resources and their fields")
// and checked at the boundary, leniently: what Shotput uses is validated (ids, titles, images, the
// handle of a person), what it only shows or ignores may be missing or null, because the deployed
// service sends other fields than the spec (DESIGN.md section 3). Loose objects: fields nobody
// listed are kept, not rejected, so `--json` prints what the service sent.
import * as v from 'valibot';

const timestamp = v.string();
const url = v.string();
const integer = v.pipe(v.number(), v.integer());

export const LinksSchema = v.looseObject({
  web: v.optional(v.nullable(url)),
  twitter: v.optional(v.nullable(url)),
});

/**
 * A person or team is known by `login` (as the service is deployed) or `username` (as the spec
 * writes it); either will do, and `handleOf` reads whichever came. Nothing else about a person is
 * required beyond the id and the fields Shotput shows.
 */
const handle = {
  login: v.optional(v.string()),
  username: v.optional(v.string()),
};

function named<S extends v.GenericSchema<unknown, { login?: string; username?: string }>>(schema: S) {
  return v.pipe(
    schema,
    v.check(
      (person) => typeof person.login === 'string' || typeof person.username === 'string',
      'has neither "login" nor "username"',
    ),
  );
}

/** The name a person or team goes by on the service: `login`, else `username`. */
export function handleOf(person: { login?: string; username?: string }): string {
  return person.login ?? person.username ?? '';
}

/** A shot's views, likes and comments, when the service sent any of them. */
export function countsOf(shot: {
  views_count?: number | null;
  likes_count?: number | null;
  comments_count?: number | null;
}): { views: number | null; likes: number | null; comments: number | null } | null {
  const counts = {
    views: shot.views_count ?? null,
    likes: shot.likes_count ?? null,
    comments: shot.comments_count ?? null,
  };
  return counts.views === null && counts.likes === null && counts.comments === null ? null : counts;
}

/** A shot's author, when the service said who it is. */
export function authorOf(shot: {
  user?: { name?: string | null; login?: string; username?: string } | null;
}): { name: string; username: string } | null {
  if (!shot.user || handleOf(shot.user) === '') return null;
  return { name: displayNameOf(shot.user), username: handleOf(shot.user) };
}

/** The display name, or the handle when the service sent none. */
export function displayNameOf(person: { name?: string | null; login?: string; username?: string }): string {
  return person.name || handleOf(person);
}

const profileEntries = {
  id: integer,
  ...handle,
  html_url: v.optional(url),
  avatar_url: v.optional(v.nullable(url)),
  bio: v.optional(v.nullable(v.string())),
  location: v.optional(v.nullable(v.string())),
  links: v.optional(v.nullable(LinksSchema)),
  type: v.optional(v.string()),
  created_at: v.optional(timestamp),
  updated_at: v.optional(timestamp),
};

export const TeamSchema = named(
  v.looseObject({
    ...profileEntries,
    name: v.string(),
  }),
);

const userEntries = {
  ...profileEntries,
  /** The deployed service may leave the display name out; the handle stands in for it. */
  name: v.optional(v.nullable(v.string())),
  // Counts are shown at most, never relied on: any may be missing.
  buckets_count: v.optional(v.nullable(integer)),
  comments_received_count: v.optional(v.nullable(integer)),
  followers_count: v.optional(v.nullable(integer)),
  followings_count: v.optional(v.nullable(integer)),
  likes_count: v.optional(v.nullable(integer)),
  likes_received_count: v.optional(v.nullable(integer)),
  projects_count: v.optional(v.nullable(integer)),
  rebounds_received_count: v.optional(v.nullable(integer)),
  shots_count: v.optional(v.nullable(integer)),
  teams_count: v.optional(v.nullable(integer)),
  /** Absent on the deployed service: taken as allowed, the service still refuses an upload it will not take. */
  can_upload_shot: v.optional(v.boolean(), true),
  pro: v.optional(v.boolean(), false),
  buckets_url: v.optional(url),
  followers_url: v.optional(url),
  following_url: v.optional(url),
  likes_url: v.optional(url),
  shots_url: v.optional(url),
  teams_url: v.optional(url),
};

export const UserSchema = named(v.looseObject(userEntries));

/** `GET /v2/user`: the user plus the teams they belong to (how team membership is known). */
export const AuthenticatedUserSchema = named(
  v.looseObject({
    ...userEntries,
    teams: v.pipe(
      v.optional(v.nullable(v.array(TeamSchema)), []),
      v.transform((teams) => teams ?? []),
    ),
  }),
);

export const ImagesSchema = v.looseObject({
  hidpi: v.optional(v.nullable(url), null),
  normal: url,
  teaser: url,
});

/**
 * What a shot may carry beyond the spec, as the deployed service sends it: counts and its author. A
 * value of the wrong shape is dropped (read as absent), never a reason to refuse the whole answer.
 */
function shownWhenSent() {
  const count = v.fallback(v.optional(v.nullable(integer)), undefined);
  return {
    views_count: count,
    likes_count: count,
    comments_count: count,
    user: v.fallback(v.optional(v.nullable(UserSchema)), undefined),
  };
}

export const ShotSchema = v.looseObject({
  id: integer,
  title: v.string(),
  description: v.optional(v.nullable(v.string())),
  width: integer,
  height: integer,
  images: ImagesSchema,
  /** Absent while the shot is scheduled for the future. */
  published_at: v.optional(v.nullable(timestamp)),
  /** Present instead of published_at for scheduled shots. */
  scheduled_for: v.optional(v.nullable(timestamp)),
  updated_at: v.optional(timestamp),
  html_url: url,
  animated: v.optional(v.boolean(), false),
  tags: v.optional(v.array(v.string()), []),
  attachments: v.optional(v.nullable(v.array(v.unknown())), []),
  projects: v.optional(v.nullable(v.array(v.unknown())), []),
  /** Written with `username` and without `updated_at` by the deployed service. */
  team: v.optional(v.nullable(TeamSchema)),
  video: v.optional(v.nullable(v.unknown())),
  low_profile: v.optional(v.boolean(), false),
  // Sent by the deployed service, not in the spec: shown when present, never relied on.
  ...shownWhenSent(),
});

export const PopularShotSchema = v.looseObject({
  id: integer,
  title: v.string(),
  description: v.optional(v.nullable(v.string())),
  images: ImagesSchema,
  published_at: v.optional(v.nullable(timestamp)),
  html_url: url,
  height: integer,
  width: integer,
  ...shownWhenSent(),
});

export const CommentSchema = v.looseObject({
  id: integer,
  body: v.string(),
  likes_count: integer,
  likes_url: url,
  created_at: timestamp,
  updated_at: timestamp,
  user: UserSchema,
});

/** In the likes list the like carries its user; the like check and like create answer without it. */
export const CommentLikeSchema = v.looseObject({
  id: integer,
  created_at: timestamp,
  user: v.optional(UserSchema),
});

export const TokenResponseSchema = v.looseObject({
  access_token: v.pipe(v.string(), v.minLength(1)),
  token_type: v.string(),
  scope: v.optional(v.string(), ''),
});

export const TokenErrorSchema = v.looseObject({
  error: v.string(),
  error_description: v.optional(v.string()),
});

/** The error body of resource endpoints (DESIGN.md section 3). */
/** An error body: the spec's `message`, or the deployed service's `{"error":"Not found"}`. */
export const ServiceErrorBodySchema = v.looseObject({
  message: v.optional(v.string()),
  error: v.optional(v.string()),
  errors: v.optional(
    v.array(
      v.looseObject({
        attribute: v.optional(v.string()),
        field: v.optional(v.string()),
        message: v.string(),
      }),
    ),
  ),
});

export type Team = v.InferOutput<typeof TeamSchema>;
export type User = v.InferOutput<typeof UserSchema>;
export type AuthenticatedUser = v.InferOutput<typeof AuthenticatedUserSchema>;
export type Images = v.InferOutput<typeof ImagesSchema>;
export type Shot = v.InferOutput<typeof ShotSchema>;
export type PopularShot = v.InferOutput<typeof PopularShotSchema>;
export type Comment = v.InferOutput<typeof CommentSchema>;
export type CommentLike = v.InferOutput<typeof CommentLikeSchema>;
export type TokenResponse = v.InferOutput<typeof TokenResponseSchema>;
export type TokenErrorBody = v.InferOutput<typeof TokenErrorSchema>;
export type ServiceErrorBody = v.InferOutput<typeof ServiceErrorBodySchema>;
