import { Accordion, Badge, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { SectionCard } from '@/components/section-card.tsx';
import { CentralGrantsPanel } from './central-grants-panel.tsx';

interface UserCentralGrantsProps {
  userId: string;
  /** The catalog, the portal included (the central role admin there makes a portal admin). */
  apps: readonly { id: string; key: string; name: string }[];
}

/**
 * The user page's Roles & consents tab: per app, the user's central consent scopes and roles with their
 * grant forms. Each app's are read when its section is opened.
 */
export function UserCentralGrants({ userId, apps }: UserCentralGrantsProps) {
  const [open, setOpen] = useState<string[]>([]);
  return (
    <SectionCard
      title="Roles & consents"
      description="Per app, the central roles the user holds in it and the consent scopes it may request for them. Open an app to see and change them."
    >
      <Accordion multiple value={open} onChange={setOpen} variant="separated" chevronPosition="left">
        {apps.map((app) => (
          <Accordion.Item key={app.id} value={app.id}>
            <Accordion.Control>
              <Group gap="xs" wrap="wrap">
                <Text fw={600} size="sm">
                  {app.name}
                </Text>
                <Badge variant="outline" color="gray" tt="none" size="sm" style={{ flexShrink: 0 }}>
                  {app.key}
                </Badge>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>{open.includes(app.id) && <CentralGrantsPanel userId={userId} appId={app.id} />}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </SectionCard>
  );
}
