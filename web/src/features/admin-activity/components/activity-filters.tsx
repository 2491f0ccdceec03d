import { AUDIT_EVENT_LABELS, type AuditFilters } from '@portal/contract';
import { Select, SimpleGrid } from '@mantine/core';
import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import type { ReactNode } from 'react';
import { dateTimePickerProps } from '@/components/date-time-picker-props.ts';

const EVENTS = Object.entries(AUDIT_EVENT_LABELS)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label));

/** The picker's local 'YYYY-MM-DD HH:mm:ss' (the browser's time zone) ↔ the instant the API takes. */
const toInstant = (local: string | null) => (local ? new Date(local.replace(' ', 'T')).toISOString() : undefined);
function toLocal(instant: string | undefined): string | null {
  if (!instant) return null;
  const d = new Date(instant);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Both time pickers: the console's picker, named by the field ('Set From', 'Clear To'). */
const pickerProps = (field: string): Partial<DateTimePickerProps> => ({
  ...dateTimePickerProps(field, `activity-${field.toLowerCase()}`),
  placeholder: 'Any time',
});

interface ActivityFiltersProps {
  filters: AuditFilters;
  onChange: (patch: Partial<AuditFilters>) => void;
  /** The user, actor and app pickers (they search users and read the catalog). */
  pickers: ReactNode;
}

/** Time range, who, to whom, which app, which event, which outcome: each narrows the list at once. */
export function ActivityFilters({ filters, onChange, pickers }: ActivityFiltersProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      <DateTimePicker
        {...pickerProps('From')}
        label="From"
        description="Events at or after this time."
        value={toLocal(filters.from)}
        onChange={(value) => onChange({ from: toInstant(value) })}
      />
      <DateTimePicker
        {...pickerProps('To')}
        label="To"
        description="Events before this time."
        value={toLocal(filters.to)}
        onChange={(value) => onChange({ to: toInstant(value) })}
      />
      {pickers}
      <Select
        label="Event"
        description="One kind of event."
        placeholder="Any event"
        searchable
        clearable
        data={EVENTS}
        value={filters.event ?? null}
        onChange={(value) => onChange({ event: (value ?? undefined) as AuditFilters['event'] })}
      />
      <Select
        label="Outcome"
        description="Failures: refusals and what went wrong."
        placeholder="Any outcome"
        clearable
        data={[
          { value: 'success', label: 'Success' },
          { value: 'failure', label: 'Failure' },
        ]}
        value={filters.outcome ?? null}
        onChange={(value) => onChange({ outcome: (value ?? undefined) as AuditFilters['outcome'] })}
      />
    </SimpleGrid>
  );
}
