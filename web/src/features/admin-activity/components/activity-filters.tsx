import { AUDIT_EVENT_LABELS, type AuditFilters } from '@portal/contract';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';

const EVENTS = Object.entries(AUDIT_EVENT_LABELS)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label));

/** `datetime-local` input ↔ the instant the API takes (the browser's time zone). */
const toInstant = (local: string) => (local ? new Date(local).toISOString() : undefined);
function toLocal(instant: string | undefined): string {
  if (!instant) return '';
  const d = new Date(instant);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

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
      <TextInput
        type="datetime-local"
        label="From"
        description="Events at or after this time."
        value={toLocal(filters.from)}
        onChange={(e) => onChange({ from: toInstant(e.currentTarget.value) })}
      />
      <TextInput
        type="datetime-local"
        label="To"
        description="Events before this time."
        value={toLocal(filters.to)}
        onChange={(e) => onChange({ to: toInstant(e.currentTarget.value) })}
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
