import { describe, expect, it } from 'vitest';
import { PopularShotSchema, ShotSchema } from '../../main/service/resources';
import { validateBody } from '../../main/service/validate';

const shot = {
  id: 7,
  title: 'Logo',
  description: '<p>hi</p>',
  width: 400,
  height: 300,
  images: { hidpi: null, normal: 'https://cdn/n.png', teaser: 'https://cdn/t.png' },
  published_at: '2026-11-21T15:00:00Z',
  updated_at: '2026-11-21T15:00:00Z',
  html_url: 'https://service/shots/7',
  animated: false,
  tags: ['logo'],
  attachments: [],
  projects: [],
  low_profile: false,
};

describe('resource validation', () => {
  it('accepts a shot without team, video and published_at, with hidpi null', () => {
    const { published_at: _omit, ...scheduled } = shot;
    const result = validateBody(ShotSchema, { ...scheduled, scheduled_for: '2030-01-01T00:00:00Z' }, 'a shot');
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.value.team).toBeUndefined();
      expect(result.value.images.hidpi).toBeNull();
    }
  });

  it('keeps fields the spec does not list, for --json', () => {
    const result = validateBody(ShotSchema, { ...shot, views_count: 3 }, 'a shot');
    expect(result.ok && (result.value as Record<string, unknown>).views_count).toBe(3);
  });

  it('names the field that has the wrong type', () => {
    const result = validateBody(ShotSchema, { ...shot, images: { ...shot.images, normal: 12 } }, 'a shot');
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'invalid-response',
        message:
          'The service sent something Shotput cannot use: the shot\'s "images.normal" should be string but is the number 12.',
      },
    });
    const team = validateBody(ShotSchema, { ...shot, team: { id: 'x' } }, 'a shot');
    expect(team.ok).toBe(false);
    if (!team.ok) expect(team.error.message).toContain('"team.id"');
  });

  it('reads the summary form of popular shots', () => {
    const { id, title, description, images, published_at, html_url, height, width } = shot;
    expect(
      validateBody(
        PopularShotSchema,
        { id, title, description, images, published_at, html_url, height, width },
        'a popular shot',
      ).ok,
    ).toBe(true);
  });
});
