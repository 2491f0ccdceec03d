import { PORTAL_APP_KEY, type App } from '@portal/contract';
import { Button, Card, Group, Select, Stack } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { SectionHeading } from '@/components/section-heading.tsx';
import { ruleForGroupPath } from '@/lib/admin-pages.ts';

/**
 * "Give the group an app", from the group's page: the app's Access tab opens with a rule for the group added, where
 * its roles and scopes are set and the preview of who it admits comes before Save.
 */
export function GiveGroupAppCard({ group, apps }: { group: { id: string; name: string }; apps: readonly App[] }) {
  const navigate = useNavigate();
  const [appId, setAppId] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const choices = apps.filter((a) => a.key !== PORTAL_APP_KEY).map((a) => ({ value: a.id, label: `${a.name} (${a.key})` }));
  return (
    <Card component="section" aria-labelledby="give-app-title">
      <Stack gap="sm">
        <SectionHeading
          id="give-app-title"
          title="Give the group an app"
          description={`Add an access rule to an app: members of ${group.name} may open it. You set its roles and see who it admits before saving.`}
        />
        <Group align="flex-start" gap="sm">
          <Select
            label="App"
            placeholder={choices.length === 0 ? 'No app in the catalog yet' : 'Pick an app'}
            data={choices}
            value={appId}
            onChange={(value) => {
              setAppId(value);
              setMissing(false);
            }}
            searchable
            disabled={choices.length === 0}
            error={missing ? 'Pick the app the group should open.' : undefined}
            nothingFoundMessage="No app by that name"
            style={{ flex: '1 1 220px' }}
          />
          <Button
            mt={25}
            rightSection={<IconArrowRight size={16} aria-hidden />}
            onClick={() => (appId ? navigate(ruleForGroupPath(appId, group.id)) : setMissing(true))}
          >
            Add a rule
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
