import { DATA_KINDS, ROW_STATES, type DataKind, type DataViewRow, type RowState } from '@portal/contract';
import { ActionIcon, Button, Group, SegmentedControl, Select, Text, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBraces, IconDatabase } from '@tabler/icons-react';
import { useState } from 'react';
import { ListPager, PageRange } from '@/components/list-pager.tsx';
import { SearchField } from '@/components/search-field.tsx';
import { QueryList, type Column } from '@/components/query-list.tsx';
import { ROWS_PAGE_SIZE, SEARCH_DEBOUNCE_MS, useRowList } from '../api/list-rows.ts';
import { RawAnswerDrawer } from './raw-answer-drawer.tsx';
import { ClassOrType, Coordinates, Gone, Parent, Seen } from './row-cells.tsx';

const STATE_LABELS: Record<RowState, string> = { any: 'All', listed: 'Listed', gone: 'Gone' };

function columns(open: (row: DataViewRow) => void): Column<DataViewRow>[] {
  return [
    {
      label: 'Name',
      card: 'title',
      cell: (row) => (
        <Text size="sm" fw={500}>
          {row.name}
        </Text>
      ),
    },
    {
      label: 'UID',
      nowrap: true,
      cell: (row) => (
        <Text size="xs" ff="monospace">
          {row.uid}
        </Text>
      ),
    },
    { label: 'Parent', cell: (row) => <Parent row={row} /> },
    { label: 'Coordinates', nowrap: true, cell: (row) => <Coordinates row={row} /> },
    { label: 'Class / type', cell: (row) => <ClassOrType row={row} /> },
    { label: 'First seen', nowrap: true, cell: (row) => <Seen at={row.firstSeenAt} /> },
    { label: 'Last seen', nowrap: true, cell: (row) => <Seen at={row.lastSeenAt} /> },
    { label: 'Gone', nowrap: true, cell: (row) => <Gone row={row} /> },
    {
      label: 'Raw answer',
      hideLabel: true,
      card: 'actions',
      cell: (row) => (
        <Tooltip label="Raw SWCombine answer">
          <ActionIcon variant="subtle" aria-label={`Raw SWCombine answer of ${row.name}`} onClick={() => open(row)}>
            <IconBraces size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ),
      cardCell: (row) => (
        <Button variant="default" size="xs" fullWidth leftSection={<IconBraces size={16} aria-hidden />} onClick={() => open(row)}>
          Raw SWCombine answer
        </Button>
      ),
    },
  ];
}

interface DataViewProps {
  target: DataKind;
  onTargetChange: (target: DataKind) => void;
}

/** A target's stored rows, searched and paged on the server, each opening its raw SWCombine answer. */
export function DataView({ target, onTargetChange }: DataViewProps) {
  const [search, setSearch] = useState('');
  const [gone, setGone] = useState<RowState>('any');
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<DataViewRow | null>(null);
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useRowList(target, { q, gone, limit: ROWS_PAGE_SIZE, offset: (page - 1) * ROWS_PAGE_SIZE });
  const rows = list.data?.items;
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ROWS_PAGE_SIZE));
  // Fewer rows than before (a sync marked some gone): stay on a page that exists.
  if (list.data && !list.isPlaceholderData && page > pages) setPage(pages);
  const restart = () => setPage(1);

  const pendingOnPage = rows?.filter((row) => row.detailsPending).length ?? 0;
  return (
    <>
      <QueryList
        query={{ ...list, data: rows }}
        columns={columns(setOpened)}
        rowKey={(row) => row.uid}
        label={`Stored ${target}`}
        title
        description={
          pendingOnPage > 0 ? `${pendingOnPage} on this page wait for their details: they show 'details pending' until read.` : undefined
        }
        aside={list.data && <PageRange page={page} size={ROWS_PAGE_SIZE} shown={rows?.length ?? 0} total={total} />}
        toolbar={
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label="Target"
              data={[...DATA_KINDS]}
              value={target}
              onChange={(value) => value && onTargetChange(value as DataKind)}
              allowDeselect={false}
              w={{ base: '100%', xs: 160 }}
            />
            <SearchField
              label={`Search ${target}`}
              value={search}
              onChange={(value) => {
                setSearch(value);
                restart();
              }}
              searching={list.isFetching && !list.isPending}
              style={{ flex: '1 1 200px' }}
            />
            <SegmentedControl
              aria-label="Rows to show"
              data={ROW_STATES.map((value) => ({ value, label: STATE_LABELS[value] }))}
              value={gone}
              onChange={(value) => {
                setGone(value as RowState);
                restart();
              }}
            />
          </Group>
        }
        footer={<ListPager page={page} pages={pages} onChange={setPage} label={`Pages of ${target}`} />}
        errorTitle={`Failed to load the stored ${target}.`}
        loadingLabel={`Loading ${target}...`}
        empty={
          q
            ? `No ${target} match "${q}".`
            : gone === 'gone'
              ? `No ${target} are marked gone.`
              : `No ${target} stored yet: sync ${target} on Radiant Management.`
        }
        emptyIcon={<IconDatabase size={28} aria-hidden />}
        cardLabel={(row) => `${row.name} (${row.uid})`}
        minWidth={980}
        onRowClick={setOpened}
      />
      <RawAnswerDrawer target={target} row={opened} onClose={() => setOpened(null)} />
    </>
  );
}
