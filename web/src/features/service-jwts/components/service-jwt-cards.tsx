import { rotationStatus, type ServiceJwtConfig } from '@portal/contract';
import { Card, DataList, Divider, Group, Stack, Text } from '@mantine/core';
import { K8sDetails, RotationSummary } from './config-cells.tsx';
import { localDateTime } from './format.ts';
import { RotationStatusBadge } from './rotation-status-badge.tsx';
import { RowActions, type RowAction } from './row-actions.tsx';
import { useNow } from './use-now.ts';
import { DataField } from '@/components/data-field.tsx';

const wrap = { overflowWrap: 'anywhere' } as const;

interface ServiceJwtCardsProps {
  configs: ServiceJwtConfig[];
  busy: boolean;
  onAction: (action: RowAction, config: ServiceJwtConfig) => void;
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
              <DataField label="Audience">{config.audience}</DataField>
              <DataField label="Subject">{config.subject}</DataField>
              <DataField label="K8s Details">
                <K8sDetails config={config} wrap={wrap} />
              </DataField>
              <DataField label="Rotation">
                <RotationSummary config={config} />
              </DataField>
              <DataField label="Last Rotated">{localDateTime(config.last_rotated_at)}</DataField>
            </DataList>
            <Divider />
            <RowActions variant="buttons" busy={busy} onAction={(action) => onAction(action, config)} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
