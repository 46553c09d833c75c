// The sandbox's persistent state: plain JSON-serialisable records. Times are epoch milliseconds on
// the sandbox clock unless the name says otherwise.

export type Scope = 'public' | 'write' | 'comment' | 'upload';
export const ALL_SCOPES: readonly Scope[] = ['public', 'write', 'comment', 'upload'];

export interface UserRecord {
  id: number;
  username: string;
  name: string;
  type: 'Player' | 'Team';
  pro: boolean;
  /** Ids of the team accounts this player belongs to. */
  teamIds: number[];
  password: string;
  bio: string;
  location: string;
  createdAt: number;
}

export interface ApplicationRecord {
  clientId: string;
  clientSecret: string;
  name: string;
  callbackUrl: string;
  approved: boolean;
  suspended: boolean;
  /** The application's read-only client-flow token. */
  clientToken: string;
}

export interface TokenRecord {
  token: string;
  clientId: string;
  /** null for the client-flow token. */
  userId: number | null;
  scopes: Scope[];
  createdAt: number;
  revoked: boolean;
}

export interface CodeRecord {
  code: string;
  clientId: string;
  userId: number;
  scopes: Scope[];
  /** The redirect_uri given to the authorize request, or null when it was omitted. */
  redirectUri: string | null;
  codeChallenge: string | null;
  codeChallengeMethod: 'S256' | 'plain' | null;
  expiresAt: number;
  used: boolean;
}

export interface SessionRecord {
  id: string;
  userId: number;
  createdAt: number;
}

export interface ShotImages {
  hidpi: string | null;
  normal: string;
  teaser: string;
}

export interface ShotRecord {
  id: number;
  userId: number;
  title: string;
  /** Plain text as submitted; rendered to safe HTML when returned. */
  description: string;
  tags: string[];
  lowProfile: boolean;
  teamId: number | null;
  reboundSourceId: number | null;
  animated: boolean;
  /** Image keys, served at {url}/images/<key>. */
  images: ShotImages;
  createdAt: number;
  updatedAt: number;
  publishedAt: number | null;
  scheduledFor: number | null;
  /** Real wall-clock ms (not the sandbox clock) at which processing completes. */
  readyAtRealMs: number;
}

export interface CommentRecord {
  id: number;
  shotId: number;
  userId: number;
  /** Safe HTML, rendered when the comment was written. */
  bodyHtml: string;
  createdAt: number;
  updatedAt: number;
}

export interface LikeRecord {
  id: number;
  commentId: number;
  userId: number;
  createdAt: number;
}

export interface State {
  version: 1;
  clockOffsetMs: number;
  nextIds: { shot: number; comment: number; like: number };
  users: UserRecord[];
  applications: ApplicationRecord[];
  tokens: TokenRecord[];
  codes: CodeRecord[];
  sessions: SessionRecord[];
  shots: ShotRecord[];
  comments: CommentRecord[];
  likes: LikeRecord[];
  /** Shots created per account and UTC day ("userId:YYYY-MM-DD"), for the daily cap. */
  dailyUploads?: Record<string, number>;
}
