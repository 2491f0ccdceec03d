import type { Group } from '@portal/contract';
import { Code, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { SectionCard } from '@/components/section-card.tsx';
import { SuccessNotice } from '@/components/success-notice.tsx';
import { useShowGroupToApps } from '../api/show-group-to-apps.ts';

const doneWords = (group: Group, shown: boolean) =>
  shown
    ? `Every app is now told when a player is in ${group.sent_as}.`
    : `Only the apps whose access rules name ${group.sent_as} are told of it now.`;

/**
 * Whether every app hears that a player is in the group (X-Auth-Request-Groups, the groups claim), or only the apps
 * whose access rules name it; saved as it is switched, the outcome under the switch.
 */
export function ShownToAppsCard({ group }: { group: Group }) {
  const show = useShowGroupToApps();
  const [done, setDone] = useState<string | null>(null);
  const checked = show.isPending ? show.variables.shown : group.shown_to_apps;
  return (
    <SectionCard
      title="What apps are told"
      description="Apps learn which groups a player is in from the X-Auth-Request-Groups header and the groups claim. An app is told of this group when its access rules name it."
    >
      <Switch
        // The label element also wraps the description, which aria-describedby already gives.
        aria-label="Show to every app"
        label="Show to every app"
        description="Every app is told when a player is in this group, whether or not its access rules name it. Turn it on for a group apps check themselves; each group shown adds to what every app receives, so leave it off otherwise."
        checked={checked}
        disabled={show.isPending}
        onChange={(event) => {
          const shown = event.currentTarget.checked;
          setDone(null);
          show.mutate({ id: group.id, shown }, { onSuccess: (answer) => setDone(doneWords(answer, shown)) });
        }}
      />
      {group.sent_as !== group.name && (
        <Text size="sm">
          Apps receive it as <Code>{group.sent_as}</Code>: a group an admin keeps has this faction’s name, so the faction travels with its
          UID.
        </Text>
      )}
      {show.isError && <ErrorAlert title="The setting could not be saved" error={show.error} onClose={() => show.reset()} />}
      {done && <SuccessNotice onClose={() => setDone(null)}>{done}</SuccessNotice>}
    </SectionCard>
  );
}
