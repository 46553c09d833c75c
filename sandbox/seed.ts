// The seed: four accounts, three applications, and a few shots, comments and likes for every
// account so that no list starts empty. Ids and timestamps are fixed; only tokens are random.
import { randomToken } from './random';
import { renderText } from './html';
import type { CommentRecord, LikeRecord, ShotRecord, State, UserRecord } from './model';

export const SEED_PASSWORD = 'sandbox';
export const FIRST_SHOT_ID = 1001;
export const FIRST_COMMENT_ID = 5001;
export const FIRST_LIKE_ID = 9001;

const t = (iso: string): number => Date.parse(iso);

function users(): UserRecord[] {
  const base = { password: SEED_PASSWORD, location: 'Sandbox City' };
  return [
    {
      ...base,
      id: 1,
      username: 'ada',
      name: 'Ada Lovelace',
      type: 'Player',
      pro: true,
      teamIds: [4],
      bio: 'Pro designer. Patterns and palettes.',
      createdAt: t('2023-01-10T09:00:00Z'),
    },
    {
      ...base,
      id: 2,
      username: 'ben',
      name: 'Ben Okafor',
      type: 'Player',
      pro: false,
      teamIds: [],
      bio: 'Interfaces, mostly.',
      createdAt: t('2023-02-11T10:00:00Z'),
    },
    {
      ...base,
      id: 3,
      username: 'cleo',
      name: 'Cleo Marchetti',
      type: 'Player',
      pro: false,
      teamIds: [4],
      bio: 'Illustration at Studio.',
      createdAt: t('2023-03-12T11:00:00Z'),
    },
    {
      ...base,
      id: 4,
      username: 'studio',
      name: 'Studio',
      type: 'Team',
      pro: false,
      teamIds: [],
      bio: 'A small design team.',
      createdAt: t('2023-04-13T12:00:00Z'),
    },
  ];
}

interface ShotSeed {
  userId: number;
  title: string;
  description: string;
  tags: string[];
  teamId?: number;
  lowProfile?: boolean;
  at: string;
}

const SHOTS: ShotSeed[] = [
  {
    userId: 1,
    title: 'Morning palette',
    description: 'Warm colours for a calm start.',
    tags: ['color', 'palette'],
    at: '2024-01-05T09:00:00Z',
  },
  {
    userId: 1,
    title: 'Type specimen',
    description: 'A specimen sheet for the studio typeface.',
    tags: ['typography'],
    teamId: 4,
    at: '2024-01-12T09:00:00Z',
  },
  {
    userId: 1,
    title: 'Icon grid',
    description: 'Sketches on a 24px grid.',
    tags: ['icons', 'grid'],
    lowProfile: true,
    at: '2024-01-19T09:00:00Z',
  },
  {
    userId: 2,
    title: 'Landing page',
    description: 'Hero section exploration.',
    tags: ['web', 'landing'],
    at: '2024-01-08T10:00:00Z',
  },
  {
    userId: 2,
    title: 'Dashboard',
    description: 'Charts without chart junk.',
    tags: ['dashboard', 'ui'],
    at: '2024-01-15T10:00:00Z',
  },
  {
    userId: 3,
    title: 'Poster series',
    description: 'Three posters for the spring show.',
    tags: ['poster', 'print'],
    teamId: 4,
    at: '2024-01-09T11:00:00Z',
  },
  {
    userId: 3,
    title: 'Mobile onboarding',
    description: 'Four screens, one idea each.',
    tags: ['mobile', 'onboarding'],
    at: '2024-01-16T11:00:00Z',
  },
  {
    userId: 4,
    title: 'Studio reel',
    description: 'Highlights of the year.',
    tags: ['studio'],
    teamId: 4,
    at: '2024-01-20T12:00:00Z',
  },
  {
    userId: 4,
    title: 'Brand refresh',
    description: 'New marks for an old friend.',
    tags: ['branding', 'logo'],
    at: '2024-01-22T12:00:00Z',
  },
];

