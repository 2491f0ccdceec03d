import type { ServiceJwtConfig } from '@portal/contract';
import { Stack, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import { BreakableText } from '@/components/breakable-text.tsx';
import { everyHours } from './format.ts';

/** A name this long or shorter fits a column whole: it never breaks, even where a longer one could. */
const SHORT_NAME = 20;

/** A machine name: whole when short ('billing-worker'), else breakable after its separators so a long one wraps at its parts. */
export function MachineName({ value }: { value: string }) {
  return value.length <= SHORT_NAME ? <span style={{ whiteSpace: 'nowrap' }}>{value}</span> : <BreakableText>{value}</BreakableText>;
}

/** K8s Details: 'namespace/secret name' and 'Key: secret key'. */
export function K8sDetails({ config, wrap }: { config: ServiceJwtConfig; wrap: CSSProperties }) {
  return (
    <Stack gap={2}>
      <Text size="sm" ff="monospace" style={wrap}>
        {/* Between namespace and secret name first: each part stays whole when short. */}
        <MachineName value={`${config.k8s_namespace}/`} />
        <wbr />
        <MachineName value={config.k8s_secret_name} />
      </Text>
      <Text size="xs" c="dimmed" ff="monospace" style={wrap}>
        <MachineName value={`Key: ${config.k8s_secret_key}`} />
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
