// The number on "Upload all" while a crop is changed: main marks the draft as being prepared again
// (state 'loading', its last picture kept) until the new preview is made. That draft is still sent
// by Upload all, so the count holds instead of dropping by one and coming back at each change.
import { describe, expect, test } from 'vitest';
import type { DraftView } from '../../common/contract/index';
import type { DraftEntry } from '../../renderer/src/views/upload/draft-entry';
import { newMeta } from '../../renderer/src/views/upload/draft-metadata';
import { isSendable } from '../../renderer/src/views/upload/sendable';

const ready: DraftView = {
  id: 'd1',
  name: 'poster.png',
  title: 'poster',
  path: '/work/poster.png',
  state: 'ready',
  error: null,
  errorCode: null,
  facts: { format: 'png', width: 1600, height: 1200, animated: false, frames: 1, bytes: 90_000, hasAlpha: false },
  source: { url: 'draft-pictures/a/source/1', width: 400, height: 300 },
  result: { url: 'draft-pictures/a/result/2', width: 800, height: 600, format: 'png', bytes: 40_000 },
  warnings: [],
  prepare: { size: 'auto', fit: 'cover', crop: { left: 0, top: 0, width: 1600, height: 1200 } },
  uploadedAs: null,
  words: null,
  missing: false,
};

function entry(view: Partial<DraftView>, duplicateOf: number | null = null): DraftEntry {
  return {
    id: view.id ?? ready.id,
    view: { ...ready, ...view },
    meta: newMeta(ready),
    selected: false,
    note: null,
    duplicateOf,
  };
}

describe('isSendable (the drafts Upload all sends and counts)', () => {
  test('a draft prepared again after a new crop stays counted from the edit to its new preview', () => {
    const others = [entry({ id: 'd2' }), entry({ id: 'd3' })];
    // What main sends for the edited draft: ready, then re-preparing with its last result, then ready.
    const edited = [entry({}), entry({ state: 'loading' }), entry({ state: 'ready' })];
    const counts = edited.map((draft) => [draft, ...others].filter(isSendable).length);
    expect(counts).toEqual([3, 3, 3]);
  });

  test('a draft on its first preparation, a failed one and a duplicate held back are not counted', () => {
    expect(isSendable(entry({ state: 'loading', result: null }))).toBe(false);
    expect(isSendable(entry({ state: 'error', error: 'The file is damaged.', result: null }))).toBe(false);
    // A failed draft given a new crop is prepared again, but has no picture yet: not counted until ready.
    expect(isSendable(entry({ state: 'loading', error: 'Too small.', result: null }))).toBe(false);
    expect(isSendable(entry({}, 4321))).toBe(false);
    expect(isSendable(entry({ state: 'loading' }, 4321))).toBe(false);
  });
});
