import { AUDIT_EVENT_LABELS, type AuditFilters } from '@portal/contract';
import { Select, SimpleGrid } from '@mantine/core';
import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import '@mantine/dates/styles.css';
import type { ReactNode } from 'react';

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

/** What both time pickers share: the format, and a name for every control of the calendar (icons alone otherwise). */
const pickerProps = (field: string): Partial<DateTimePickerProps> => ({
  // The calendar (a dialog) is named by the field that opened it: the popover's target id is the field's own.
  id: `activity-${field.toLowerCase()}`,
  popoverProps: { id: `activity-${field.toLowerCase()}` },
  // Other months' days are drawn too faint to read; they are left out.
  hideOutsideDates: true,
  // Weekends in Mantine's red read below 4.5:1 on navy, and nothing here depends on them.
  weekendDays: [],
  placeholder: 'Any time',
  valueFormat: 'D MMM YYYY, HH:mm',
  clearable: true,
  clearButtonProps: { 'aria-label': `Clear ${field}` },
  previousLabel: 'Previous month',
  nextLabel: 'Next month',
  submitButtonProps: { 'aria-label': `Set ${field}` },
  timePickerProps: { hoursInputLabel: 'Hours', minutesInputLabel: 'Minutes' },
  // The picker's placeholder is text of its own (not an input's ::placeholder): navy 2 reads at 4.5:1 on a field.
  styles: { placeholder: { color: 'var(--mantine-color-dark-2)' } },
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
