import type { App } from '@portal/contract';
import { Group, Text, Title, type GroupProps } from '@mantine/core';

/** Labels the app list, table or cards alike. */
export const APPS_TITLE_ID = 'apps-table-title';

/** "Apps" and how many there are, once they are loaded. */
export function AppsHeading({ apps, ...props }: { apps: readonly App[] | undefined } & GroupProps) {
  return (
    <Group justify="space-between" {...props}>
      <Title order={2} fz="lg" id={APPS_TITLE_ID}>
        Apps
      </Title>
      {apps && (
        <Text size="sm" c="dimmed">
          {apps.length === 1 ? '1 app' : `${apps.length} apps`}
        </Text>
      )}
    </Group>
  );
}
