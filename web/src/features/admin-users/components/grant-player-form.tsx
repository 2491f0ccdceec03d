import { Button, Group, Stack } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { FormErrorSummary, useErrorSummary } from '@/components/form-error-summary.tsx';
import { UserSelect, userLabel, type UserOption } from '@/components/user-select.tsx';
import { useGrantAccess } from '../api/grant-access.ts';
import { useUserSearch } from '../api/list-users.ts';

const LABELS = { player: 'Player' } as const;

interface GrantPlayerFormProps {
  app: { key: string; name: string };
  onGranted: (text: string) => void;
}

/** Gives one more player access to the app: any user, searched on the server. */
export function GrantPlayerForm({ app, onGranted }: GrantPlayerFormProps) {
  const users = useUserSearch();
  const grant = useGrantAccess();
  const [player, setPlayer] = useState<UserOption | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const refusal = useErrorSummary(LABELS);
  const errors = { player: problem };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (grant.isPending) return;
        if (!player) {
          const refused = { player: 'Pick the player to give access to.' };
          setProblem(refused.player);
          refusal.refused(refused, null, event);
          return;
        }
        refusal.passed();
        grant.mutate(
          { userId: player.id, appKey: app.key },
          {
            onSuccess: () => {
              onGranted(`Access granted to ${userLabel(player)} on ${app.name}.`);
              setPlayer(null);
            },
          },
        );
      }}
    >
      <Stack gap="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <div style={{ flex: '1 1 260px', minWidth: 0 }}>
            <UserSelect
              label={LABELS.player}
              path="player"
              users={users.users}
              value={player}
              onChange={(picked) => {
                setPlayer(picked);
                setProblem(null);
                grant.reset();
              }}
              onSearchChange={users.setSearch}
              searching={users.searching}
              error={problem ?? (users.isError ? 'Failed to load users.' : undefined)}
            />
          </div>
          <Button type="submit" loading={grant.isPending} leftSection={<IconCheck size={16} aria-hidden />} color="teal">
            Give access
          </Button>
        </Group>
        {grant.error && <ErrorAlert title="Update failed." error={grant.error} onClose={() => grant.reset()} focusOnShow />}
        <FormErrorSummary {...refusal.summary(errors)} />
      </Stack>
    </form>
  );
}
