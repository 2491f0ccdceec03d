import { Button, Group, Text } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useState } from 'react';
import { CenteredLoader } from '@/components/centered-loader.tsx';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { SectionCard } from '@/components/section-card.tsx';
import { serverMessage } from '@/lib/api-error.ts';
import { useUnlinkUserDiscord, useUserDiscord } from '../api/links.ts';

/** A user's page: their Discord link, and Unlink. */
export function UserDiscordCard({ userId, name }: { userId: string; name: string }) {
  const link = useUserDiscord(userId);
  const unlink = useUnlinkUserDiscord(userId);
  const [asking, setAsking] = useState(false);
  return (
    <SectionCard
      title="Discord"
      description="The Discord account the player linked; the community’s server gives it the roles their groups call for."
    >
      {link.isPending ? (
        <CenteredLoader label="Loading the Discord link..." />
      ) : link.isError ? (
        <ErrorAlert title="Failed to load the Discord link." error={link.error} onRetry={() => void link.refetch()} />
      ) : link.data.linked ? (
        <Group justify="space-between" gap="sm">
          <Text size="sm">
            Linked to <strong>{link.data.username}</strong> (Discord id {link.data.id}).
          </Text>
          <Button variant="light" color="red" leftSection={<IconLinkOff size={16} aria-hidden />} onClick={() => setAsking(true)}>
            Unlink
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          No Discord account is linked.
        </Text>
      )}
      <ConfirmDialog
        opened={asking}
        title={`Unlink ${name}’s Discord?`}
        confirmLabel="Unlink"
        busyLabel="Unlinking..."
        color="red"
        busy={unlink.isPending}
        error={unlink.isError ? serverMessage(unlink.error, 'Unlink failed') : null}
        onConfirm={() => unlink.mutate(undefined, { onSuccess: () => setAsking(false) })}
        onClose={() => setAsking(false)}
      >
        The managed roles are taken from their Discord account (or they are removed from the server, if so set), their Discord token is
        revoked, and the link is forgotten.
      </ConfirmDialog>
    </SectionCard>
  );
}
