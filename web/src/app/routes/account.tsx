import { isAdmin } from '@portal/contract';
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header.tsx';
import { AppsWhySection } from '@/features/account/components/apps-why-section.tsx';
import { ConnectedAppsSection } from '@/features/account/components/connected-apps-section.tsx';
import { EventsSection } from '@/features/account/components/events-section.tsx';
import { GroupsSection } from '@/features/account/components/groups-section.tsx';
import { SessionsSection } from '@/features/account/components/sessions-section.tsx';
import { useMe } from '@/features/me/api/get-me.ts';
import { PasskeysSection } from '@/features/passkeys/components/passkeys-section.tsx';
import { DiscordAccountSection, type LinkReturn } from '@/features/discord/components/discord-account-section.tsx';

/** What a Discord link's return said (`?discord=linked`, `?discord_error=…`), kept until dismissed. */
function useLinkReturn() {
  const [params] = useSearchParams();
  const [returned, setReturned] = useState<LinkReturn | null>(() => {
    const error = params.get('discord_error');
    return params.get('discord') === 'linked' || error ? { linked: params.get('discord') === 'linked', error } : null;
  });
  return { returned, dismiss: () => setReturned(null) };
}

/** /account: where the player is signed in, their passkeys, the apps that hold something for them, why each app is open, and what changed. */
export default function AccountRoute() {
  const link = useLinkReturn();
  const { data: user } = useMe();
  return (
    <Stack gap="lg" maw={1080}>
      <PageHeader
        title="Your account"
        description="Where you are signed in, your passkeys, the apps that keep tokens for you, why you may open each app, your groups, your Discord link, and what changed."
      />
      <SessionsSection />
      <PasskeysSection />
      <ConnectedAppsSection />
      <AppsWhySection admin={user ? isAdmin(user) : false} />
      <GroupsSection />
      <DiscordAccountSection returned={link.returned} onDismiss={link.dismiss} />
      <EventsSection />
    </Stack>
  );
}
