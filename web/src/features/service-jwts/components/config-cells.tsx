import type { ServiceJwtConfig } from '@portal/contract';
import { Stack, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import { BreakableText } from '@/components/breakable-text.tsx';
import { everyHours } from './format.ts';

/** K8s Details: 'namespace/secret name' and 'Key: secret key'. */
export function K8sDetails({ config, wrap }: { config: ServiceJwtConfig; wrap: CSSProperties }) {
  return (
    <Stack gap={2}>
      <Text size="sm" ff="monospace" style={wrap}>
        <BreakableText>{`${config.k8s_namespace}/${config.k8s_secret_name}`}</BreakableText>
      </Text>
      <Text size="xs" c="dimmed" ff="monospace" style={wrap}>
        {`Key: ${config.k8s_secret_key}`}
      </Text>
    </Stack>
  );
}

/** Rotation: 'Enabled' or 'Disabled', and 'Every N h'. */
export function RotationSummary({ config }: { config: ServiceJwtConfig }) {
  return (
    <Stack gap={2}>
      <Text size="sm">{config.rotation_enabled ? 'Enabled' : 'Disabled'}</Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {everyHours(config.rotation_interval_minutes)}
      </Text>
    </Stack>
  );
}
