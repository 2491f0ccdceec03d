import { Card, Center, DataList, Divider, Group, Loader, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId, type CSSProperties, type MouseEvent, type ReactNode } from 'react';
import { usePhoneLayout } from '@/lib/use-phone-layout.ts';
import { DataField } from './data-field.tsx';
import { ErrorAlert } from './error-alert.tsx';
import { ListEmpty } from './list-empty.tsx';

/** What the list needs of a TanStack query result (a result whose data is mapped to rows fits too). */
export interface ListQuery<T> {
  data: readonly T[] | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching?: boolean;
  /** An earlier page shown while the next loads: dimmed. */
  isPlaceholderData?: boolean;
  refetch: () => unknown;
}

export interface Column<T> {
  /** The column header, and the label of the value on a phone's card. */
  label: string;
  cell: (row: T) => ReactNode;
  /**
   * Where a phone's card shows the column: a labelled field (default), the card's title, a badge beside
   * the title, or the card's actions below a divider.
   */
  card?: 'field' | 'title' | 'badge' | 'actions';
  /** The cell as a card shows it, when it differs (full-width buttons instead of icons, say). */
  cardCell?: (row: T) => ReactNode;
  /** The header is read by screen readers only. */
  hideLabel?: boolean;
  align?: 'right';
  /** Keeps dates and badges on one line. */
  nowrap?: boolean;
  maw?: number;
}

interface QueryListProps<T> {
  query: ListQuery<T>;
  columns: readonly Column<T>[];
  rowKey: (row: T, index: number) => string;
  /** Names the table (or the phone's list); shown as the heading when `title` is set. */
  label: string;
  /** A visible heading above the list, with its description and an aside (a count, say). */
  title?: boolean;
  /** 3 when the list sits under a section that has its own h2. */
  headingOrder?: 2 | 3;
  description?: ReactNode;
  aside?: ReactNode;
  /** Between the heading and the rows (a search field); below the rows (paging). */
  toolbar?: ReactNode;
  footer?: ReactNode;
  /** Exact texts of the screen: when the rows could not be read, while they load, and when there are none. */
  errorTitle: string;
  loadingLabel?: string;
  empty: ReactNode;
  emptyTitle?: string;
  emptyIcon?: ReactNode;
  /** The accessible name of a row's card on a phone. */
  cardLabel: (row: T) => string;
  /** Below this width the table scrolls sideways inside its card, never the page. */
  minWidth?: number;
  /** 'plain' sits in a modal or a card of its own; 'card' (default) brings its own card. */
  variant?: 'card' | 'plain';
  isSelected?: (row: T) => boolean;
  onRowClick?: (row: T) => void;
}

const wrap: CSSProperties = { overflowWrap: 'anywhere' };
// In a table only a word too long for any line breaks, so columns size to their words rather than splitting them.
const cellWrap: CSSProperties = { overflowWrap: 'break-word' };

