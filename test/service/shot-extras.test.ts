// What a shot may carry beyond the spec, as the deployed service sends it: views, likes and
// comments counts and its author. Shown when present; absent, null or of the wrong shape, they are
// left out, and the shot itself is still read.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { toPopularShotView } from '../../main/desktop/handlers/popular-handlers';
import { toShotView } from '../../main/desktop/handlers/shots-handlers';
import { PopularShotSchema, ShotSchema } from '../../main/service/resources';

const images = {
  hidpi: null,
  normal: 'https://cdn.example/shots/1/normal.png',
  teaser: 'https://cdn.example/shots/1/teaser.png',
};
const shot = {
  id: 471756,
  title: 'Sasquatch',
  description: null,
  width: 400,
  height: 300,
  images,
  published_at: '2026-11-20T10:00:00Z',
  html_url: 'https://service.example/shots/471756-Sasquatch',
};

describe('a shot’s counts and author', () => {
  it('are shown when the service sends them', () => {
    const full = v.parse(ShotSchema, { ...shot, views_count: 1520, likes_count: 31, comments_count: 4 });
    expect(toShotView(full).counts).toEqual({ views: 1520, likes: 31, comments: 4 });
    const popular = v.parse(PopularShotSchema, {
      ...shot,
      likes_count: 7,
      user: { id: 1, name: 'Dan Cederholm', username: 'simplebits' },
    });
    expect(toPopularShotView(popular)).toMatchObject({
      counts: { views: null, likes: 7, comments: null },
      author: { name: 'Dan Cederholm', username: 'simplebits' },
    });
  });

  it('are left out when absent, null or of another shape, and the shot is still read', () => {
    expect(toShotView(v.parse(ShotSchema, shot)).counts).toBeNull();
    const odd = v.parse(ShotSchema, { ...shot, views_count: 'many', likes_count: null, user: 'someone' });
    expect(toShotView(odd)).toMatchObject({ title: 'Sasquatch', counts: null });
    const nameless = v.parse(PopularShotSchema, { ...shot, user: { id: 2, login: 'ada' } });
    expect(toPopularShotView(nameless).author).toEqual({ name: 'ada', username: 'ada' });
    expect(toPopularShotView(v.parse(PopularShotSchema, shot)).author).toBeNull();
  });
});
