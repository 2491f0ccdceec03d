import { useState } from 'react';
import { usePhoneLayout } from '@/lib/use-phone-layout.ts';

/** A phone stacks a card per row, so it shows fewer of them a page. */
const PAGE_SIZE = { phone: 5, desktop: 10 } as const;

/** Which page of a user's sessions or audit log is shown, and the limit and offset to ask the server for. */
export function useDetailPaging() {
  const size = usePhoneLayout() ? PAGE_SIZE.phone : PAGE_SIZE.desktop;
  const [page, setPage] = useState(1);
  return { page, setPage, size, query: { limit: size, offset: (page - 1) * size } };
}

/** How many pages `total` rows fill; a page past the last (rows ended meanwhile) is brought back to it. */
export function pagesOf(total: number, size: number) {
  return Math.max(1, Math.ceil(total / size));
}
