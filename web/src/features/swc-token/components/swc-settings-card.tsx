import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AutomationTokenCheckbox } from './automation-token-checkbox.tsx';

export function SwcSettingsCard() {
  return (
    <Card>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg">
            SWCombine
          </Title>
          <Text c="dimmed" size="sm">
            What the platform may do with your SWCombine account.
          </Text>
        </Stack>
        <AutomationTokenCheckbox />
        <Anchor component={Link} to="/swc/consents" fw={500} w="fit-content">
          <Group gap={4} wrap="nowrap">
            Manage SWC consents
            <IconChevronRight size={16} aria-hidden />
          </Group>
        </Anchor>
      </Stack>
    </Card>
  );
}
