import { describe, expect, it } from 'vitest';
import { parseLinkHeader } from '../../main/service/link-header';
import { pageNumberOf, pageQuery } from '../../main/service/pagination';

describe('parseLinkHeader', () => {
  it('reads next and prev, resolving relative targets', () => {
    const links = parseLinkHeader(
      '<https://api.example/v2/user/shots?page=3&per_page=2>; rel="next", </v2/user/shots?page=1&per_page=2>; rel="prev"',
      'https://api.example/',
    );
    expect(links).toEqual({
      next: 'https://api.example/v2/user/shots?page=3&per_page=2',
      prev: 'https://api.example/v2/user/shots?page=1&per_page=2',
    });
    expect(pageNumberOf(links.next)).toBe(3);
  });

  it('copes with commas inside targets, unquoted and multiple rels, and garbage', () => {
    const links = parseLinkHeader(
      '<https://a.example/x?tags=a,b>; rel=next; title="x", <https://a.example/y>; rel="last first", junk',
    );
    expect(links.next).toBe('https://a.example/x?tags=a,b');
    expect(links.last).toBe('https://a.example/y');
    expect(links.first).toBe('https://a.example/y');
    expect(parseLinkHeader(null)).toEqual({});
    expect(parseLinkHeader('<no-base>; rel="next"')).toEqual({});
  });
});

describe('pageQuery', () => {
  it('clamps per_page to the service range and asks for big pages when fetching all', () => {
    expect(pageQuery({ page: 2, perPage: 500 })).toEqual({ page: '2', per_page: '100' });
    expect(pageQuery({ all: true })).toEqual({ per_page: '100' });
    expect(pageQuery({})).toEqual({});
  });
});
