import { Badge, Button, Card, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { PlayerName } from '@/components/player-name.tsx';
import { SectionHeading } from '@/components/section-heading.tsx';
import { serverMessage } from '@/lib/api-error.ts';
import { useCheckPlayer } from '../api/check-player.ts';

/**
 * "Check a player" (authentik's Check access): pick a player by name or UID and read whether they may open the app,
 * and why; the one access rule decides, as at sign-in.
 */
export function CheckPlayerCard({ app }: { app: { id: string; name: string } }) {
  const [player, setPlayer] = useState('');
  const check = useCheckPlayer();
  const answer = check.data;
  return (
    <Card component="section" aria-labelledby="check-player-title">
      <Stack gap="sm">
        <SectionHeading
          id="check-player-title"
          title="Check a player"
          description={`Whether a player may open ${app.name} now, and why: the same decision as at sign-in.`}
        />
        <form
          aria-label="Check a player"
          onSubmit={(event) => {
            event.preventDefault();
            if (player.trim()) check.mutate({ appId: app.id, player: player.trim() });
          }}
        >
          <Group align="flex-start" gap="sm">
            <TextInput
              label="Player"
              placeholder="Name or UID"
              value={player}
              onChange={(event) => setPlayer(event.currentTarget.value)}
              error={check.error ? serverMessage(check.error, 'The player could not be checked.') : undefined}
              style={{ flex: '1 1 200px' }}
            />
            <Button type="submit" mt={25} loading={check.isPending} leftSection={<IconSearch size={16} aria-hidden />}>
              Check
            </Button>
          </Group>
        </form>
        <div role="status" aria-live="polite">
          {answer &&
            (answer.matches.length === 0 ? (
              <Text size="sm">No player matches “{answer.query}”: check the name or UID.</Text>
            ) : (
              <List spacing="xs" listStyleType="none" aria-label={`Players matching ${answer.query}`}>
                {answer.matches.map((m) => (
                  <List.Item key={m.user_id}>
                    <Group gap="sm" wrap="wrap" align="flex-start">
                      <PlayerName player={m} />
                      <Badge color={m.decision.allowed ? 'green' : 'red'} variant="light">
                        {m.decision.allowed ? 'May open it' : 'May not open it'}
                      </Badge>
                    </Group>
                    <Text size="sm">{m.decision.reason}</Text>
                  </List.Item>
                ))}
              </List>
            ))}
        </div>
      </Stack>
    </Card>
  );
}
