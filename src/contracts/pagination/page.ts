// The answer of a list read in cursor pages (decisions.md §12). The REST adapter sends `items` as the
// body, `total` as X-Total-Count (routes declared `totalCount`) and `nextCursor` as the `Link: <…>;
// rel="next"` header; GraphQL returns the object as it is.

export interface CursorPage<T> {
  items: T[];
  /** Continues the list after the last item; null on the last page. */
  nextCursor: string | null;
  total?: number;
}

/** The URL of the next page: the request's own path and query, with `cursor` set and `offset` dropped
 *  (a cursor already says where the page starts). Relative to the host, as RFC 8288 allows. */
export function nextPageUrl(originalUrl: string, cursor: string): string {
  const url = new URL(originalUrl, 'http://x');
  url.searchParams.delete('offset');
  url.searchParams.set('cursor', cursor);
  return `${url.pathname}${url.search}`;
}
