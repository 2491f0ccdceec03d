import type { AccountEvent } from '@portal/contract';
import { Text } from '@mantine/core';
import { ListPager, PageRange } from '@/components/list-pager.tsx';
import { QueryList, type Column } from '@/components/query-list.tsx';
import { pagesOf, useDetailPaging } from '@/lib/use-detail-paging.ts';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { useAccountEvents } from '../api/get-events.ts';

const from = (e: AccountEvent) => [e.device, e.ip].filter(Boolean).join(' · ') || '-';

const columns: Column<AccountEvent>[] = [
  {
    label: 'When',
    nowrap: true,
    card: 'title',
    cell: (e) => (
      <Text size="sm" c="dimmed">
        <time dateTime={e.at}>{formatDateTime(e.at)}</time>
      </Text>
    ),
  },
  { label: 'What happened', cell: (e) => <Text size="sm">{e.sentence}</Text> },
  { label: 'From', cell: (e) => <Text size="sm">{from(e)}</Text> },
];

/** What changed: your own events, newest first, a page at a time. */
export function EventsSection() {
  const paging = useDetailPaging();
  const events = useAccountEvents(paging.query);
  const total = events.data?.total ?? 0;
  const pages = pagesOf(total, paging.size);
  if (events.data && !events.isPlaceholderData && paging.page > pages) paging.setPage(pages);
  return (
    <QueryList
      query={{ ...events, data: events.data?.rows }}
      columns={columns}
      rowKey={(e, index) => `${e.at}-${index}`}
      label="What changed"
      title
      description="Your sign-ins, and every change to your access, newest first."
      aside={events.data && <PageRange page={paging.page} size={paging.size} shown={events.data.rows.length} total={total} />}
      footer={<ListPager page={paging.page} pages={pages} onChange={paging.setPage} label="Pages of what changed" />}
      errorTitle="Failed to load what changed."
      empty="Nothing yet."
      cardLabel={(e) => `${formatDateTime(e.at)}: ${e.sentence}`}
      minWidth={720}
    />
  );
}
