import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { userPagePath } from '@/lib/admin-pages.ts';
import { NOT_SIGNED_IN, userLabel } from './user-select.tsx';

interface PlayerNameProps {
  player: { user_id: string; uid: string; name: string | null };
  /** The name links to the player's admin page (default); a manager, who may not open it, sees plain text. */
  linked?: boolean;
}

/** A player in a list: the name as a link to their page (or 'Not signed in yet'), the UID under it. */
export function PlayerName({ player, linked = true }: PlayerNameProps) {
  if (!linked) {
    return (
      <Stack gap={0} miw={0}>
        <Text size="sm" fw={600} fs={player.name ? undefined : 'italic'}>
          {player.name ?? NOT_SIGNED_IN}
        </Text>
        <Text ff="monospace" size="xs" c="dimmed">
          {player.uid}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap={0} miw={0}>
      <Anchor
        component={Link}
        to={userPagePath(player.user_id)}
        size="sm"
        fw={600}
        fs={player.name ? undefined : 'italic'}
        aria-label={player.name ? undefined : userLabel(player)}
      >
        {player.name ?? NOT_SIGNED_IN}
      </Anchor>
      <Text ff="monospace" size="xs" c="dimmed">
        {player.uid}
      </Text>
    </Stack>
  );
}
