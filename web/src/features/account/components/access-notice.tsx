import { Alert, Anchor, List, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { queryKeys } from '@/lib/query-keys.ts';
import { useMarkNoticesSeen, useNotices } from '../api/notices.ts';

/**
 * The dashboard tells the player, the first time they come after it, of a change that gave or ended
 * their access ("Your access to Fleet Ops ended: you left Galactic Weapon Systems"). Shown, it counts as
 * seen: it stays until dismissed or the page is loaded again, and What changed on Your account keeps it.
 */
export function AccessNotice() {
  const notices = useNotices();
  const queryClient = useQueryClient();
  const { mutate: markSeen } = useMarkNoticesSeen();
  const newest = notices.data?.[0]?.at;
  useEffect(() => {
    if (newest) markSeen(newest);
  }, [newest, markSeen]);

  const shown = notices.data ?? [];
  if (shown.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconInfoCircle size={18} aria-hidden />}
      title={shown.length === 1 ? 'Your access changed' : `Your access changed ${shown.length} times`}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => queryClient.setQueryData(queryKeys.account.notices, [])}
      role="status"
    >
      <Stack gap="xs">
        {shown.length === 1 ? (
          <Text size="sm">{`${shown[0]!.sentence}.`}</Text>
        ) : (
          <List size="sm" spacing={2}>
            {shown.map((n) => (
              <List.Item key={`${n.at}-${n.event}`}>{`${n.sentence}.`}</List.Item>
            ))}
          </List>
        )}
        <Anchor component={Link} to="/account" size="sm" fw={500} w="fit-content">
          See what changed on Your account
        </Anchor>
      </Stack>
    </Alert>
  );
}