// [shot index, author id, text]
const COMMENTS: [number, number, string][] = [
  [0, 2, 'Lovely colours, @ada!'],
  [0, 3, 'The third swatch is my favourite.'],
  [1, 3, 'Great work for the team, @ada.'],
  [2, 2, 'Clean grid.'],
  [3, 1, 'Nice hero, @ben. Maybe more contrast on the button?'],
  [3, 3, 'Agree with @ada.'],
  [4, 1, 'Very readable.'],
  [5, 1, 'These will look great on the wall.'],
  [5, 4, 'Proud of this one, @cleo.'],
  [6, 2, 'Simple and clear.'],
  [7, 1, 'What a year!'],
  [7, 3, 'Thanks everyone.'],
  [8, 2, 'Fresh!'],
  [1, 4, 'Shipping it next week.'],
  [4, 2, 'Thanks! More to come.'],
];

// [comment index, liker id]
const LIKES: [number, number][] = [
  [0, 1],
  [0, 3],
  [1, 1],
  [2, 1],
  [3, 1],
  [4, 2],
  [5, 2],
  [6, 2],
  [7, 3],
  [8, 3],
  [8, 1],
  [9, 3],
  [10, 4],
  [11, 4],
  [12, 4],
  [13, 1],
  [14, 1],
  [4, 4],
  [10, 2],
];

export function seedState(): State {
  const userList = users();
  const htmlUrlBase = 'https://sandbox.invalid';
  // Mentions are rendered with a placeholder origin and rewritten to the live URL when presented.
  const resolve = (name: string) => {
    const u = userList.find((x) => x.username.toLowerCase() === name.toLowerCase());
    return u ? { username: u.username, htmlUrl: `${htmlUrlBase}/${u.username}` } : undefined;
  };
  const shots: ShotRecord[] = SHOTS.map((s, i) => {
    const id = FIRST_SHOT_ID + i;
    const at = t(s.at);
    return {
      id,
      userId: s.userId,
      title: s.title,
      description: s.description,
      tags: s.tags,
      lowProfile: s.lowProfile ?? false,
      teamId: s.teamId ?? null,
      reboundSourceId: null,
      animated: false,
      images: { hidpi: `seed/${id}/hidpi.png`, normal: `seed/${id}/normal.png`, teaser: `seed/${id}/teaser.png` },
      createdAt: at,
      updatedAt: at,
      publishedAt: at,
      scheduledFor: null,
      readyAtRealMs: 0,
    };
  });
  const comments: CommentRecord[] = COMMENTS.map(([shotIndex, userId, text], i) => {
    const shot = shots[shotIndex]!;
    const at = shot.createdAt + (i + 1) * 3_600_000;
    return {
      id: FIRST_COMMENT_ID + i,
      shotId: shot.id,
      userId,
      bodyHtml: renderText(text, resolve),
      createdAt: at,
      updatedAt: at,
    };
  });
  const likes: LikeRecord[] = LIKES.map(([commentIndex, userId], i) => {
    const comment = comments[commentIndex]!;
    return { id: FIRST_LIKE_ID + i, commentId: comment.id, userId, createdAt: comment.createdAt + (i + 1) * 60_000 };
  });
  return {
    version: 1,
    clockOffsetMs: 0,
    nextIds: {
      shot: FIRST_SHOT_ID + shots.length,
      comment: FIRST_COMMENT_ID + comments.length,
      like: FIRST_LIKE_ID + likes.length,
    },
    users: userList,
    applications: [
      {
        clientId: 'shotput-desktop',
        clientSecret: 'shotput-desktop-secret',
        name: 'Shotput Desktop',
        callbackUrl: 'app.shotput://oauth/callback',
        approved: true,
        suspended: false,
        clientToken: randomToken(),
      },
      {
        clientId: 'web-demo',
        clientSecret: 'web-demo-secret',
        name: 'Web Demo',
        callbackUrl: 'http://127.0.0.1:8765/callback',
        approved: false,
        suspended: false,
        clientToken: randomToken(),
      },
      {
        clientId: 'suspended-app',
        clientSecret: 'suspended-secret',
        name: 'Suspended App',
        callbackUrl: 'http://127.0.0.1:8765/callback',
        approved: false,
        suspended: true,
        clientToken: randomToken(),
      },
    ],
    tokens: [],
    codes: [],
    sessions: [],
    shots,
    comments,
    likes,
  };
}

/** The origin used for mention links inside stored HTML; replaced by the live URL on output. */
export const STORED_ORIGIN = 'https://sandbox.invalid';
