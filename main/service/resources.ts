// The service's resources, typed from the spec's tables (SERVICE-API.md "Resources and their fields")
// and checked at the boundary. Loose objects: fields the spec does not list are kept, not rejected,
// so `--json` can print what the service sent. Optional means "may be absent"; nullable only where
// the spec says null occurs (images.hidpi).
import * as v from 'valibot';

const timestamp = v.string();
const url = v.string();
const integer = v.pipe(v.number(), v.integer());

export const LinksSchema = v.looseObject({
  web: v.optional(v.nullable(url)),
  twitter: v.optional(v.nullable(url)),
});

export const TeamSchema = v.looseObject({
  id: integer,
  name: v.string(),
  login: v.string(),
  html_url: url,
  avatar_url: v.optional(v.nullable(url)),
  bio: v.optional(v.nullable(v.string())),
  location: v.optional(v.nullable(v.string())),
  links: v.optional(LinksSchema),
  type: v.string(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const UserSchema = v.looseObject({
  id: integer,
  name: v.string(),
  username: v.string(),
  html_url: url,
  avatar_url: v.optional(v.nullable(url)),
  bio: v.optional(v.nullable(v.string())),
  location: v.optional(v.nullable(v.string())),
  links: v.optional(LinksSchema),
  buckets_count: v.optional(integer),
  comments_received_count: v.optional(integer),
  followers_count: v.optional(integer),
  followings_count: v.optional(integer),
  likes_count: v.optional(integer),
  likes_received_count: v.optional(integer),
  projects_count: v.optional(integer),
  rebounds_received_count: v.optional(integer),
  shots_count: v.optional(integer),
  teams_count: v.optional(integer),
  can_upload_shot: v.boolean(),
  type: v.string(),
  pro: v.boolean(),
  buckets_url: v.optional(url),
  followers_url: v.optional(url),
  following_url: v.optional(url),
  likes_url: v.optional(url),
  shots_url: v.optional(url),
  teams_url: v.optional(url),
  created_at: timestamp,
  updated_at: timestamp,
});

/** `GET /v2/user`: the user plus the teams they belong to (how team membership is known). */
export const AuthenticatedUserSchema = v.looseObject({
  ...UserSchema.entries,
  teams: v.optional(v.array(TeamSchema), []),
});

export const ImagesSchema = v.looseObject({
  hidpi: v.optional(v.nullable(url), null),
  normal: url,
  teaser: url,
});

export const AttachmentSchema = v.looseObject({
  id: integer,
  url,
  thumbnail_url: url,
  size: integer,
  content_type: v.string(),
  created_at: timestamp,
});

export const ProjectSchema = v.looseObject({
  id: integer,
  name: v.string(),
  description: v.optional(v.nullable(v.string())),
  shots_count: integer,
  created_at: timestamp,
  updated_at: timestamp,
});

export const VideoSchema = v.looseObject({
  id: integer,
  duration: integer,
  video_file_name: v.string(),
  video_file_size: integer,
  width: integer,
  height: integer,
  silent: v.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
  url,
  small_preview_url: url,
  large_preview_url: url,
  xlarge_preview_url: url,
});

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
  updated_at: timestamp,
  html_url: url,
  animated: v.boolean(),
  tags: v.array(v.string()),
  attachments: v.optional(v.array(AttachmentSchema), []),
  projects: v.optional(v.array(ProjectSchema), []),
  team: v.optional(v.nullable(TeamSchema)),
  video: v.optional(v.nullable(VideoSchema)),
  low_profile: v.boolean(),
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
export const ServiceErrorBodySchema = v.looseObject({
  message: v.string(),
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
export type Attachment = v.InferOutput<typeof AttachmentSchema>;
export type Project = v.InferOutput<typeof ProjectSchema>;
export type Video = v.InferOutput<typeof VideoSchema>;
export type Shot = v.InferOutput<typeof ShotSchema>;
export type PopularShot = v.InferOutput<typeof PopularShotSchema>;
export type Comment = v.InferOutput<typeof CommentSchema>;
export type CommentLike = v.InferOutput<typeof CommentLikeSchema>;
export type TokenResponse = v.InferOutput<typeof TokenResponseSchema>;
export type TokenErrorBody = v.InferOutput<typeof TokenErrorSchema>;
export type ServiceErrorBody = v.InferOutput<typeof ServiceErrorBodySchema>;
