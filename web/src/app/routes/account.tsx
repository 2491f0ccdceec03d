import { Stack } from '@mantine/core';
import { PageHeader } from '@/components/page-header.tsx';
import { AppsWhySection } from '@/features/account/components/apps-why-section.tsx';
import { ConnectedAppsSection } from '@/features/account/components/connected-apps-section.tsx';
import { EventsSection } from '@/features/account/components/events-section.tsx';
import { SessionsSection } from '@/features/account/components/sessions-section.tsx';
import { PasskeysSection } from '@/features/passkeys/components/passkeys-section.tsx';

/** /account: where the player is signed in, their passkeys, the apps that hold something for them, why each app is open, and what changed. */
export default function AccountRoute() {
  return (
    <Stack gap="lg" maw={1080}>
      <PageHeader
        title="Your account"
        description="Where you are signed in, your passkeys, the apps that keep tokens for you, why you may open each app, and what changed."
      />
      <SessionsSection />
      <PasskeysSection />
      <ConnectedAppsSection />
      <AppsWhySection />
      <EventsSection />
    </Stack>
  );
}
