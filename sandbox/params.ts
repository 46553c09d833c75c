// Reading request parameters: bodies (JSON or form), integers, booleans, timestamps, tags, pages.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, notFound } from './errors';

export const MAX_TAGS = 12;

/** The body as a field map (JSON object or form-encoded); an absent body is an empty map. */
export function bodyFields(req: FastifyRequest): Record<string, unknown> {
  const b = req.body;
  if (b === undefined || b === null || b === '') return {};
  if (typeof b !== 'object' || Array.isArray(b) || Buffer.isBuffer(b))
    throw new HttpError(400, 'The request body must be a JSON object or a form.');
  return b as Record<string, unknown>;
}

/** A path id: digits only, else the resource does not exist. */
export function pathId(value: unknown): number {
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) throw notFound();
  return Number(value);
}

export type Parsed<T> = { ok: true; value: T } | { ok: false };

export function parseInteger(v: unknown): Parsed<number> {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) return { ok: true, value: v };
  if (typeof v === 'string' && /^\s*\d{1,15}\s*$/.test(v)) return { ok: true, value: Number(v.trim()) };
  return { ok: false };
}

export function parseBoolean(v: unknown): Parsed<boolean> {
  if (typeof v === 'boolean') return { ok: true, value: v };
  if (typeof v === 'number' && (v === 0 || v === 1)) return { ok: true, value: v === 1 };
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase();
    if (['true', '1', 'yes', 'on'].includes(s)) return { ok: true, value: true };
    if (['false', '0', 'no', 'off', ''].includes(s)) return { ok: true, value: false };
  }
  return { ok: false };
}

const ISO = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/** An ISO 8601 timestamp; without a zone it is read as UTC. */
export function parseTimestamp(v: unknown): Parsed<number> {
  if (typeof v !== 'string') return { ok: false };
  const s = v.trim();
  if (!ISO.test(s)) return { ok: false };
  let normalized = s.replace(' ', 'T');
  if (/T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/i.test(normalized)) normalized += 'Z';
  if (/^\d{4}-\d{2}-\d{2}$/.test(normalized)) normalized += 'T00:00:00Z';
  normalized = normalized.replace(/([+-]\d{2})(\d{2})$/, '$1:$2').replace(/([+-]\d{2})$/, '$1:00');
  const ms = Date.parse(normalized);
  return Number.isFinite(ms) ? { ok: true, value: ms } : { ok: false };
}

/**
 * Tags from any of the accepted shapes: repeated `tags[]`, one comma-separated string, a JSON
 * array (as a JSON body value or as a string holding one). Blank tags are dropped, duplicates merged.
 */
export function parseTags(values: unknown[]): Parsed<string[]> {
  const out: string[] = [];
  const add = (s: string) => {
    for (const part of s.split(',')) {
      const t = part.trim();
      if (t !== '' && !out.includes(t)) out.push(t);
    }
  };
  for (const v of values) {
    if (v === null || v === undefined) continue;
    if (Array.isArray(v)) {
      for (const x of v) {
        if (typeof x !== 'string' && typeof x !== 'number') return { ok: false };
        add(String(x));
      }
    } else if (typeof v === 'string') {
      const s = v.trim();
      if (s.startsWith('[')) {
        let arr: unknown;
        try {
          arr = JSON.parse(s);
        } catch {
          return { ok: false };
        }
        if (!Array.isArray(arr)) return { ok: false };
        const inner = parseTags([arr]);
        if (!inner.ok) return inner;
        for (const t of inner.value) if (!out.includes(t)) out.push(t);
      } else {
        add(s);
      }
    } else if (typeof v === 'number') {
      add(String(v));
    } else {
      return { ok: false };
    }
  }
  return { ok: true, value: out };
}

/** Pagination: page (from 1) and per_page (default 30, at most 100), with a Link header. */
export function paginate<T>(req: FastifyRequest, reply: FastifyReply, baseUrl: string, items: T[]): T[] {
  const q = (req.query ?? {}) as Record<string, unknown>;
  const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
  const int = (v: unknown): number | undefined => {
    const s = first(v);
    return typeof s === 'string' && /^-?\d{1,9}$/.test(s.trim()) ? Number(s.trim()) : undefined;
  };
  const page = Math.max(1, int(q.page) ?? 1);
  const perPageRaw = int(q.per_page);
  const perPage = perPageRaw === undefined ? 30 : Math.min(100, Math.max(1, perPageRaw));
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const path = req.url.split('?')[0] ?? '/';
  const link = (p: number) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) {
      if (k === 'page' || k === 'per_page' || k === 'access_token') continue;
      for (const x of Array.isArray(v) ? v : [v]) if (typeof x === 'string') params.append(k, x);
    }
    params.set('page', String(p));
    params.set('per_page', String(perPage));
    return `${baseUrl}${path}?${params.toString()}`;
  };
  const rels: string[] = [];
  if (page < last) rels.push(`<${link(page + 1)}>; rel="next"`);
  if (page > 1) rels.push(`<${link(Math.min(page - 1, last))}>; rel="prev"`);
  rels.push(`<${link(1)}>; rel="first"`, `<${link(last)}>; rel="last"`);
  reply.header('link', rels.join(', '));
  return items.slice((page - 1) * perPage, page * perPage);
}
