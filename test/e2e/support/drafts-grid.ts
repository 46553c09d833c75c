// The Upload screen's grid draws only the rows near the screen (a drop of a thousand files would
// otherwise put every card in the page), so a test counts drafts by what each card says of the whole
// (aria-setsize), and reaches a card further down by scrolling the grid to it.
import type { Page } from 'playwright-core';

/** How many drafts the grid holds, drawn or not. */
export async function draftsInGrid(page: Page): Promise<number> {
  const first = page.getByRole('list', { name: 'Drafts' }).getByRole('listitem').first();
  if ((await first.count()) === 0) return 0;
  return Number(await first.getAttribute('aria-setsize'));
}

/** Scrolls the grid to its end, where the last draft's card is drawn. */
export async function scrollGridToEnd(page: Page): Promise<void> {
  await page.getByRole('list', { name: 'Drafts' }).evaluate((grid) => grid.scrollTo(0, grid.scrollHeight));
}