function Body<T>(props: QueryListProps<T> & { headingId: string | undefined; phone: boolean }) {
  const { query, errorTitle, loadingLabel = 'Loading...', empty, emptyTitle, emptyIcon } = props;
  if (query.isError && query.data === undefined) {
    return (
      <div style={{ padding: props.variant === 'plain' ? 0 : 'var(--mantine-spacing-md)' }}>
        <ErrorAlert title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  if (query.data === undefined) {
    return (
      <Center py="xl" role="status">
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Text c="dimmed" size="sm">
            {loadingLabel}
          </Text>
        </Group>
      </Center>
    );
  }
  if (query.data.length === 0) return <ListEmpty title={emptyTitle} description={empty} icon={emptyIcon} />;
  return props.phone ? <Cards {...props} rows={query.data} /> : <RowsTable {...props} rows={query.data} />;
}

/** A click on a control inside the row (its own button or link) is that control's, not the row's. */
function onRow<T>(onRowClick: ((row: T) => void) | undefined, row: T) {
  if (!onRowClick) return undefined;
  return (event: MouseEvent<HTMLElement>) => {
    const control = (event.target as Element).closest('button, a, input, select, textarea, [role="button"]');
    if (!control || !event.currentTarget.contains(control)) onRowClick(row);
  };
}

function naming(label: string, headingId: string | undefined) {
  return headingId ? { 'aria-labelledby': headingId } : { 'aria-label': label };
}

function RowsTable<T>({
  columns,
  rows,
  rowKey,
  label,
  headingId,
  minWidth = 0,
  query,
  isSelected,
  onRowClick,
}: QueryListProps<T> & { rows: readonly T[]; headingId: string | undefined }) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      {/* Hovered and selected rows darken (navy 7), so dimmed text keeps its 4.5:1 contrast. */}
      <Table
        verticalSpacing="sm"
        horizontalSpacing="md"
        highlightOnHover
        highlightOnHoverColor="dark.7"
        {...naming(label, headingId)}
        aria-busy={query.isFetching}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.label} ta={column.align} style={{ whiteSpace: 'nowrap' }}>
                {column.hideLabel ? <VisuallyHidden>{column.label}</VisuallyHidden> : column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
          {rows.map((row, index) => {
            const selected = isSelected?.(row) ?? false;
            return (
              <Table.Tr
                key={rowKey(row, index)}
                onClick={onRow(onRowClick, row)}
                bg={selected ? 'var(--mantine-color-dark-7)' : undefined}
                style={{
                  cursor: onRowClick ? 'pointer' : undefined,
                  boxShadow: selected ? 'inset 3px 0 0 var(--mantine-primary-color-filled)' : undefined,
                }}
              >
                {columns.map((column) => (
                  <Table.Td
                    key={column.label}
                    ta={column.align}
                    maw={column.maw}
                    style={column.nowrap ? { whiteSpace: 'nowrap' } : cellWrap}
                  >
                    {column.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Every column of a row as a card: title and badges on top, labelled fields, then the actions. */
function Cards<T>({
  columns,
  rows,
  rowKey,
  label,
  headingId,
  cardLabel,
  query,
  isSelected,
  onRowClick,
}: QueryListProps<T> & { rows: readonly T[]; headingId: string | undefined }) {
  const show = (column: Column<T>, row: T) => (column.cardCell ?? column.cell)(row);
  const titles = columns.filter((c) => c.card === 'title');
  const badges = columns.filter((c) => c.card === 'badge');
  const fields = columns.filter((c) => (c.card ?? 'field') === 'field');
  const actions = columns.filter((c) => c.card === 'actions');
  return (
    <Stack
      gap="sm"
      role="list"
      {...naming(label, headingId)}
      aria-busy={query.isFetching}
      style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
    >
      {rows.map((row, index) => (
        <Card
          key={rowKey(row, index)}
          role="listitem"
          aria-label={cardLabel(row)}
          padding="md"
          withBorder
          // The whole card opens the row, as the whole row does in the table; its title stays the keyboard's way in.
          onClick={onRow(onRowClick, row)}
          style={{
            cursor: onRowClick ? 'pointer' : undefined,
            borderColor: isSelected?.(row) ? 'var(--mantine-primary-color-filled)' : undefined,
          }}
        >
          <Stack gap="sm">
            {(titles.length > 0 || badges.length > 0) && (
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                <Stack gap={2} miw={0} style={wrap}>
                  {titles.map((column) => (
                    <div key={column.label}>{show(column, row)}</div>
                  ))}
                </Stack>
                <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
                  {badges.map((column) => (
                    <div key={column.label}>{show(column, row)}</div>
                  ))}
                </Group>
              </Group>
            )}
            {fields.length > 0 && (
              <DataList labelWidth={104} size="sm">
                {fields.map((column) => (
                  <DataField key={column.label} label={column.label}>
                    {show(column, row)}
                  </DataField>
                ))}
              </DataList>
            )}
            {actions.length > 0 && <Divider />}
            {actions.map((column) => (
              <div key={column.label}>{show(column, row)}</div>
            ))}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/**
 * The one list of the app, over a TanStack query: the error with Try again, the loading state, the empty
 * text, then the rows — a table on wide screens, one card per row with every column on a phone.
 */
export function QueryList<T>(props: QueryListProps<T>) {
  const phone = usePhoneLayout();
  const id = useId();
  const { title, headingOrder = 2, label, description, aside, toolbar, footer, variant = 'card' } = props;
  const headingId = title ? id : undefined;
  const heading = title && (
    <Group justify="space-between" align="flex-end" gap="xs" wrap="wrap">
      <Stack gap={2}>
        <Title order={headingOrder} fz={headingOrder === 2 ? 'lg' : 'md'} id={id}>
          {label}
        </Title>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </Stack>
      {aside}
    </Group>
  );
  const body = <Body {...props} headingId={headingId} phone={phone} />;

  // A phone's cards stand on their own; a table sits in one card with its heading.
  if (phone || variant === 'plain') {
    return (
      <Stack component={title ? 'section' : undefined} aria-labelledby={headingId} gap="sm">
        {heading}
        {toolbar}
        {phone && variant === 'card' && !(props.query.data && props.query.data.length > 0) ? <Card p={0}>{body}</Card> : body}
        {footer}
      </Stack>
    );
  }
  return (
    <Card component={title ? 'section' : undefined} aria-labelledby={headingId} padding={0}>
      {(heading || toolbar) && (
        <Stack gap="sm" px="lg" pt="lg" pb="sm">
          {heading}
          {toolbar}
        </Stack>
      )}
      {body}
      {footer}
    </Card>
  );
}
