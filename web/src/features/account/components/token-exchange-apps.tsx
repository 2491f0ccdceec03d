import type { ConnectedApps } from '@portal/contract';
import { Anchor, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AppIcon } from '@/components/app-icon.tsx';
import { When } from './when.tsx';

/** The apps allowed to trade their token for your SWCombine token, and whether the automation token lets them. */
export function TokenExchangeApps({ exchange }: { exchange: ConnectedApps['token_exchange'] }) {
  if (exchange.apps.length === 0) return null;
  const on = exchange.automation_token_enabled;
  return (
    <Stack gap="xs">
      <Group gap="sm" justify="space-between">
        <Title order={3} fz="md">
          Apps that act on SWCombine for you
        </Title>
        <Badge variant="light" color={on ? 'teal' : 'gray'}>
          Automation token {on ? 'on' : 'off'}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {on
          ? 'While the SWC automation token is on (on your Profile), these apps may use your SWCombine permissions for you.'
          : 'These apps may use your SWCombine permissions for you once you switch the SWC automation token on (on your Profile).'}
      </Text>
      <Table.ScrollContainer minWidth={320} type="native">
        <Table verticalSpacing="xs" aria-label="Apps that act on SWCombine for you">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>App</Table.Th>
              <Table.Th style={{ whiteSpace: 'nowrap' }}>Last acted for you</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {exchange.apps.map((app) => (
              <Table.Tr key={app.key}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <AppIcon icon={app.icon} size={32} />
                    <Text size="sm" fw={500}>
                      {app.name}
                    </Text>
                  </Group>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <When iso={app.last_used_at} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Anchor component={Link} to="/swc/consents" fw={500} size="sm" w="fit-content">
        <Group gap={4} wrap="nowrap">
          The SWCombine permissions they use: SWC Consents
          <IconChevronRight size={16} aria-hidden />
        </Group>
      </Anchor>
    </Stack>
  );
}
