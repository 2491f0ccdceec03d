import type { Group } from '@portal/contract';
import { Alert, Stack, Text } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { GroupMembers } from './group-members.tsx';
import { GAME_KEEPS } from './group-words.ts';
import { RosterStatus } from './roster-status.tsx';
import { ShownToAppsCard } from './shown-to-apps-card.tsx';

/** A faction's page: read-only members, how its roster is read, and what apps are told. */
export function FactionGroup({ group }: { group: Group }) {
  return (
    <>
      <Alert color="blue" variant="light" icon={<IconWorld size={18} aria-hidden />} title="Kept by the game">
        <Stack gap="xs">
          <Text size="sm">{GAME_KEEPS} No one can add or remove its members here.</Text>
          {group.roster && (
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                Its member list
              </Text>
              <RosterStatus roster={group.roster} onTint />
            </Stack>
          )}
        </Stack>
      </Alert>
      <GroupMembers scope="admin" group={group} />
      <ShownToAppsCard group={group} />
    </>
  );
}
