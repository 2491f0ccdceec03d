/**
 * The number of rows in all, from a paged answer's X-Total-Count. Without the header (a proxy
 * dropped it), one more page is assumed while this one is full.
 */
export function totalCount(headers: Headers, page: { offset: number; limit: number }, rowsOnPage: number): number {
  const header = Number.parseInt(headers.get('x-total-count') ?? '', 10);
  if (!Number.isNaN(header)) return header;
  return page.offset + rowsOnPage + (rowsOnPage === page.limit ? 1 : 0);
}
