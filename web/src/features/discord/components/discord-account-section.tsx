import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconBrandDiscord, IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { useState } from 'react';
import { ActionFeedback, useFeedback } from '@/components/action-feedback.tsx';
import { CenteredLoader } from '@/components/centered-loader.tsx';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { SectionCard } from '@/components/section-card.tsx';
import { serverMessage } from '@/lib/api-error.ts';
import { linkDiscordUrl, useMyDiscord, useUnlinkMyDiscord } from '../api/links.ts';

/** What the link's return to Your account said: `?discord=linked` or `?discord_error=<sentence>`. */
export interface LinkReturn {
  linked: boolean;
  error: string | null;
}

/** Your account → Discord: Link Discord, or the linked account with Unlink; a link's outcome in a sentence. */
export function DiscordAccountSection({ returned, onDismiss }: { returned: LinkReturn | null; onDismiss: () => void }) {
  const link = useMyDiscord();
  const unlink = useUnlinkMyDiscord();
  const outcome = useFeedback();
  const [asking, setAsking] = useState(false);
  return (
    <SectionCard
      title="Discord"
      description="Link your Discord account: the community’s server then gives you the roles your groups and faction call for, and your character’s name."
    >
      <div id="discord" />
      {returned?.linked && (
        <Alert
          color="green"
          variant="light"
          icon={<IconCircleCheck size={18} aria-hidden />}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={onDismiss}
        >
          Discord linked: your roles follow your groups from now on.
        </Alert>
      )}
      {returned?.error && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          role="alert"
          title="Discord was not linked"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={onDismiss}
        >
          {returned.error}
        </Alert>
      )}
      <ActionFeedback feedback={outcome.feedback} onClose={outcome.clear} />
      {link.isPending ? (
        <CenteredLoader label="Loading your Discord link..." />
      ) : link.isError ? (
        <ErrorAlert title="Failed to load your Discord link." error={link.error} onRetry={() => void link.refetch()} />
      ) : link.data.linked ? (
        <Group justify="space-between" gap="sm">
          <Text size="sm">
            Linked to the Discord account <strong>{link.data.username}</strong>.
          </Text>
          <Button variant="light" color="red" leftSection={<IconLinkOff size={16} aria-hidden />} onClick={() => setAsking(true)}>
            Unlink
          </Button>
        </Group>
      ) : (
        <Group justify="space-between" gap="sm">
          <Text size="sm">No Discord account is linked.</Text>
          <Button component="a" href={linkDiscordUrl()} leftSection={<IconBrandDiscord size={16} aria-hidden />}>
            Link Discord
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={asking}
        title="Unlink Discord?"
        confirmLabel="Unlink"
        busyLabel="Unlinking..."
        color="red"
        busy={unlink.isPending}
        error={unlink.isError ? serverMessage(unlink.error, 'Unlink failed') : null}
        onConfirm={() =>
          unlink.mutate(undefined, {
            onSuccess: () => {
              setAsking(false);
              outcome.succeed('Discord unlinked: the roles the portal gave you are taken away.');
            },
          })
        }
        onClose={() => setAsking(false)}
      >
        The roles the portal gave you on the community’s Discord server are taken away, and the portal forgets your Discord account.
      </ConfirmDialog>
    </SectionCard>
  );
}
