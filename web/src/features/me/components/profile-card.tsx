import type { CurrentUser } from '@portal/contract';
import { Avatar, Badge, Card, DataList, Group, Stack, Text, Title } from '@mantine/core';

/** A missing value shows as a dash. */
function orDash(value: string | null | undefined): string {
  return value && value.trim() ? value : '-';
}

export function ProfileCard({ user }: { user: CurrentUser }) {
  const fields: Array<[label: string, value: string | null]> = [
    ['Race', user.race],
    ['Faction', user.faction],
    ['Role', user.role],
    ['UID', user.uid],
    ['Email', user.email],
  ];
  // The Role line below names the role; the badges name only the other central roles, never that one again.
  const otherRoles = user.roles.filter((role) => role !== user.role);
  return (
    <Card>
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap">
          <Avatar src={user.image} alt={user.name} name={user.name} size={72} radius="xl" color="initials" />
          <Stack gap={4} miw={0}>
            <Title order={2} fz={{ base: 20, sm: 24 }} style={{ overflowWrap: 'anywhere' }}>
              {user.name}
            </Title>
            {otherRoles.length > 0 && (
              <Group gap={6} role="list" aria-label="Other roles">
                {otherRoles.map((role) => (
                  <Badge key={role} role="listitem" variant="light" size="sm">
                    {role}
                  </Badge>
                ))}
              </Group>
            )}
          </Stack>
        </Group>
        <DataList withDivider labelWidth={96} aria-label="Profile details">
          {fields.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel>
                <Text span c="dimmed" size="sm">
                  {label}
                </Text>
              </DataList.ItemLabel>
              <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>{orDash(value)}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList>
      </Stack>
    </Card>
  );
}
