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
      // Outlined: Mantine's light yellow turns brown on navy; the yellow edge and title read as yellow.
      variant="outline"
      icon={<IconKey size={18} aria-hidden />}
      title="New client secret"
      // Clear of the sticky buttons below it when focused into view.
      style={{ outlineOffset: 2, scrollMarginBottom: 96 }}
      styles={{ root: { border: '2px solid var(--mantine-color-yellow-5)' }, title: { color: 'var(--mantine-color-yellow-4)' } }}
      c="yellow.4"
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
