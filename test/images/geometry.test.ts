// The arithmetic of crops and target sizes, on its own.
import { describe, expect, it } from 'vitest';
import { adjustCrop, containTarget, coverTarget, focusRegion, largest43 } from '../../main/images/geometry';
import { autoFormat } from '../../main/images/output-format';
import type { ImageInfo } from '../../main/images/index';

describe('geometry', () => {
  it('largest43 takes the full height of wide images and the full width of tall ones', () => {
    expect(largest43(6000, 4000)).toEqual({ width: 5333, height: 4000 });
    expect(largest43(900, 1200)).toEqual({ width: 900, height: 675 });
    expect(largest43(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it('focusRegion centres on the point and stops at the edges', () => {
    expect(focusRegion({ width: 1600, height: 600 }, { x: 0.5, y: 0.5 })).toEqual({
      left: 400,
      top: 0,
      width: 800,
      height: 600,
    });
    expect(focusRegion({ width: 1600, height: 600 }, { x: 0, y: 0 })).toEqual({
      left: 0,
      top: 0,
      width: 800,
      height: 600,
    });
    expect(focusRegion({ width: 1600, height: 600 }, { x: 0.9, y: 1 })).toEqual({
      left: 800,
      top: 0,
      width: 800,
      height: 600,
    });
  });

  it('adjustCrop keeps a 4:3 rectangle, narrows others around their centre, cuts what leaves the image', () => {
    const image = { width: 2000, height: 1500 };
    expect(adjustCrop(image, { left: 100, top: 100, width: 800, height: 600 })).toEqual({
      region: { left: 100, top: 100, width: 800, height: 600 },
      clamped: false,
      reshaped: false,
    });
    expect(adjustCrop(image, { left: 0, top: 0, width: 1000, height: 600 })).toEqual({
      region: { left: 100, top: 0, width: 800, height: 600 },
      clamped: false,
      reshaped: true,
    });
    expect(adjustCrop(image, { left: 1600, top: 1200, width: 800, height: 600 })).toEqual({
      region: { left: 1600, top: 1200, width: 400, height: 300 },
      clamped: true,
      reshaped: false,
    });
    expect(adjustCrop(image, { left: 2500, top: 0, width: 100, height: 75 })).toBeUndefined();
  });

  it('chooses 800x600 only when no enlargement is needed', () => {
    expect(coverTarget({ width: 800, height: 600 })).toBe('800x600');
    expect(coverTarget({ width: 799, height: 599 })).toBe('400x300');
    expect(containTarget({ width: 1200, height: 300 })).toBe('800x600');
    expect(containTarget({ width: 700, height: 500 })).toBe('400x300');
  });
});

describe('automatic output format', () => {
  const base: ImageInfo = {
    format: 'png',
    width: 10,
    height: 10,
    animated: false,
    pages: 1,
    space: 'srgb',
    hasAlpha: false,
    hasProfile: false,
    bytes: 1,
  };
  it.each([
    ['png', false, false, 'png'],
    ['jpeg', false, false, 'jpeg'],
    ['gif', false, false, 'png'],
    ['gif', true, true, 'gif'],
    ['webp', true, true, 'gif'],
    ['webp', false, false, 'jpeg'],
    ['webp', false, true, 'png'],
    ['avif', false, false, 'jpeg'],
    ['tiff', false, true, 'png'],
    ['svg', false, true, 'png'],
  ] as const)('%s (animated %s, transparent %s) becomes %s', (format, animated, transparent, expected) => {
    expect(autoFormat({ ...base, format, animated, hasAlpha: transparent }, transparent)).toBe(expected);
  });
});
