// What a volume test of the Queue measures in the page itself: frame gaps (requestAnimationFrame
// deltas) while the list is scrolled as fast as a flung trackpad, the page's DOM nodes, and whether
// any row on screen is blank (no name, or neither its picture nor a placeholder of the picture's
// size). Done in the page so a round trip of the test to the browser never counts as a gap.
import type { Page } from 'playwright-core';

export interface ScrollFigures {
  /** Frames seen while scrolling. */
  frames: number;
  p95: number;
  max: number;
}

/** The gaps between `count` frames of the page at rest: what the machine gives when the page does nothing. */
export function restingFrames(page: Page, count: number): Promise<ScrollFigures> {
  return page.evaluate(async (frames) => {
    const gaps: number[] = [];
    let last = await new Promise<number>((next) => requestAnimationFrame(next));
    while (gaps.length < frames) {
      const now = await new Promise<number>((next) => requestAnimationFrame(next));
      gaps.push(now - last);
      last = now;
    }
    const sorted = gaps.sort((a, b) => a - b);
    return { frames: sorted.length, p95: sorted[Math.floor(sorted.length * 0.95)] ?? 0, max: sorted.at(-1) ?? 0 };
  }, count);
}

/** Every element of the page. */
export function domNodes(page: Page): Promise<number> {
  return page.evaluate(() => document.getElementsByTagName('*').length);
}

/**
 * Scrolls the Queue's list from the top to the bottom and back, `step` pixels a frame, and answers
 * the gaps between the frames drawn meanwhile.
 */
export function flingQueue(page: Page, step: number): Promise<ScrollFigures> {
  return page.evaluate(async (stepPx) => {
    const list = document.querySelector<HTMLElement>('[role="list"][aria-label="Uploads"]');
    if (!list) throw new Error('The Queue has no list of uploads.');
    list.scrollTop = 0;
    const gaps: number[] = [];
    await new Promise<void>((done) => {
      let last = performance.now();
      let down = true;
      const tick = (now: number) => {
        gaps.push(now - last);
        last = now;
        const end = list.scrollHeight - list.clientHeight;
        if (down) {
          list.scrollTop = Math.min(end, list.scrollTop + stepPx);
          // The list grows as rows are measured: the bottom is reached when it stays the bottom.
          if (list.scrollTop >= end - 1 && list.scrollHeight - list.clientHeight <= end) down = false;
        } else {
          list.scrollTop = Math.max(0, list.scrollTop - stepPx);
          if (list.scrollTop <= 0) {
            done();
            return;
          }
        }
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    // The list draws the rows of where it was scrolled to at the scroll event of the next frame:
    // "after the fling" is the frame after that one.
    await new Promise((next) => requestAnimationFrame(() => requestAnimationFrame(next)));
    // The first delta is from the call, not from a frame.
    const sorted = gaps.slice(1).sort((a, b) => a - b);
    return {
      frames: sorted.length,
      p95: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
      max: sorted.at(-1) ?? 0,
    };
  }, step);
}

export interface RowLook {
  name: string;
  /** The picture has arrived and has pixels. */
  picture: boolean;
  /** The picture's frame is there at the picture's size (4:3, as every shot is), painted. */
  placeholder: boolean;
  /** How the picture's element looks, for a failure's message. */
  seen: string;
}

/** What each row whose box is inside the list's visible area shows now. */
export function visibleRows(page: Page): Promise<RowLook[]> {
  return page.evaluate(() => {
    const list = document.querySelector<HTMLElement>('[role="list"][aria-label="Uploads"]');
    if (!list) return [];
    const view = list.getBoundingClientRect();
    const rows = [...list.querySelectorAll<HTMLElement>('[role="listitem"]')].filter((row) => {
      const box = row.getBoundingClientRect();
      return box.height > 0 && box.bottom > view.top + 1 && box.top < view.bottom - 1;
    });
    return rows.map((row) => {
      // The picture (an img once it is there) or its frame (any element of the same class).
      const thumb = row.querySelector<HTMLElement>('.thumb');
      const frame = thumb?.getBoundingClientRect();
      const painted = thumb ? getComputedStyle(thumb).backgroundColor !== 'rgba(0, 0, 0, 0)' : false;
      const img = thumb instanceof HTMLImageElement ? thumb : null;
      return {
        name: row.querySelector('.file')?.textContent?.trim() ?? '',
        picture: img !== null && img.complete && img.naturalWidth > 0,
        placeholder:
          frame !== undefined && frame.width >= 48 && Math.abs(frame.width * 0.75 - frame.height) < 1 && painted,
        seen: thumb
          ? `${thumb.tagName} ${Math.round(frame!.width)}x${Math.round(frame!.height)}, complete ${img?.complete}, ${img?.naturalWidth} px, background ${getComputedStyle(thumb).backgroundColor}`
          : 'no picture element',
      };
    });
  });
}
