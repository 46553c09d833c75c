// Lists are paginated with page/per_page and a Link header (DESIGN.md section 3).

export interface PageRequest {
  /** 1-based page to fetch; default 1. */
  page?: number;
  /** Items per page: 1 to 100; the service's default is 30. */
  perPage?: number;
  /** Follow rel="next" until the end and return every item. */
  all?: boolean;
  /** Safety stop for `all`. */
  maxPages?: number;
}

export interface Page<T> {
  items: T[];
  /** The page number of the next page, or null on the last page (always null with `all`). */
  nextPage: number | null;
  prevPage: number | null;
}

export const MAX_PER_PAGE = 100;
export const DEFAULT_MAX_PAGES = 1_000;

export function pageQuery(request: PageRequest): Record<string, string> {
  const query: Record<string, string> = {};
  if (request.page !== undefined) query.page = String(Math.max(1, Math.trunc(request.page)));
  if (request.perPage !== undefined)
    query.per_page = String(Math.min(MAX_PER_PAGE, Math.max(1, Math.trunc(request.perPage))));
  else if (request.all) query.per_page = String(MAX_PER_PAGE); // fewer round trips through the rate limit
  return query;
}

export function pageNumberOf(url: string | undefined): number | null {
  if (!url) return null;
  const value = Number(new URL(url).searchParams.get('page') ?? '1');
  return Number.isInteger(value) && value > 0 ? value : null;
}
