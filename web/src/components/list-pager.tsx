import { Group, Pagination, Text } from '@mantine/core';

const count = new Intl.NumberFormat();

/** 'first–last of total' of a paged list, for its heading's aside; 'None' while there is nothing. */
export function PageRange({ page, size, shown, total }: { page: number; size: number; shown: number; total: number }) {
  const first = total === 0 ? 0 : (page - 1) * size + 1;
  const last = Math.min(total, (page - 1) * size + shown);
  return (
    <Text size="sm" c="dimmed" aria-live="polite">
      {total === 0 ? 'None' : `${count.format(first)}–${count.format(last)} of ${count.format(total)}`}
    </Text>
  );
}

interface ListPagerProps {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  /** Names the pagination: 'Pages of users'. */
  label: string;
}

/** The page buttons under a list paged on the server; nothing when it fits one page. */
export function ListPager({ page, pages, onChange, label }: ListPagerProps) {
  if (pages <= 1) return null;
  return (
    <Group justify="center" px="lg" py="md">
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onChange}
        siblings={1}
        boundaries={1}
        size="sm"
        aria-label={label}
        getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
        getControlProps={(control) => ({
          'aria-label': { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' }[control],
        })}
      />
    </Group>
  );
}
