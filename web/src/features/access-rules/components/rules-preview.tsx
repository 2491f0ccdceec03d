import { formatCount, previewSentence, type AccessRulesPreview } from '@portal/contract';
import { Alert, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PlayerCheck } from './player-check.tsx';

type Side = AccessRulesPreview['added'];

/** 'Mira Solan, Dax Orrel, 1:100003 (not named yet) and 1,990 more' */
function names(side: Side): string {
  const shown = side.sample.map((p) => p.name ?? `${p.uid} (not named yet)`).join(', ');
  const more = side.count - side.sample.length;
  return more > 0 ? `${shown} and ${formatCount(more)} more` : shown;
}

/**
 * Who the rules as they stand in the form would admit and stop admitting, said before Save, and a way to ask about one
 * player (`check`); `children` is Save.
 */
export function RulesPreview({
  preview,
  check,
  children,
}: {
  preview: AccessRulesPreview;
  check: (player: string) => Promise<AccessRulesPreview>;
  children: ReactNode;
}) {
  const { added, removed } = preview;
  return (
    <Alert color="blue" variant="light" icon={<IconUsers size={18} aria-hidden />} title={previewSentence(preview)} role="status">
      <Stack gap="sm">
        {added.count > 0 && (
          <Text size="sm">
            <Text span fw={600} size="sm">
              Admitted:{' '}
            </Text>
            {names(added)}
          </Text>
        )}
        {removed.count > 0 && (
          <Text size="sm">
            <Text span fw={600} size="sm">
              No longer admitted:{' '}
            </Text>
            {names(removed)}
          </Text>
        )}
        <PlayerCheck check={check} />
        {children}
      </Stack>
    </Alert>
  );
}
