import { Stack } from '@mantine/core';
import { PageHeader } from '@/components/page-header.tsx';
import { ADMIN_PANEL } from '@/lib/admin-panel.ts';
import { useDiscordConnection } from '@/features/discord/api/connection.ts';
import { ConnectionCard } from '@/features/discord/components/connection-card.tsx';
import { ReconcileCard } from '@/features/discord/components/reconcile-card.tsx';
import { RoleRulesCard } from '@/features/discord/components/role-rules-card.tsx';

/** /admin/discord: the community's Discord server follows the game. */
export default function AdminDiscordRoute() {
  const connection = useDiscordConnection();
  return (
    <Stack gap="lg" maw={1080}>
      <PageHeader
        parent={ADMIN_PANEL}
        title="Discord"
        description="Linked players hold the Discord roles their groups and factions call for, and lose them when they leave."
      />
      <ConnectionCard />
      <RoleRulesCard connected={connection.data?.connected === true && connection.data.bot_token_set} />
      {connection.data?.connected && <ReconcileCard connection={connection.data} />}
    </Stack>
  );
}
