import { Alert, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { CopyValue } from './copy-value.tsx';

/**
 * A secret just made, shown this once: focused when it appears, so it is in view (and read out) even
 * when the button pressed was far down a phone's screen.
 */
export function FreshSecret({ secret, appName }: { secret: string; appName: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [secret]);
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      role="status"
      color="yellow"
      variant="light"
      icon={<IconKey size={18} aria-hidden />}
      title="New client secret"
      style={{ outlineOffset: 2 }}
    >
      <Stack gap="xs">
        <CopyValue value={secret} what="client secret" opaque />
        <Text size="sm" fw={600}>
          Copy it now: it will not be shown again. The portal keeps only its hash.
        </Text>
        <Text size="sm">Paste it into {appName}&apos;s OpenID Connect settings as the client secret.</Text>
      </Stack>
    </Alert>
  );
}
