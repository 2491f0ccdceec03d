import { Center, Loader, Stack, Text } from '@mantine/core';

interface CenteredLoaderProps {
  label?: string;
  /** Fill the whole viewport (before any layout exists) instead of the content area. */
  fullScreen?: boolean;
}

export function CenteredLoader({ label = 'Loading...', fullScreen = false }: CenteredLoaderProps) {
  return (
    <Center mih={fullScreen ? '100dvh' : 240} p="md">
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader size="md" aria-hidden />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
