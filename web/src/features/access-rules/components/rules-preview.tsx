import { previewSentence, type AccessRulesPreview } from '@portal/contract';
import { Alert, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type Side = AccessRulesPreview['added'];

/** 'Mira Solan, Dax Orrel (1:100003) and 12 more' */
function names(side: Side): string {
  const shown = side.sample.map((p) => p.name ?? p.uid).join(', ');
  const more = side.count - side.sample.length;
  return more > 0 ? `${shown} and ${more} more` : shown;
}

/** Who the rules as they stand in the form would admit and stop admitting, said before Save; `children` is Save. */
export function RulesPreview({ preview, children }: { preview: AccessRulesPreview; children: ReactNode }) {
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
        {children}
      </Stack>
    </Alert>
  );
}
