import type { AccessDecisionView, AccessRulesPreview, PreviewMatch } from '@portal/contract';
import { Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { serverMessage } from '@/lib/api-error.ts';

const verdict = (d: AccessDecisionView) => `${d.allowed ? 'may open it' : 'may not open it'}: ${d.reason}`;

function MatchLine({ match }: { match: PreviewMatch }) {
  const who = match.name ? `${match.name} (${match.uid})` : match.uid;
  const changes = match.now.allowed !== match.then.allowed;
  return (
    <List.Item>
      <Text size="sm" fw={600} span>
        {who}
      </Text>{' '}
      <Text size="sm" span>
        {changes
          ? `With these rules ${verdict(match.then)} Now ${verdict(match.now)}`
          : `The same with these rules: ${verdict(match.then)}`}
      </Text>
    </List.Item>
  );
}

/**
 * "Will Mira get in?": one player asked about by name or UID, under the rules being previewed; the one access rule
 * answers, with its reason, now and with these rules.
 */
export function PlayerCheck({ check }: { check: (player: string) => Promise<AccessRulesPreview> }) {
  const [player, setPlayer] = useState('');
  const ask = useMutation({ mutationFn: check });
  const answer = ask.data?.player;
  const send = () => {
    if (player.trim()) ask.mutate(player.trim());
  };
  return (
    <Stack gap="xs">
      {/* Inside the rules' own form: no form of its own (a nested form's submit would reach Save), Enter asks here. */}
      <Group align="flex-end" gap="sm" role="search" aria-label="Check one player">
        <TextInput
          label="Will a player get in?"
          placeholder="Name or UID"
          value={player}
          onChange={(event) => setPlayer(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            send();
          }}
          error={ask.error ? serverMessage(ask.error, 'The player could not be checked.') : undefined}
          style={{ flex: '1 1 200px' }}
        />
        <Button type="button" variant="default" loading={ask.isPending} leftSection={<IconSearch size={16} aria-hidden />} onClick={send}>
          Check
        </Button>
      </Group>
      {answer && (
        <div>
          {answer.matches.length === 0 ? (
            <Text size="sm">No player matches “{answer.query}”: check the name or UID.</Text>
          ) : (
            <List spacing={4} aria-label={`Players matching ${answer.query}`}>
              {answer.matches.map((m) => (
                <MatchLine key={m.user_id} match={m} />
              ))}
            </List>
          )}
        </div>
      )}
    </Stack>
  );
}
