// JSON forms of the resources: exactly as SERVICE-API.md lists their fields under the spec profile,
// and as the public service sends them under the deployed profile (see profile.ts).
import { renderText } from './html';
import { slug } from './profile';
import type { Profile } from './profile';
import { STORED_ORIGIN } from './seed';
import type { CommentRecord, LikeRecord, ShotRecord, UserRecord } from './model';
import type { Store } from './store';

/** ISO 8601 UTC without milliseconds, e.g. 2024-01-05T09:00:00Z. */
export function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export class Presenter {
  constructor(
    private readonly store: Store,
    public url: string,
    private readonly profile: () => Profile = () => ({ name: 'spec', dailyCap: null }),
  ) {}

  private get deployed(): boolean {
    return this.profile().name === 'deployed';
  }

  htmlUrl(user: UserRecord): string {
    return `${this.url}/${user.username}`;
  }

  /** Safe HTML as stored: mentions link to a placeholder origin, replaced by the live URL on output. */
  storedHtml(text: string): string {
    return renderText(text, (name) => {
      const u = this.store.userByName(name);
      return u ? { username: u.username, htmlUrl: `${STORED_ORIGIN}/${u.username}` } : undefined;
    });
  }

  /** Mentions resolve to the live html_url of an existing user. */
  render(text: string): string {
    return this.fixOrigin(this.storedHtml(text));
  }

  fixOrigin(html: string): string {
    return html.split(`${STORED_ORIGIN}/`).join(`${this.url}/`);
  }

  user(u: UserRecord): Record<string, unknown> {
    return this.deployed ? this.deployedUser(u) : this.specUser(u);
  }

  /** As the public service sends a user: `login`, type "User", few counts, no updated_at. */
  private deployedUser(u: UserRecord): Record<string, unknown> {
    return {
      id: u.id,
      name: u.name,
      login: u.username,
      html_url: this.htmlUrl(u),
      avatar_url: `${this.url}/images/avatars/${u.id}.png`,
      bio: this.render(u.bio),
      location: u.location === '' ? null : u.location,
      links: {},
      can_upload_shot: true,
      pro: u.pro,
      followers_count: 0,
      created_at: iso(u.createdAt),
      type: u.type === 'Team' ? 'Team' : 'User',
    };
  }

  private specUser(u: UserRecord): Record<string, unknown> {
    const s = this.store.state;
    const shots = s.shots.filter((x) => x.userId === u.id && x.publishedAt !== null && this.store.isReady(x));
    const ownShotIds = new Set(s.shots.filter((x) => x.userId === u.id).map((x) => x.id));
    const ownCommentIds = new Set(s.comments.filter((c) => c.userId === u.id).map((c) => c.id));
    const base = `${this.url}/v2/users/${u.id}`;
    return {
      id: u.id,
      name: u.name,
      username: u.username,
      html_url: this.htmlUrl(u),
      avatar_url: `${this.url}/images/avatars/${u.id}.png`,
      bio: this.render(u.bio),
      location: u.location,
      links: { web: `${this.url}/${u.username}`, twitter: `https://twitter.invalid/${u.username}` },
      buckets_count: 0,
      comments_received_count: s.comments.filter((c) => ownShotIds.has(c.shotId)).length,
      followers_count: 0,
      followings_count: 0,
      likes_count: s.likes.filter((l) => l.userId === u.id).length,
      likes_received_count: s.likes.filter((l) => ownCommentIds.has(l.commentId)).length,
      projects_count: 0,
      rebounds_received_count: s.shots.filter((x) => x.reboundSourceId !== null && ownShotIds.has(x.reboundSourceId))
        .length,
      shots_count: shots.length,
      teams_count: u.teamIds.length,
      can_upload_shot: true,
      type: u.type,
      pro: u.pro,
      buckets_url: `${base}/buckets`,
      followers_url: `${base}/followers`,
      following_url: `${base}/following`,
      likes_url: `${base}/likes`,
      shots_url: `${base}/shots`,
      teams_url: `${base}/teams`,
      created_at: iso(u.createdAt),
      updated_at: iso(u.createdAt),
    };
  }

  team(t: UserRecord): Record<string, unknown> {
    return this.specTeam(t);
  }

  /** A shot's team as the public service writes it: `username` instead of `login`, no updated_at. */
  private shotTeam(t: UserRecord): Record<string, unknown> {
    if (!this.deployed) return this.specTeam(t);
    const { login, updated_at: _, ...rest } = this.specTeam(t);
    return { ...rest, username: login };
  }

  private specTeam(t: UserRecord): Record<string, unknown> {
    return {
      id: t.id,
      name: t.name,
      login: t.username,
      html_url: this.htmlUrl(t),
      avatar_url: `${this.url}/images/avatars/${t.id}.png`,
      bio: this.render(t.bio),
      location: t.location,
      links: { web: `${this.url}/${t.username}`, twitter: `https://twitter.invalid/${t.username}` },
      type: 'Team',
      created_at: iso(t.createdAt),
      updated_at: iso(t.createdAt),
    };
  }

  images(shot: ShotRecord): Record<string, string | null> {
    const img = (key: string) => `${this.url}/images/${key}`;
    return {
      hidpi: shot.images.hidpi ? img(shot.images.hidpi) : null,
      normal: img(shot.images.normal),
      teaser: img(shot.images.teaser),
    };
  }

  shot(shot: ShotRecord): Record<string, unknown> {
    const out: Record<string, unknown> = {
      id: shot.id,
      title: shot.title,
      description: this.render(shot.description),
      width: 400,
      height: 300,
      images: this.images(shot),
    };
    if (shot.publishedAt !== null) out.published_at = iso(shot.publishedAt);
    else if (shot.scheduledFor !== null) out.scheduled_for = iso(shot.scheduledFor);
    out.updated_at = iso(shot.updatedAt);
    out.html_url = `${this.url}/shots/${shot.id}`;
    out.animated = shot.animated;
    out.tags = [...shot.tags];
    out.attachments = [];
    out.projects = [];
    const team = shot.teamId !== null ? this.store.user(shot.teamId) : undefined;
    if (team) out.team = this.shotTeam(team);
    out.low_profile = shot.lowProfile;
    return this.deployed ? this.deployedShot(shot, out) : out;
  }

  /** The public service's extras: counts, created_at, the author, a slug in html_url, null for no description. */
  private deployedShot(shot: ShotRecord, out: Record<string, unknown>): Record<string, unknown> {
    const author = this.store.user(shot.userId);
    const comments = this.store.state.comments.filter((c) => c.shotId === shot.id).length;
    const titleSlug = slug(shot.title);
    return {
      ...out,
      description: shot.description === '' ? null : out.description,
      html_url: `${this.url}/shots/${shot.id}${titleSlug ? `-${titleSlug}` : ''}`,
      views_count: 0,
      likes_count: 0,
      comments_count: comments,
      created_at: iso(shot.createdAt),
      // The author as the public service writes it inside a shot: `username`, not `login`.
      user: author ? authorOf(this.deployedUser(author)) : null,
    };
  }

  popularShot(shot: ShotRecord): Record<string, unknown> {
    return {
      id: shot.id,
      title: shot.title,
      description: this.render(shot.description),
      images: this.images(shot),
      published_at: shot.publishedAt !== null ? iso(shot.publishedAt) : null,
      html_url: `${this.url}/shots/${shot.id}`,
      height: 300,
      width: 400,
    };
  }

  commentUrl(c: CommentRecord): string {
    return `${this.url}/v1/shots/${c.shotId}/comments/${c.id}`;
  }

  comment(c: CommentRecord): Record<string, unknown> {
    const author = this.store.user(c.userId);
    return {
      id: c.id,
      body: this.fixOrigin(c.bodyHtml),
      likes_count: this.store.state.likes.filter((l) => l.commentId === c.id).length,
      likes_url: `${this.commentUrl(c)}/likes`,
      created_at: iso(c.createdAt),
      updated_at: iso(c.updatedAt),
      user: author ? this.user(author) : null,
    };
  }

  like(l: LikeRecord, withUser: boolean): Record<string, unknown> {
    const out: Record<string, unknown> = { id: l.id, created_at: iso(l.createdAt) };
    if (withUser) {
      const u = this.store.user(l.userId);
      if (u) out.user = this.user(u);
    }
    return out;
  }
}

function authorOf(person: Record<string, unknown>): Record<string, unknown> {
  const { login, can_upload_shot: _, ...rest } = person;
  return { ...rest, username: login };
}
