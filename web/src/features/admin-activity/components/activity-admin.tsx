import type { AuditFilters } from '@portal/contract';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { exportUrl } from '../api/export-url.ts';
import { ActivityFilters } from './activity-filters.tsx';
import { ActivityList } from './activity-list.tsx';
import { ForwardingCard } from './forwarding-card.tsx';

/** Drops the filters that were cleared, so the query (and its cache key) names only what narrows. */
function merged(filters: AuditFilters, patch: Partial<AuditFilters>): AuditFilters {
  const next: Record<string, unknown> = { ...filters, ...patch };
  for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
  return next as AuditFilters;
}

interface ActivityAdminProps {
  /** The user, actor and app pickers, each reporting its choice as a filter. */
  pickers: (onChange: (patch: Partial<AuditFilters>) => void) => ReactNode;
}

/** Admin → Activity: every audit event, filtered, with its export and its forwarding to a webhook. */
export function ActivityAdmin({ pickers }: ActivityAdminProps) {
  const [filters, setFilters] = useState<AuditFilters>({});
  const change = (patch: Partial<AuditFilters>) => setFilters((current) => merged(current, patch));
  return (
    <Stack gap="lg">
      <Card component="section" aria-label="Filters">
        <Stack gap="md">
          <ActivityFilters filters={filters} onChange={change} pickers={pickers(change)} />
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              Export what the filters select, every matching event:
            </Text>
            <Group gap="sm">
              <Button
                component="a"
                href={exportUrl(filters, 'csv')}
                download
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
              >
                Export CSV
              </Button>
              <Button
                component="a"
                href={exportUrl(filters, 'ndjson')}
                download
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
              >
                Export NDJSON
              </Button>
            </Group>
          </Group>
        </Stack>
      </Card>
      <ActivityList filters={filters} />
      <ForwardingCard />
    </Stack>
  );
}
