import { auditSentence, type AuditRow } from '@portal/contract';
import { Text } from '@mantine/core';
import { DeviceName } from '@/components/device-name.tsx';
import { ListPager, PageRange } from '@/components/list-pager.tsx';
import { QueryList, type Column } from '@/components/query-list.tsx';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { useUserAudit } from '../api/list-user-audit.ts';
import { DateTime, deviceColumns } from './detail-cells.tsx';
import { pagesOf, useDetailPaging } from '@/lib/use-detail-paging.ts';

const auditColumns: Column<AuditRow>[] = [
  { label: 'Time', nowrap: true, card: 'title', cell: (row) => <DateTime iso={row.created_at} /> },
  // The App column names the app, so the sentence does not repeat it.
  { label: 'Event', cell: (row) => <Text size="sm">{auditSentence(row, { appShown: true })}</Text> },
  { label: 'App', cell: (row) => <Text size="sm">{row.app_name ?? row.app_key ?? '-'}</Text> },
  ...deviceColumns<AuditRow>((row) =>
    row.device && row.device_kind ? (
      <DeviceName name={row.device} kind={row.device_kind} userAgent={row.user_agent} size="xs" />
    ) : (
      <Text size="xs">-</Text>
    ),
  ),
];

/** The user's audit log, newest first, a page at a time; its heading an h3 under the user's details, an h2 on the user's page. */
export function AuditTable({ userId, headingOrder = 3 }: { userId: string; headingOrder?: 2 | 3 }) {
  const paging = useDetailPaging();
  const audit = useUserAudit(userId, paging.query);
  const total = audit.data?.total ?? 0;
  const pages = pagesOf(total, paging.size);
  if (audit.data && !audit.isPlaceholderData && paging.page > pages) paging.setPage(pages);
  return (
    <QueryList
      query={{ ...audit, data: audit.data?.rows }}
      columns={auditColumns}
      rowKey={(row, index) => `${row.created_at}-${index}`}
      label="Audit Log"
      title
      headingOrder={headingOrder}
      description="Sign-ins, sign-outs and changes, newest first."
      aside={audit.data && <PageRange page={paging.page} size={paging.size} shown={audit.data.rows.length} total={total} />}
      footer={<ListPager page={paging.page} pages={pages} onChange={paging.setPage} label="Pages of the audit log" />}
      errorTitle="Failed to load the audit log."
      empty="No audit events yet."
      cardLabel={(row) => `${formatDateTime(row.created_at)}: ${auditSentence(row)}`}
      minWidth={980}
    />
  );
}
