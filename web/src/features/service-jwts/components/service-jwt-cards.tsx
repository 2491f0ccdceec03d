import { rotationStatus, type ServiceJwtConfig } from '@portal/contract';
import { Card, DataList, Divider, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { everyHours, localDateTime } from './format.ts';
import { RotationStatusBadge } from './rotation-status-badge.tsx';
import { RowActions, type RowAction } from './row-actions.tsx';
import { useNow } from './use-now.ts';

interface ServiceJwtCardsProps {
  configs: ServiceJwtConfig[];
  busy: boolean;
  onAction: (action: RowAction, config: ServiceJwtConfig) => void;
}

const wrap = { overflowWrap: 'anywhere' } as const;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>
        <Text span c="dimmed" size="sm">
          {label}
        </Text>
      </DataList.ItemLabel>
      <DataList.ItemValue style={wrap}>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

/** The same columns as the table, stacked one card per configuration for phone-sized screens. */
export function ServiceJwtCards({ configs, busy, onAction }: ServiceJwtCardsProps) {
  const now = useNow();
  return (
    <Stack gap="md" role="list" aria-label="JWT configurations">
      {configs.map((config) => (
        <Card key={config.id} role="listitem" aria-label={config.service_name} padding="md">
          <Stack gap="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
              <Text fw={600} style={wrap}>
                {config.service_name}
              </Text>
              <RotationStatusBadge status={rotationStatus(config, now)} />
            </Group>
            <DataList labelWidth={104} size="sm">
              <Field label="Audience">{config.audience}</Field>
              <Field label="Subject">{config.subject}</Field>
              <Field label="K8s Details">
                <Text size="sm" ff="monospace" style={wrap}>
                  {`${config.k8s_namespace}/${config.k8s_secret_name}`}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace" style={wrap}>
                  {`Key: ${config.k8s_secret_key}`}
                </Text>
              </Field>
              <Field label="Rotation">
                <Text size="sm">{config.rotation_enabled ? 'Enabled' : 'Disabled'}</Text>
                <Text size="xs" c="dimmed">
                  {everyHours(config.rotation_interval_minutes)}
                </Text>
              </Field>
              <Field label="Last Rotated">{localDateTime(config.last_rotated_at)}</Field>
            </DataList>
            <Divider />
            <RowActions variant="buttons" busy={busy} onAction={(action) => onAction(action, config)} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
