// Layout facts the walks measure from the window: whether a box is inside another or overlaps it,
// what of a card sticks out of it, how many whole rows a grid shows, uneven rows, the contrast of a
// picture, which control cannot be scrolled into view.
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';

/** The contrast ratio (WCAG) between a picture's centre and a point near its top-left corner, from a screenshot. */
export async function centreContrast(shot: Buffer): Promise<number> {
  const { data, info } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const luminance = (x: number, y: number) => {
    const at = (Math.round(y) * info.width + Math.round(x)) * info.channels;
    const [r, g, b] = [data[at]!, data[at + 1]!, data[at + 2]!].map((value) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const centre = luminance(info.width / 2, info.height / 2);
  const corner = luminance(info.width * 0.06, info.height * 0.06);
  return (Math.max(centre, corner) + 0.05) / (Math.min(centre, corner) + 0.05);
}

/**
 * How many rows of art (the cards' pictures) the grid shows whole from its top: the first row is
 * measured (its pitch, the gap included, and where its pictures sit), and continued to the grid's
 * bottom edge, so a batch of eight can tell of four rows.
 */
export async function wholeRows(grid: Locator): Promise<number> {
  await grid.evaluate((element) => element.scrollTo(0, 0));
  await grid.page().waitForTimeout(100);
  return grid.evaluate((element) => {
    const view = element.getBoundingClientRect();
    const picture = element.querySelector('article .picture');
    const row = picture?.closest('.row');
    if (!picture || !row) return 0;
    const art = picture.getBoundingClientRect();
    const pitch = row.getBoundingClientRect().height;
    return Math.floor((view.bottom + 1 - art.bottom) / pitch) + 1;
  });
}

/** Every visible element of each card that sticks out of its card, described (empty when all hold). */
export async function outsideCards(cards: Locator): Promise<string[]> {
  return cards.evaluateAll((elements) => {
    const found: string[] = [];
    for (const card of elements) {
      const box = card.getBoundingClientRect();
      if (box.bottom <= 0 || box.top >= window.innerHeight) continue;
      for (const inner of card.querySelectorAll('*')) {
        if (inner.closest('.visually-hidden')) continue;
        const rect = inner.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) continue;
        if (
          rect.left < box.left - 1 ||
          rect.right > box.right + 1 ||
          rect.top < box.top - 1 ||
          rect.bottom > box.bottom + 1
        ) {
          found.push(
            `${card.getAttribute('aria-label') ?? card.textContent?.slice(0, 30)}: <${inner.tagName.toLowerCase()}> ${Math.round(rect.width)}x${Math.round(rect.height)} at ${Math.round(rect.left)},${Math.round(rect.top)} outside ${Math.round(box.width)}x${Math.round(box.height)} at ${Math.round(box.left)},${Math.round(box.top)}`,
          );
        }
      }
    }
    return found;
  });
}

/** The rows of a grid of cards (cards that start at the same height) whose cards differ in height, described. */
export async function unevenRows(cards: Locator): Promise<string[]> {
  const boxes = await cards.evaluateAll((elements) =>
    elements.map((element) => {
      const rect = element.getBoundingClientRect();
      return { top: Math.round(rect.top), height: Math.round(rect.height) };
    }),
  );
  const rows = new Map<number, number[]>();
  for (const { top, height } of boxes) rows.set(top, [...(rows.get(top) ?? []), height]);
  return [...rows]
    .filter(([, heights]) => Math.max(...heights) - Math.min(...heights) > 1)
    .map(([top, heights]) => `row at ${top}: ${heights.join(', ')} px`);
}

export type Box = { x: number; y: number; width: number; height: number };
export async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator.toString()} has no box`);
  return found;
}
export const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1;
export const inside = (inner: Box, outer: { width: number; height: number }) =>
  inner.x >= -1 &&
  inner.y >= -1 &&
  inner.x + inner.width <= outer.width + 1 &&
  inner.y + inner.height <= outer.height + 1;

export async function focusedName(page: Page): Promise<string | null> {
  return page.evaluate(
    () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? null,
  );
}

/**
 * Every visible control of the editor scrolled into view, one after another, and those still off
 * screen described; measured in the page (a round trip per control took a second per size).
 */
export async function controlsOffScreen(
  panel: Locator,
  size: { width: number; height: number },
): Promise<{ found: string[]; checked: number }> {
  return panel.evaluate((element, view) => {
    const controls = element.querySelectorAll<HTMLElement>('button, input, select, textarea, [role="application"]');
    const found: string[] = [];
    let checked = 0;
    for (const control of controls) {
      const seen = control.getBoundingClientRect();
      if (seen.width === 0 || seen.height === 0 || !control.checkVisibility({ visibilityProperty: true })) continue;
      checked += 1;
      control.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const rect = control.getBoundingClientRect();
      const onScreen =
        rect.left >= -1 && rect.top >= -1 && rect.right <= view.width + 1 && rect.bottom <= view.height + 1;
      if (!onScreen) {
        const name =
          control.getAttribute('aria-label') ||
          (control as HTMLInputElement).labels?.[0]?.textContent?.trim() ||
          control.textContent?.trim().slice(0, 30) ||
          `<${control.tagName.toLowerCase()}>`;
        found.push(
          `${name}: ${Math.round(rect.width)}x${Math.round(rect.height)} at ${Math.round(rect.left)},${Math.round(rect.top)}`,
        );
      }
    }
    return { found, checked };
  }, size);
}
